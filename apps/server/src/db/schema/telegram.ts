import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A Telegram chat that wrote to the bot: its chosen language and, once linked, the account it speaks for. A chat
 * that blocked the bot (Telegram's 403) is inactive and gets nothing until it writes again.
 */
export const telegramChats = pgTable(
  'telegram_chats',
  {
    chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language chosen with /language; null: Telegram's language_code, then the account's. */
    lang: text('lang'),
    /** The language_code Telegram last sent for the chat's user. */
    telegramLang: text('telegram_lang'),
    active: boolean('active').notNull().default(true),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('telegram_chats_user').on(t.userId)],
);

/**
 * One-time tokens of the bot, only their SHA-256 kept: `link` connects a chat to the account that asked for it
 * (the t.me deep link of /account), `login` signs the account in on the site from a chat (the subscribe button).
 */
export const telegramTokens = pgTable(
  'telegram_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['link', 'login'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where a login link leads on the site, a path of the web app. */
    next: text('next'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_tokens_user').on(t.userId, t.purpose)],
);

/**
 * Updates as Telegram delivered them, one row per update_id: a repeated delivery is the same row. Rows are
 * processed after the webhook has answered, claimed with SKIP LOCKED so each is handled by one process once.
 */
export const telegramInbox = pgTable(
  'telegram_inbox',
  {
    id: serialId(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('telegram_inbox_update').on(t.updateId),
    index('telegram_inbox_due').on(t.nextAttemptAt).where(sql`${t.processedAt} is null`),
  ],
);

/** Messages the bot sent and those Telegram refused, per UTC day: the admin's figures. */
export const telegramDailyStats = pgTable('telegram_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  updatedAt: updatedAt(),
});
