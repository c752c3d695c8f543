import { boolean, date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt, uuidId } from './columns.ts';
import { ownerId, users } from './users.ts';

/** A user's reminder choices: channels (email, push, Telegram), what (the daily kin, galactic returns) and when (local time). */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(false),
  push: boolean('push').notNull().default(false),
  /** The daily message in the linked Telegram chats (the bot's /remind and /stop). */
  telegram: boolean('telegram').notNull().default(false),
  daily: boolean('daily').notNull().default(true),
  returns: boolean('returns').notNull().default(true),
  /** HH:MM in time_zone. */
  localTime: text('local_time').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  updatedAt: updatedAt(),
});

/**
 * One row per user, local day and channel, inserted before a reminder goes out: the unique index is the claim that
 * makes every server process on one database send a day's reminder once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: serialId(),
    userId: ownerId(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: ['email', 'push', 'telegram'] }).notNull(),
    kin: smallint('kin').notNull(),
    /** How many devices (push) or chats (Telegram) accepted the message; null for email. */
    delivered: integer('delivered'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_sends_user_day_channel').on(t.userId, t.localDay, t.channel)],
);

/** A browser's Web Push subscription, one per device (its endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidId(),
    userId: ownerId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);
