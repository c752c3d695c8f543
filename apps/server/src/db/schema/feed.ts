import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's personal calendar feed: only a hash of its secret token is kept, so the address is shown once, when it
 * is made. Deleting the row revokes it; making a new one replaces the hash.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  includeReturns: boolean('include_returns').notNull().default(true),
  includeCards: boolean('include_cards').notNull().default(true),
  createdAt: createdAt(),
});
