/**
 * The limits of the query layer (spec 000 section 9): at most 6 requests of the API in flight at once; the ones
 * waiting start in batches of 3, so a page that asks for twenty things at once does not starve the first paint.
 */
export const MAX_CONCURRENT_REQUESTS = 6;
export const REQUEST_BATCH_SIZE = 3;

export class RequestQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private draining = false;

  constructor(
    private readonly maxConcurrent = MAX_CONCURRENT_REQUESTS,
    private readonly batchSize = REQUEST_BATCH_SIZE,
  ) {}

  /** How many run and how many wait now (for tests and the developer pages). */
  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a place is free; its promise settles as the task's does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxConcurrent || this.waiting.length > 0) {
      await new Promise<void>((start) => {
        this.waiting.push(start);
        this.scheduleDrain();
      });
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.scheduleDrain();
    }
  }

  /**
   * Starts the waiting requests a batch at a time: once at least a batch's worth of places is free, or when nothing
   * runs (the last, smaller batch). Places are taken before the tasks resume, so no request slips past the cap.
   */
  private scheduleDrain(): void {
    if (this.draining) return;
    this.draining = true;
    queueMicrotask(() => {
      this.draining = false;
      while (this.waiting.length > 0) {
        const free = this.maxConcurrent - this.running;
        if (free < Math.min(this.batchSize, this.waiting.length) && this.running > 0) return;
        const batch = this.waiting.splice(0, Math.min(this.batchSize, free));
        if (batch.length === 0) return;
        this.running += batch.length;
        for (const start of batch) start();
      }
    });
  }
}

/** The one queue every API call of the app goes through. */
export const apiQueue = new RequestQueue();
