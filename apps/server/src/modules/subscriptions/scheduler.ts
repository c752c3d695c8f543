import type { FastifyInstance } from 'fastify';
import type { SubscriptionService } from './service.ts';

/**
 * Runs the subscription transitions that fall due (expiry at the end of the period, resumption at the end of a
 * pause) once the app is ready and then every `intervalMs`. Safe with several processes on one PostgreSQL: each
 * row is claimed by one of them (see SubscriptionService.runDue). Off when `intervalMs` is 0.
 */
/** Another module's due work, run after the subscriptions' on each tick (referral rewards). */
export interface ScheduledJob {
  name: string;
  run(at: Date): Promise<Record<string, number>>;
}

export function startScheduler(
  app: FastifyInstance,
  subscriptions: SubscriptionService,
  intervalMs: number,
  jobs: readonly ScheduledJob[] = [],
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    running = subscriptions
      .runDue()
      .then((done) => {
        if (done.expired || done.resumed) app.log.info(done, 'subscriptions moved by the scheduler');
      })
      .then(async () => {
        for (const job of jobs) {
          const done = await job.run(new Date());
          if (Object.values(done).some(Boolean)) app.log.info(done, `${job.name} done by the scheduler`);
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'the subscription scheduler failed; it will try again'))
      .finally(() => {
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
