import type { FastifyInstance } from 'fastify';
import { repeatEvery } from '../../lib/scheduler.ts';
import type { ReminderService } from './service.ts';

/**
 * Sends the reminders that fall due once the app is ready and then every `intervalMs` (a minute at most, so a
 * reminder leaves within a minute of its time). Every process may run it: a send is claimed in the database first.
 * Off when `intervalMs` is 0.
 */
export function startReminderScheduler(app: FastifyInstance, reminders: ReminderService, intervalMs: number) {
  return repeatEvery(app, Math.min(intervalMs, 60_000), () =>
    reminders
      .runDue()
      .then((sent) => {
        if (sent.email || sent.push || sent.telegram) app.log.info(sent, 'reminders sent');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sending reminders failed; they are tried again')),
  );
}
