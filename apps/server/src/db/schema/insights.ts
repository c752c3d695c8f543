import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';

/**
 * The analytics events of each closed UTC day counted by event and platform ('' for none): the admin charts read
 * these instead of the raw events. Filled from `analytics_events` for days before today (events are stamped with the
 * server's time, so a closed day gets no more); today is counted from the raw events.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    event: text('event').notNull(),
    platform: text('platform').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.event, t.platform] })],
);

/** Distinct active users (signed-in users, else sessions) of each closed UTC day; a row per rolled-up day. */
export const analyticsDailyActives = pgTable('analytics_daily_actives', {
  day: date('day', { mode: 'string' }).primaryKey(),
  actives: integer('actives').notNull(),
});

/** A click on a tracked link of the product's own (the chat-bot links): where it was shown and where it led. */
export const trackedClicks = pgTable(
  'tracked_clicks',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    /** The link's language for a bot link. */
    target: text('target').notNull(),
    source: text('source').notNull(),
    referrer: text('referrer'),
    createdAt: createdAt(),
  },
  (t) => [index('tracked_clicks_created').on(t.createdAt)],
);
