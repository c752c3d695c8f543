import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';

/** Mailing-list sign-ups by interest (13 secrets, coaching, ...), with or without an account. */
export const mailingSubscriptions = pgTable(
  'mailing_subscriptions',
  {
    id: serialId(),
    email: text('email').notNull(),
    interest: text('interest').notNull(),
    lang: text('lang').notNull(),
    /** Double opt-in: nothing but the confirmation email goes to an address until it is confirmed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The version of the consent text the address accepted, and when (set at confirmation). */
    consentVersion: text('consent_version'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mailing_subscriptions_email_interest').on(sql`lower(${t.email})`, t.interest)],
);
