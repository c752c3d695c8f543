import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { ownerId } from './users.ts';

/**
 * Subscriptions and their state machine: active, paused, cancelled, expired. A user has at most one subscription
 * that is not expired; expired rows stay as history. A cancelled subscription keeps its access until the end of its
 * period, when the scheduler expires it; a paused one gives no access until it is resumed.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serialId(),
    userId: ownerId(),
    planId: text('plan_id').notNull(),
    level: integer('level').notNull(),
    status: text('status', { enum: ['active', 'paused', 'cancelled', 'expired'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    paymentMethod: text('payment_method', { enum: ['paypal', 'card'] }),
    /** The card's brand and last four digits, when the provider reported them with the payment. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    autoResume: boolean('auto_resume').notNull().default(true),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseUntil: timestamp('pause_until', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'admin' for a grant, else the payment provider that sold it. */
    source: text('source').notNull().default('admin'),
    /** The provider's saved payment method that renews it (only with the buyer's consent); null: no renewal. */
    paymentMethodId: text('payment_method_id'),
    /** Failed renewal charges of the current period; the scheduler retries on a schedule, then lets it expire. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    /** When the scheduler next tries to charge the renewal; null when no renewal is due. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** When the renewal reminder of the current period was sent. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_due_charge').on(t.nextChargeAt).where(sql`${t.nextChargeAt} is not null`),
    uniqueIndex('subscriptions_one_current').on(t.userId).where(sql`${t.status} <> 'expired'`),
    index('subscriptions_due_end').on(t.currentPeriodEnd).where(sql`${t.status} in ('active', 'cancelled')`),
    index('subscriptions_due_resume').on(t.pauseUntil).where(sql`${t.status} = 'paused'`),
  ],
);

/** Every change of a subscription's status, by whom: the audit trail and the proof that nothing ran twice. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serialId(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: ['user', 'admin', 'scheduler'] }).notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription').on(t.subscriptionId)],
);

/** Matrix and dashboard views of users without a subscription: one row per user, day and kind. */
export const matrixViews = pgTable(
  'matrix_views',
  {
    userId: ownerId(),
    /** The UTC day of the view. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    dateViewed: date('date_viewed', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind] })],
);
