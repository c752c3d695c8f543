import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';
import { purchases } from './payments.ts';
import { subscriptions } from './subscriptions.ts';
import { ownerId, users } from './users.ts';

/** A user's referral links: one slug each, with the source it is shared on and the page it leads to. */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: serialId(),
    userId: ownerId(),
    slug: text('slug').notNull(),
    source: text('source').notNull(),
    /** The page a click lands on, without a language prefix (the link's language adds it). */
    target: text('target').notNull().default('/welcome'),
    lang: text('lang').notNull().default('ru'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_links_slug').on(sql`lower(${t.slug})`), index('referral_links_user').on(t.userId)],
);

/** A click on a referral link: the link, where it came from and its UTM tags; no address of the visitor is kept. */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: serialId(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => referralLinks.id, { onDelete: 'cascade' }),
    source: text('source'),
    utm: jsonb('utm').$type<Record<string, string>>().notNull().default({}),
    referrer: text('referrer'),
    createdAt: createdAt(),
  },
  (t) => [index('referral_clicks_link').on(t.linkId, t.createdAt)],
);

/** A sign-up brought by a referral link: one per referred user, made when the account is created. */
export const referrals = pgTable(
  'referrals',
  {
    id: serialId(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: bigint('link_id', { mode: 'number' }).references(() => referralLinks.id, { onDelete: 'set null' }),
    clickId: bigint('click_id', { mode: 'number' }).references(() => referralClicks.id, { onDelete: 'set null' }),
    /**
     * A keyed digest of the client address the account was opened from (the address itself is not kept), so that
     * administrators see referred accounts opened from one address.
     */
    addressHash: text('address_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_referred_user').on(t.referredUserId),
    index('referrals_referrer').on(t.referrerId),
    index('referrals_address').on(t.addressHash),
  ],
);

/**
 * The access days a referrer earned for a referred user's first payment, once the payment was past its refund
 * window; reversed when the payment is refunded (its purchase row gone, or reported by the payments module).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serialId(),
    referralId: bigint('referral_id', { mode: 'number' })
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id, { onDelete: 'set null' }),
    /** The subscription the days were added to, or that the reward opened. */
    subscriptionId: bigint('subscription_id', { mode: 'number' }).references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    days: integer('days').notNull(),
    status: text('status', { enum: ['granted', 'reversed'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('referral_rewards_referral').on(t.referralId),
    index('referral_rewards_referrer').on(t.referrerId),
  ],
);
