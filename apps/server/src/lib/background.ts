import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after a request has been answered (an inbox's rows): `kick` runs `batch` until it has nothing left, one
 * run at a time per process, and a kick during a run asks for one more pass; `idle` waits for the run under way
 * (tests, and the app's close). A failure is logged; the scheduler picks the rows up later.
 */
export function afterAnswer(batch: () => Promise<number>, log: FastifyBaseLogger, failure: string) {
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  const kick = () => {
    if (again) return;
    again = true;
    running = running
      .then(async () => {
        again = false;
        while ((await batch()) > 0) {}
      })
      .catch((error: unknown) => log.error({ err: error }, failure));
  };
  return { kick, idle: () => running };
}
