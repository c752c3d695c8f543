import type { FastifyInstance } from 'fastify';
import type { ReminderService } from './service.ts';

/**
 * Sends the reminders that fall due once the app is ready and then every `intervalMs` (a minute at most, so a
 * reminder leaves within a minute of its time). Every process may run it: a send is claimed in the database first.
 * Off when `intervalMs` is 0.
 */
export function startReminderScheduler(app: FastifyInstance, reminders: ReminderService, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const every = Math.min(intervalMs, 60_000);

  const tick = () => {
    running = reminders
      .runDue()
      .then((sent) => {
        if (sent.email || sent.push) app.log.info(sent, 'reminders sent');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sending reminders failed; they are tried again'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, every);
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
