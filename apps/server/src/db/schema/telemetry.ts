import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';
import { users } from './users.ts';

export const frontendErrors = pgTable(
  'frontend_errors',
  {
    id: serialId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    message: text('message').notNull(),
    error: jsonb('error').notNull(),
    errorInfo: jsonb('error_info'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('frontend_errors_created_idx').on(t.createdAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serialId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    category: text('category'),
    label: text('label'),
    value: text('value'),
    customData: jsonb('custom_data'),
    platform: text('platform'),
    url: text('url'),
    sessionId: text('session_id'),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_event_idx').on(t.event, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
  ],
);
