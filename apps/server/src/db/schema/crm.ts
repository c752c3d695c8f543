import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Subscription-page views reported for the CRM; written in the background, read by the CRM export. */
export const crmEvents = pgTable('crm_events', {
  id: serialId(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});

/**
 * The tokens of a CRM connection (amoCRM OAuth 2), kept on the server only: one row per provider, replaced when an
 * administrator connects again, the access token refreshed with the refresh token before it expires.
 */
export const crmConnections = pgTable('crm_connections', {
  provider: text('provider').primaryKey(),
  baseUrl: text('base_url').notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
