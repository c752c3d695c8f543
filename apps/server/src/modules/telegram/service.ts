import { createHash, randomBytes } from 'node:crypto';
import { TELEGRAM_LINK_MINUTES, TELEGRAM_LOGIN_MINUTES } from '@hunab/contracts';
import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Bot, GrammyError, InlineKeyboard } from 'grammy';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client.ts';
import { telegramChats, telegramDailyStats, telegramInbox, telegramTokens } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { claimDueRows } from '../../lib/inbox.ts';
import { createSharedRateLimiter } from '../../lib/shared-rate-limit.ts';
import type { ReminderContent } from '../reminders/message.ts';
import type { PushDelivery } from '../reminders/service.ts';
import { createBot, limitsOf, type TelegramConfig } from './adapter.ts';
import { type BotContext, buttonsAllowed, type ChatRow } from './chat.ts';
import { botWords } from './words.ts';

/** Tries of one update before it is kept as processed with its error. */
const INBOX_ATTEMPTS = 3;
const MINUTE = 60_000;

export type TokenPurpose = (typeof telegramTokens.$inferSelect)['purpose'];

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The Telegram side of the product: the chats that wrote to the bot and the accounts they are linked to, the
 * one-time tokens (linking a chat, signing in on the site from it), the inbox of updates, and delivering the daily
 * message to linked chats. Off (every method harmless, `bot` null) when the server has no bot token.
 */
export function createTelegramService(deps: {
  db: Db;
  config: TelegramConfig | undefined;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, config, now, log } = deps;

  async function counted(ok: boolean) {
    const day = now().toISOString().slice(0, 10);
    await db
      .insert(telegramDailyStats)
      .values({ day, sent: ok ? 1 : 0, failed: ok ? 0 : 1, updatedAt: now() })
      .onConflictDoUpdate({
        target: telegramDailyStats.day,
        set: {
          sent: sql`${telegramDailyStats.sent} + ${ok ? 1 : 0}`,
          failed: sql`${telegramDailyStats.failed} + ${ok ? 0 : 1}`,
          updatedAt: now(),
        },
      });
  }

  async function blocked(chatId: number) {
    await db
      .update(telegramChats)
      .set({ active: false, blockedAt: now(), updatedAt: now() })
      .where(eq(telegramChats.chatId, chatId));
  }

  // Every process's sends count against one budget a second in the database, so together they keep the Bot API's rate.
  const budget = config
    ? createSharedRateLimiter(db, { name: 'telegram-sends', limit: limitsOf(config).perSecond, windowMs: 1000 })
    : null;
  const bot: Bot<BotContext> | null =
    config && budget
      ? createBot<BotContext>(config, { counted, blocked }, { take: async () => (await budget.hit('all')) === 0 })
      : null;
  let initializing: Promise<void> | null = null;

  /** Asks Telegram who the bot is (getMe) once; a failure is asked again next time. */
  function ready(): Promise<void> {
    if (!bot) return Promise.reject(new Error('the Telegram bot is not configured'));
    initializing ??= bot.init().catch((error: unknown) => {
      initializing = null;
      throw error;
    });
    return initializing;
  }

  async function username(): Promise<string | null> {
    if (!bot) return null;
    try {
      await ready();
      return bot.botInfo.username;
    } catch (error) {
      log.warn({ err: error }, 'the Telegram bot could not be reached (getMe)');
      return null;
    }
  }

  /** A new one-time token of `purpose` for the user; only its hash is kept. */
  async function issueToken(userId: string, purpose: TokenPurpose, minutes: number, next: string | null = null) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + minutes * MINUTE);
    await db.transaction(async (tx) => {
      // One link at a time: a new one retires the user's earlier unused ones of the same purpose.
      await tx
        .update(telegramTokens)
        .set({ usedAt: now() })
        .where(
          and(eq(telegramTokens.userId, userId), eq(telegramTokens.purpose, purpose), isNull(telegramTokens.usedAt)),
        );
      await tx.insert(telegramTokens).values({ tokenHash: hashToken(token), purpose, userId, next, expiresAt });
    });
    return { token, expiresAt };
  }

  /** Spends a token: the user it was made for, or null when it is unknown, used or expired. Single use. */
  async function useToken(token: string, purpose: TokenPurpose) {
    const [row] = await db
      .update(telegramTokens)
      .set({ usedAt: now() })
      .where(
        and(
          eq(telegramTokens.tokenHash, hashToken(token)),
          eq(telegramTokens.purpose, purpose),
          isNull(telegramTokens.usedAt),
          gt(telegramTokens.expiresAt, now()),
        ),
      )
      .returning({ userId: telegramTokens.userId, next: telegramTokens.next });
    return row ?? null;
  }

  const delivery: PushDelivery = {
    /** The day's message to every active chat linked to the user; answers how many took it. */
    async deliver(userId: string, content: ReminderContent, url: string): Promise<number> {
      if (!bot) return 0;
      const chats = await db
        .select()
        .from(telegramChats)
        .where(and(eq(telegramChats.userId, userId), eq(telegramChats.active, true)));
      let delivered = 0;
      for (const chat of chats) {
        try {
          await ready();
          const words = botWords(content.lang);
          await bot.api.sendMessage(chat.chatId, content.lines.join('\n\n'), {
            ...(buttonsAllowed(deps.publicUrl)
              ? { reply_markup: new InlineKeyboard().url(words.openSite, url) }
              : { link_preview_options: { is_disabled: true } }),
          });
          delivered += 1;
        } catch (error) {
          log.warn({ err: error, chat: chat.chatId }, 'a daily Telegram message was not delivered');
        }
      }
      return delivered;
    },
  };

  return {
    bot,
    enabled: bot !== null,
    ready,
    username,
    delivery,
    counted,

    /** The chat's row, made on its first update; writing again brings a chat that blocked the bot back. */
    async touchChat(chatId: number, telegramLang: string | undefined): Promise<ChatRow> {
      const values = { telegramLang: telegramLang ?? null, active: true, updatedAt: now() };
      const [row] = await db
        .insert(telegramChats)
        .values({ chatId, ...values })
        .onConflictDoUpdate({ target: telegramChats.chatId, set: values })
        .returning();
      if (!row) throw new Error('the chat row was not written');
      return row;
    },

    async setChatLanguage(chatId: number, lang: string) {
      await db.update(telegramChats).set({ lang, updatedAt: now() }).where(eq(telegramChats.chatId, chatId));
    },

    /** The t.me link that connects a chat to the user's account (single use, TELEGRAM_LINK_MINUTES). */
    async linkUrl(userId: string) {
      const name = await username();
      if (!name) throw new ApiError(409, 'TELEGRAM_NOT_CONFIGURED', 'The Telegram bot is not available.');
      const { token, expiresAt } = await issueToken(userId, 'link', TELEGRAM_LINK_MINUTES);
      return { url: `https://t.me/${name}?start=${token}`, expiresAt };
    },

    /** Links the chat to the account of a /start token; answers the user, or null for a bad token. */
    async link(chatId: number, token: string): Promise<string | null> {
      const used = await useToken(token, 'link');
      if (!used) return null;
      await db
        .update(telegramChats)
        .set({ userId: used.userId, linkedAt: now(), active: true, updatedAt: now() })
        .where(eq(telegramChats.chatId, chatId));
      return used.userId;
    },

    async chatsOf(userId: string) {
      return db
        .select()
        .from(telegramChats)
        .where(eq(telegramChats.userId, userId))
        .orderBy(desc(telegramChats.linkedAt));
    },

    async unlink(userId: string, chatId: number): Promise<boolean> {
      const rows = await db
        .update(telegramChats)
        .set({ userId: null, linkedAt: null, updatedAt: now() })
        .where(and(eq(telegramChats.chatId, chatId), eq(telegramChats.userId, userId)))
        .returning({ chatId: telegramChats.chatId });
      return rows.length > 0;
    },

    /** The site's address that signs the user in and opens `next` (the subscribe button), TELEGRAM_LOGIN_MINUTES. */
    async loginUrl(userId: string, lang: string, next: string) {
      const { token } = await issueToken(userId, 'login', TELEGRAM_LOGIN_MINUTES, next);
      const prefix = lang === 'ru' ? '' : `/${lang}`;
      return `${deps.publicUrl}${prefix}/telegram/login?token=${token}`;
    },

    /** Spends a sign-in token of the bot: its user and the page it leads to, or null. */
    useLoginToken: (token: string) => useToken(token, 'login'),

    /** Keeps an update once per update_id; false for one seen before (Telegram delivers again until it gets a 200). */
    async receive(update: { update_id: number }): Promise<boolean> {
      const rows = await db
        .insert(telegramInbox)
        .values({ updateId: update.update_id, payload: update, receivedAt: now(), nextAttemptAt: now() })
        .onConflictDoNothing()
        .returning({ id: telegramInbox.id });
      return rows.length > 0;
    },

    /**
     * Handles due updates: each is claimed by one process (SKIP LOCKED) and given to the bot. A failure that may
     * pass (the network, a 429 past its retries, the database) is tried again later; any other is kept with the
     * reason. Answers how many were claimed.
     */
    async processInbox(limit = 20): Promise<number> {
      if (!bot) return 0;
      const claimed = await claimDueRows<{ id: number; payload: Update; attempts: number }>(db, telegramInbox, {
        at: now(),
        limit,
        backoff: { first: 5, growth: 3, most: 600 },
        returning: sql`id, payload, attempts`,
      });
      for (const row of claimed) {
        let error: string | null = null;
        try {
          await ready();
          await bot.handleUpdate(row.payload);
        } catch (failure) {
          const cause = (failure as { error?: unknown }).error ?? failure;
          const final = cause instanceof GrammyError && cause.error_code !== 429;
          error = String((cause as Error).message ?? cause).slice(0, 500);
          if (!final && row.attempts < INBOX_ATTEMPTS) {
            await db.update(telegramInbox).set({ lastError: error }).where(eq(telegramInbox.id, row.id));
            continue;
          }
          log.warn({ err: cause, update: row.payload.update_id }, 'a Telegram update could not be handled');
        }
        await db
          .update(telegramInbox)
          .set({ processedAt: now(), lastError: error })
          .where(eq(telegramInbox.id, row.id));
      }
      return claimed.length;
    },

    /** Forgets handled updates after a week: they hold what readers wrote, and a redelivery comes within a day. */
    async pruneInbox(): Promise<number> {
      const cutoff = new Date(now().getTime() - 7 * 86_400_000);
      const rows = await db
        .delete(telegramInbox)
        .where(and(isNotNull(telegramInbox.processedAt), lt(telegramInbox.receivedAt, cutoff)))
        .returning({ id: telegramInbox.id });
      return rows.length;
    },

    /** Points Telegram's webhook at this server with the secret token it must send back. */
    async registerWebhook(): Promise<boolean> {
      if (!bot || !config?.webhookSecret) return false;
      await bot.api.setWebhook(`${deps.publicUrl}/api/telegram/webhook`, {
        secret_token: config.webhookSecret,
        allowed_updates: ['message', 'callback_query'],
      });
      return true;
    },

    /** The admin's figures: chats, daily-message subscribers (given by the reminders) and the last days' sends. */
    async stats(subscribers: number, days = 30) {
      const since = new Date(now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
      const [linked] = await db.select({ n: count() }).from(telegramChats).where(isNotNull(telegramChats.userId));
      const [blockedChats] = await db.select({ n: count() }).from(telegramChats).where(eq(telegramChats.active, false));
      const rows = await db
        .select()
        .from(telegramDailyStats)
        .where(gte(telegramDailyStats.day, since))
        .orderBy(desc(telegramDailyStats.day));
      return {
        enabled: bot !== null,
        username: await username(),
        linked_chats: Number(linked?.n ?? 0),
        blocked_chats: Number(blockedChats?.n ?? 0),
        daily_subscribers: subscribers,
        days: rows.map((row) => ({ day: row.day, sent: row.sent, failed: row.failed })),
      };
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
