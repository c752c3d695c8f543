import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  name: string;
  /** Does what fell due; answers what it did, logged when it did anything. */
  run(): Promise<Record<string, number>>;
}

/**
 * Runs `work` once the app is ready and then `intervalMs` after each run has ended; `stop` ends the repetition and
 * waits for a run under way. Off when `intervalMs` is 0.
 */
export function repeatEvery(app: FastifyInstance, intervalMs: number, work: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    running = work().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };

  if (intervalMs > 0) app.addHook('onReady', async () => tick());

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Runs the due work (subscription transitions, payment notifications, renewals) once the app is ready and then every
 * `intervalMs`. Safe with several processes on one PostgreSQL: each job claims its rows with SKIP LOCKED, so a row is
 * moved by one of them. Off when `intervalMs` is 0 (tests run the jobs themselves).
 */
export function startScheduler(
  app: FastifyInstance,
  jobs: ScheduledJob[],
  intervalMs: number,
  /** Told of each run's end, for the metrics. */
  ran: (job: string, ok: boolean) => void = () => {},
) {
  return repeatEvery(app, intervalMs, async () => {
    for (const job of jobs) {
      try {
        const done = await job.run();
        ran(job.name, true);
        if (Object.values(done).some((count) => count > 0)) app.log.info(done, `scheduler: ${job.name}`);
      } catch (error) {
        ran(job.name, false);
        app.log.error({ err: error }, `scheduler: ${job.name} failed; it will try again`);
      }
    }
  });
}
