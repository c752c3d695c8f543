import { setTimeout as sleep } from 'node:timers/promises';
import { Bot, type Context, type Transformer } from 'grammy';

/** The bot's settings from the environment; absent: the bot is off. */
export interface TelegramConfig {
  /** TELEGRAM_BOT_TOKEN, from @BotFather. */
  token: string;
  /** TELEGRAM_API_URL: the Bot API server (the public one, a local Bot API server, or a test fake). */
  apiUrl: string;
  /** TELEGRAM_WEBHOOK_SECRET: the X-Telegram-Bot-Api-Secret-Token the webhook demands; absent: the webhook is shut. */
  webhookSecret?: string | undefined;
  /** Fetch updates with getUpdates instead of the webhook (`npm run bot:poll`). */
  polling?: boolean;
  /** The sending pace; the defaults hold to the Bot API's limits. */
  limits?: Partial<DeliveryLimits>;
}

export interface DeliveryLimits {
  /** Messages a second across all chats (Telegram: about 30). */
  perSecond: number;
  /** The gap between two messages to one chat (Telegram: about one a second). */
  perChatMs: number;
  /** A 429 asking to wait longer than this is not waited for: the message fails. */
  maxRetryAfterSeconds: number;
  /** How many times one message is tried again after a 429. */
  maxRetries: number;
}

export const DEFAULT_LIMITS: DeliveryLimits = {
  perSecond: 30,
  perChatMs: 1000,
  maxRetryAfterSeconds: 60,
  maxRetries: 3,
};

/** The methods that put a message in a chat: paced, retried on 429, counted. */
const SENDS = new Set(['sendMessage', 'sendPhoto']);

/**
 * Spaces the sends of this process: one slot every 1/perSecond seconds overall, and `perChatMs` between two sends
 * to one chat. Each caller takes its slots at once and then waits for them, so concurrent sends queue fairly.
 */
export function createPacer(limits: DeliveryLimits) {
  let nextGlobal = 0;
  const nextByChat = new Map<string, number>();
  return async function pace(chatId: unknown): Promise<void> {
    const now = Date.now();
    const globalAt = Math.max(now, nextGlobal);
    nextGlobal = globalAt + 1000 / limits.perSecond;
    const key = String(chatId);
    const at = Math.max(globalAt, nextByChat.get(key) ?? 0);
    nextByChat.set(key, at + limits.perChatMs);
    if (nextByChat.size > 10_000) {
      for (const [chat, next] of nextByChat) if (next < now) nextByChat.delete(chat);
    }
    if (at > now) await sleep(at - now);
  };
}

/**
 * A budget of sends shared by every process of the product, kept in the database: each process paces its own sends,
 * and several processes (the reminders go out from each) together still stay within the Bot API's rate.
 */
export interface SharedBudget {
  /** Counts one send in the current second; false when that second's sends are all taken. */
  take(): Promise<boolean>;
}

/** Waits for a place in the shared budget: the next second when this one is full. */
async function sharedSlot(budget: SharedBudget): Promise<void> {
  while (!(await budget.take())) await sleep(1000 - (Date.now() % 1000) + 1);
}

export interface DeliveryEvents {
  /** A send ended: accepted by Telegram or not. */
  counted(ok: boolean): Promise<void>;
  /** Telegram answered 403 for the chat: the user blocked the bot, or the bot was removed from the group. */
  blocked(chatId: number): Promise<void>;
}

/**
 * The grammY API transformer every call of the bot goes through: sends are paced, a 429 is waited out for its
 * `retry_after` and tried again, and a 403 tells `blocked` so nothing more goes to that chat.
 */
export function deliveryTransformer(
  limits: DeliveryLimits,
  events: DeliveryEvents,
  budget?: SharedBudget,
): Transformer {
  const pace = createPacer(limits);
  return async (prev, method, payload, signal) => {
    if (!SENDS.has(method)) return prev(method, payload, signal);
    const chatId = (payload as { chat_id?: unknown }).chat_id;
    for (let attempt = 0; ; attempt += 1) {
      await pace(chatId);
      if (budget) await sharedSlot(budget);
      let result: Awaited<ReturnType<typeof prev>>;
      try {
        result = await prev(method, payload, signal);
      } catch (error) {
        await events.counted(false);
        throw error;
      }
      if (result.ok) {
        await events.counted(true);
        return result;
      }
      const retryAfter = result.parameters?.retry_after;
      if (
        result.error_code === 429 &&
        retryAfter !== undefined &&
        retryAfter <= limits.maxRetryAfterSeconds &&
        attempt < limits.maxRetries
      ) {
        await sleep(retryAfter * 1000);
        continue;
      }
      await events.counted(false);
      if (result.error_code === 403 && typeof chatId === 'number') await events.blocked(chatId);
      return result;
    }
  };
}

/** The sending pace of a configuration: the Bot API's limits, with what the configuration changes. */
export const limitsOf = (config: TelegramConfig): DeliveryLimits => ({ ...DEFAULT_LIMITS, ...config.limits });

/** The grammY bot on the configured Bot API server, with the delivery transformer installed. */
export function createBot<C extends Context>(
  config: TelegramConfig,
  events: DeliveryEvents,
  budget?: SharedBudget,
): Bot<C> {
  const bot = new Bot<C>(config.token, {
    client: { apiRoot: config.apiUrl.replace(/\/+$/, ''), timeoutSeconds: 30 },
  });
  bot.api.config.use(deliveryTransformer(limitsOf(config), events, budget));
  return bot;
}
