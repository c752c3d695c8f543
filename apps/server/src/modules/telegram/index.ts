import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client.ts';
import { afterAnswer } from '../../lib/background.ts';
import type { AuthService } from '../auth/service.ts';
import type { CardService } from '../cards/service.ts';
import type { ReminderService } from '../reminders/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { TelegramConfig } from './adapter.ts';
import { registerCommands } from './bot.ts';
import { createTelegramService } from './service.ts';

/**
 * The Telegram bot assembled: its service, its commands, the background processing of the inbox (`kick` after a
 * webhook call, `runDue` from the scheduler) and, with `polling`, the getUpdates loop of local work.
 */
export function createTelegram(options: {
  db: Db;
  config: TelegramConfig | undefined;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  auth: AuthService;
  subscriptions: SubscriptionService;
  cards: CardService;
  reminders: () => ReminderService;
}) {
  const service = createTelegramService(options);
  if (service.bot) {
    const reminders = options.reminders;
    registerCommands(service.bot, {
      telegram: service,
      auth: options.auth,
      subscriptions: options.subscriptions,
      cards: options.cards,
      reminders: {
        setTelegram: (...args) => reminders().setTelegram(...args),
        telegramChoice: (...args) => reminders().telegramChoice(...args),
      },
      publicUrl: options.publicUrl,
      now: options.now,
    });
  }

  // Updates are handled after their answer; one run at a time per process, awaited when the app closes.
  const { kick, idle } = afterAnswer(
    () => service.processInbox(),
    options.log,
    'Telegram updates failed; the scheduler retries',
  );

  let polling: AbortController | null = null;
  let pollLoop: Promise<void> = Promise.resolve();

  /**
   * Long polling for local work: the webhook is removed (Telegram refuses getUpdates while one is set), then each
   * batch of updates goes through the same inbox as the webhook's, so an update is still handled once.
   */
  function startPolling() {
    const bot = service.bot;
    if (!bot || polling) return;
    const controller = new AbortController();
    polling = controller;
    pollLoop = (async () => {
      let offset = 0;
      while (!controller.signal.aborted) {
        try {
          await bot.api.deleteWebhook();
          break;
        } catch (error) {
          options.log.warn({ err: error }, 'the Telegram webhook could not be removed; trying again');
          await sleep(5000, undefined, { signal: controller.signal }).catch(() => undefined);
        }
      }
      while (!controller.signal.aborted) {
        try {
          const updates: Update[] = await bot.api.getUpdates(
            { offset, timeout: 25, allowed_updates: ['message', 'callback_query'] },
            // grammY types its signal with the abort-controller shim; Node's own is what it receives at run time.
            controller.signal as unknown as Parameters<typeof bot.api.getUpdates>[1],
          );
          for (const update of updates) {
            await service.receive(update);
            offset = update.update_id + 1;
          }
          if (updates.length > 0) kick();
        } catch (error) {
          if (controller.signal.aborted) break;
          options.log.warn({ err: error }, 'getUpdates failed; polling again shortly');
          await sleep(3000, undefined, { signal: controller.signal }).catch(() => undefined);
        }
      }
    })();
  }

  return {
    ...service,
    kick,
    startPolling,
    /** Waits for the updates under way (tests, and the app's close). */
    idle,
    async stop() {
      polling?.abort();
      await pollLoop;
      await idle();
    },
    /** The scheduler's share: updates whose handling failed before and are due again; old handled ones go. */
    async runDue() {
      return { updates: await service.processInbox(100), pruned: await service.pruneInbox() };
    },
  };
}

export type Telegram = ReturnType<typeof createTelegram>;
