import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Facts about this installation that outlive a process: when it was first seeded, generated secrets. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Fixed-window hit counters shared by every server process: the per-address limits on what sends mail or opens
 * accounts hold however many processes answer. A row per limit, key and window; old windows are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.key, t.windowStart] }),
    index('rate_limit_counters_window').on(t.name, t.windowStart),
  ],
);

/** Settings administrators change without a release; a missing key has its default (contracts settings-rules.ts). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
