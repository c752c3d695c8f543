import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt, uuidId } from './columns.ts';
import { products } from './products.ts';
import { subscriptions } from './subscriptions.ts';
import { ownerId } from './users.ts';

/** Products bought (the 13-day programme is product "main", level 1), with the day their content opens. */
export const purchases = pgTable(
  'purchases',
  {
    id: serialId(),
    userId: ownerId(),
    productName: text('product_name').notNull(),
    productLevel: integer('product_level').notNull(),
    activationDate: date('activation_date', { mode: 'string' }),
    source: text('source').notNull().default('admin'),
    /** The catalogue product bought ('13days', '260days', '13moons', ...); null for older grants. */
    productId: text('product_id'),
    /** The order that paid for it; null for an administrator's grant. A full refund deletes the row. */
    orderId: uuid('order_id'),
    /** When access ends (activation plus the product's days); null: no end. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchases_user_product').on(t.userId, t.productName),
    uniqueIndex('purchases_order').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/**
 * An order is one attempt to pay for one product: its price, currency and discount fixed from the catalogue when it
 * is created, the provider's payment, and its status. Statuses only move forward: pending to paid, failed or
 * cancelled; paid to partially_refunded or refunded. A renewal charge is an order of kind 'renewal', at most one per
 * subscription and period.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuidId(),
    userId: ownerId(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind', { enum: ['purchase', 'subscription', 'renewal'] }).notNull(),
    status: text('status', {
      enum: ['pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded'],
    }).notNull(),
    amount: integer('amount').notNull(),
    listAmount: integer('list_amount').notNull(),
    currency: text('currency').notNull(),
    promoCode: text('promo_code'),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    payerId: text('payer_id'),
    confirmationUrl: text('confirmation_url'),
    savePaymentMethod: boolean('save_payment_method').notNull().default(false),
    failureReason: text('failure_reason'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Refunds asked of the provider and not answered yet: they count against what is left to refund. */
    refundPending: integer('refund_pending').notNull().default(0),
    source: text('source'),
    lang: text('lang').notNull(),
    /** The buyer's name, email and phone for the receipt (54-FZ), when given on the checkout form. */
    receipt: jsonb('receipt').$type<{ name?: string; email: string; phone?: string }>(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    /** For a renewal: the end of the period it pays to extend. */
    renewsPeriodEnd: timestamp('renews_period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created').on(t.userId, t.createdAt),
    index('orders_status_created').on(t.status, t.createdAt),
    index('orders_created').on(t.createdAt),
    uniqueIndex('orders_provider_payment').on(t.provider, t.providerPaymentId),
    // One renewal charge under way or paid per subscription and period; a failed one makes room for the retry.
    uniqueIndex('orders_one_renewal_per_period')
      .on(t.subscriptionId, t.renewsPeriodEnd)
      .where(sql`${t.kind} = 'renewal' and ${t.status} not in ('failed', 'cancelled')`),
  ],
);

/** Every change of an order: its timeline, who or what moved it, and the provider's data at the time. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serialId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actor: text('actor', { enum: ['user', 'admin', 'provider', 'scheduler', 'system'] }).notNull(),
    data: jsonb('data'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.at)],
);

/**
 * Payment notifications as received, one row per provider event: a duplicate or a replay is the same row. Rows are
 * processed in the background (claimed with SKIP LOCKED, so several processes share the work) by fetching the
 * payment from the provider; the notification itself is never trusted for the status.
 */
export const paymentInbox = pgTable(
  'payment_inbox',
  {
    id: serialId(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('payment_inbox_event').on(t.provider, t.eventId),
    index('payment_inbox_due').on(t.nextAttemptAt).where(sql`${t.processedAt} is null`),
  ],
);

/**
 * The payments of the built-in test provider, which stands in for a real one when no provider keys are set: its
 * own state, changed only by its Pay and Decline page, read back by the adapter like a real provider's API.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: uuidId(),
  orderId: uuid('order_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['pending', 'succeeded', 'canceled'] }).notNull(),
  savePaymentMethod: boolean('save_payment_method').notNull().default(false),
  /** Set when this payment used a saved method (a renewal), or saved one. */
  paymentMethodId: text('payment_method_id'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  createdAt: createdAt(),
});
