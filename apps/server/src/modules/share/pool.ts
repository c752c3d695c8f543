import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../lib/errors.ts';

/**
 * The code of a drawing thread: it turns an SVG into a PNG with resvg and the font files it is given. It is plain
 * JavaScript run from a string, so the same code runs from the sources, in tests and in the bundled server.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Resvg } = require(workerData.resvg);
parentPort.on('message', ({ id, svg, width, fontFiles, defaultFontFamily }) => {
  try {
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'width', value: width },
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily },
    });
    const png = resvg.render().asPng();
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

export interface DrawingJob {
  svg: string;
  width: number;
  fontFiles: string[];
  defaultFontFamily: string;
}

export interface DrawingPoolOptions {
  /** Drawing threads; at most one per core, and by default one core is left to answering requests. */
  threads?: number;
  /** Drawings that may wait for a thread; past it, new ones are refused with 503 and Retry-After. */
  queueMax?: number;
}

interface Waiting {
  id: number;
  job: DrawingJob;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

/** Seconds a client is asked to wait when the queue is full. */
export const DRAWING_RETRY_AFTER_SECONDS = 5;

/**
 * A fixed set of threads that draw share images, so a burst of new images never holds the event loop: requests for
 * kept images, the API and the pages stay fast while they draw. The queue in front of them is bounded; when it is
 * full a new drawing is refused at once (503) instead of waiting without end.
 */
export function createDrawingPool(options: DrawingPoolOptions = {}) {
  const cores = availableParallelism();
  const size = Math.max(1, Math.min(cores, options.threads ?? cores - 1));
  const queueMax = options.queueMax ?? 16 * size;
  const resvg = createRequire(import.meta.url).resolve('@resvg/resvg-js');
  const idle: Worker[] = [];
  const busy = new Map<Worker, Waiting>();
  const queue: Waiting[] = [];
  let started = 0;
  let nextId = 0;
  let closed = false;

  function spawn(): Worker {
    started += 1;
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { resvg } });
    worker.unref();
    worker.on('message', (message: { id: number; png?: Uint8Array; error?: string }) => {
      const task = busy.get(worker);
      busy.delete(worker);
      if (task && task.id === message.id) {
        if (message.png) task.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
        else task.reject(new Error(`drawing failed: ${message.error}`));
      }
      release(worker);
    });
    worker.on('error', (error) => {
      const task = busy.get(worker);
      busy.delete(worker);
      task?.reject(error);
      started -= 1;
      // A thread that died is replaced by the next drawing that needs one.
      pump();
    });
    return worker;
  }

  function release(worker: Worker) {
    if (closed) {
      void worker.terminate();
      return;
    }
    idle.push(worker);
    pump();
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      const worker = idle.pop() ?? (started < size ? spawn() : undefined);
      if (!worker) return;
      const task = queue.shift() as Waiting;
      busy.set(worker, task);
      worker.postMessage({ id: task.id, ...task.job });
    }
  }

  return {
    threads: size,
    queueMax,

    /** Draws `job` on a thread; refuses with 503 when the queue is full. */
    draw(job: DrawingJob): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('the drawing pool is closed'));
      if (queue.length >= queueMax) {
        return Promise.reject(
          new ApiError(503, 'SERVICE_UNAVAILABLE', 'Too many images are being drawn. Please try again shortly.', {
            retryAfter: DRAWING_RETRY_AFTER_SECONDS,
          }),
        );
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        pump();
      });
    },

    /** Drawings waiting for a thread and drawings under way, for the metrics. */
    load: () => ({ queued: queue.length, drawing: busy.size, threads: size, queueMax }),

    async close(): Promise<void> {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the drawing pool is closed'));
      await Promise.all([...idle.splice(0), ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}

export type DrawingPool = ReturnType<typeof createDrawingPool>;
