import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { ownerId } from './users.ts';

/**
 * A signed-in user's choice of the email topics of one language's mailing list (spec 000 section 9 list ids): on or
 * off, the version of the consent text they accepted and when consent was given and withdrawn. A topic's letters go
 * only to a user whose topic is on and whose address is confirmed on that list (double opt-in, mailing_subscriptions
 * with the interest `list-{id}`).
 */
export const emailTopicConsents = pgTable(
  'email_topic_consents',
  {
    userId: ownerId(),
    listId: integer('list_id').notNull(),
    topic: text('topic').notNull(),
    subscribed: boolean('subscribed').notNull(),
    consentVersion: text('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listId, t.topic] }),
    index('email_topic_consents_topic').on(t.listId, t.topic),
  ],
);
