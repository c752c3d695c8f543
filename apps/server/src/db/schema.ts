import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Facts about this installation that outlive a process: when it was first seeded, generated secrets. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface Badge {
  badge_type: 'hunabbot' | 'dailyoraclebot' | 'hoonabbot' | 'hunabapp' | 'other';
  badge_name: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed at registration (trimmed); unique without regard to case. */
    email: text('email').notNull(),
    username: text('username'),
    name: text('name'),
    displayName: text('display_name'),
    firstName: text('first_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    lang: text('lang').notNull().default('ru'),
    themePreference: text('theme_preference').notNull().default('dark'),
    birthDate: date('birth_date', { mode: 'string' }),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    registrationSource: text('registration_source').notNull().default('website'),
    interest: text('interest').notNull().default('general'),
    badges: jsonb('badges').$type<Badge[]>().notNull().default([]),
    /** Raised when the password changes: every token issued under an older version stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set by an administrator: a blocked user cannot sign in, and every session of theirs has ended. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt, t.id),
    // The admin area: search inside emails and names (trigrams, migration 0013), sort by name, the blocked ones.
    index('users_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_name_trgm').using('gin', sql`lower(coalesce(${t.name}, '')) gin_trgm_ops`),
    index('users_name_sort').on(sql`lower(coalesce(${t.name}, ''))`, t.id),
    index('users_blocked').on(t.createdAt).where(sql`${t.blockedAt} is not null`),
  ],
);

/** Tokens signed out before they expire; kept until their expiry, then removed. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** Single-use links sent by email. Only a hash of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a verification link confirms, or the new address a change link moves the account to. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Sign-in attempts, for throttling by account and by address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Every email the product sends, with its delivery state; without SMTP this is where local users find links. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    link: text('link'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'not_sent'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

export const frontendErrors = pgTable(
  'frontend_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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

/** Readings of seals, tones, moons, radial plasmas and castles, per language; seeded from content/, editable later. */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['seal', 'tone', 'moon', 'plasma', 'castle'] }).notNull(),
    number: integer('number').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    /** Set when an editor changes the row; the seed never overwrites an edited row. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_items_kind_number_lang').on(t.kind, t.number, t.lang)],
);

/** The items of the 13-day process per tone day: an assignment, questions and polls. */
export const processItems = pgTable(
  'process_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 13days_{tone}_{name}: the same id in every language. */
    contentId: text('content_id').notNull(),
    cycleType: text('cycle_type').notNull().default('13days'),
    tone: integer('tone').notNull(),
    lang: text('lang').notNull(),
    typeApp: text('type_app', { enum: ['question', 'poll', 'other'] }).notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<string[]>(),
    position: integer('position').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('process_items_content_lang').on(t.contentId, t.lang),
    index('process_items_tone').on(t.cycleType, t.tone, t.lang),
  ],
);

/** A user's answers to process questions and polls: one per question, the latest kept. */
export const contentResponses = pgTable(
  'content_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    cycleType: text('cycle_type').notNull(),
    cycleValue: integer('cycle_value').notNull(),
    lang: text('lang').notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_responses_user_question').on(t.userId, t.questionId)],
);

/**
 * Subscriptions and their state machine: active, paused, cancelled, expired. A user has at most one subscription
 * that is not expired; expired rows stay as history. A cancelled subscription keeps its access until the end of its
 * period, when the scheduler expires it; a paused one gives no access until it is resumed.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    level: integer('level').notNull(),
    status: text('status', { enum: ['active', 'paused', 'cancelled', 'expired'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    paymentMethod: text('payment_method', { enum: ['paypal', 'card'] }),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day of the view. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    dateViewed: date('date_viewed', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind] })],
);

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Mailing-list sign-ups by interest (13 secrets, coaching, ...), with or without an account. */
export const mailingSubscriptions = pgTable(
  'mailing_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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

/** Products bought (the 13-day programme is product "main", level 1), with the day their content opens. */
export const purchases = pgTable(
  'purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/** Subscription-page views reported for the CRM; written in the background, read by the CRM export. */
export const crmEvents = pgTable('crm_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});

/** Saved birth-date cards. At most one primary card per user, enforced by a partial unique index. */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The instant of birth, in UTC (a date alone is kept as noon UTC). */
    birthDate: timestamp('birth_date', { withTimezone: true }).notNull(),
    description: text('description'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isBirthDate: boolean('is_birth_date').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cards_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('cards_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
  ],
);

/**
 * Comments on a cycle (spec 001 section 3). A thread is a top-level comment (depth 0, no reply_to_id) and its
 * replies down to depth 3; every reply keeps the id of its top-level comment in root_id so a page of threads loads
 * in one indexed read. A deleted comment keeps its row and its replies (is_deleted); its text is no longer sent.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cycleType: text('cycle_type').notNull(),
    cycleValue: integer('cycle_value').notNull(),
    /** Narrows the cycle to one occurrence (the year of a moon); 0 when it does not. */
    cycleSubValue: integer('cycle_sub_value').notNull().default(0),
    lang: text('lang').notNull(),
    /** Personal cycles (counted from a birth date) rather than the general cycle of a day. */
    isSum: boolean('is_sum').notNull().default(false),
    replyToId: bigint('reply_to_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    rootId: bigint('root_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    depth: smallint('depth').notNull().default(0),
    content: text('content').notNull(),
    /** Made from the text on the server: escaped, with line breaks and links added. */
    contentHtml: text('content_html').notNull(),
    isEdited: boolean('is_edited').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by a moderator: the comment leaves the public lists (a reply keeps its place without text). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    dislikesCount: integer('dislikes_count').notNull().default(0),
    /** The order of the "top" list. */
    score: integer('score').generatedAlwaysAs(sql`likes_count - dislikes_count`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_top_idx')
      .on(t.cycleType, t.cycleValue, t.cycleSubValue, t.lang, t.isSum, t.score.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.replyToId} is null`),
    index('comments_new_idx')
      .on(t.cycleType, t.cycleValue, t.cycleSubValue, t.lang, t.isSum, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.replyToId} is null`),
    index('comments_thread_idx').on(t.rootId, t.createdAt, t.id),
    index('comments_reply_to_idx').on(t.replyToId),
    index('comments_user_created_idx').on(t.userId, t.createdAt),
    index('comments_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * How many comments a cycle holds, kept with every new comment so a list never counts its rows, and the version of
 * its lists: raised by every post, edit, deletion and vote, so a server process knows when a list it keeps is stale.
 */
export const commentCycleCounts = pgTable(
  'comment_cycle_counts',
  {
    cycleType: text('cycle_type').notNull(),
    cycleValue: integer('cycle_value').notNull(),
    cycleSubValue: integer('cycle_sub_value').notNull(),
    lang: text('lang').notNull(),
    isSum: boolean('is_sum').notNull(),
    /** Top-level comments. */
    threads: integer('threads').notNull().default(0),
    /** Every comment, replies included. */
    comments: integer('comments').notNull().default(0),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cycleType, t.cycleValue, t.cycleSubValue, t.lang, t.isSum] })],
);

/** One vote per user per comment: 1 a like, -1 a dislike. */
export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_votes_user_idx').on(t.userId)],
);

/**
 * The catalogue: the programmes (13days, 260days, 13moons and their variations) and the subscription plans, every
 * field of the product entity of spec 001 section 3. Prices are integer minor units (kopecks, cents); the texts are
 * per language (`{ ru, en, ... }`).
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    type: text('type', { enum: ['program', 'subscription'] }).notNull(),
    /** For a subscription product, the plan it sells. */
    planId: text('plan_id'),
    level: integer('level').notNull(),
    /** Days of access one purchase gives. */
    days: integer('days').notNull(),
    priceRub: integer('price_rub').notNull(),
    priceUsd: integer('price_usd').notNull(),
    currency: text('currency').notNull().default('RUB'),
    show: boolean('show').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    productGroup: text('product_group').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    variationOrder: integer('variation_order').notNull().default(0),
    recur: boolean('recur').notNull().default(false),
    availabilityRu: boolean('availability_ru').notNull().default(true),
    activationType: text('activation_type', { enum: ['immediate', 'next_wavespell', 'date'] })
      .notNull()
      .default('immediate'),
    activationDate: date('activation_date', { mode: 'string' }),
    activationColor: text('activation_color'),
    activationCycleNumber: integer('activation_cycle_number'),
    activationCycleName: text('activation_cycle_name'),
    sortOrder: integer('sort_order').notNull().default(0),
    nameI18n: jsonb('name_i18n').$type<Record<string, string>>().notNull(),
    uspI18n: jsonb('usp_i18n').$type<Record<string, string>>().notNull(),
    descrI18n: jsonb('descr_i18n').$type<Record<string, string>>().notNull(),
    descrShortI18n: jsonb('descr_short_i18n').$type<Record<string, string>>().notNull(),
    descriptionLongI18n: jsonb('description_long_i18n').$type<Record<string, string>>().notNull(),
    highlightsI18n: jsonb('highlights_i18n').$type<Record<string, string[]>>().notNull(),
    variationNameI18n: jsonb('variation_name_i18n').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_slug').on(t.slug), index('products_parent').on(t.parentId)],
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
  id: uuid('id').primaryKey().defaultRandom(),
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

/** A player of the game: a public alias, the time zone their days are counted in, their streak. */
export const gameProfiles = pgTable(
  'game_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    timeZone: text('time_zone').notNull(),
    leaderboardOptIn: boolean('leaderboard_opt_in').notNull().default(false),
    streakCurrent: integer('streak_current').notNull().default(0),
    streakBest: integer('streak_best').notNull().default(0),
    /** The player's local date of the last practice, in the zone of that moment. */
    lastPracticeOn: date('last_practice_on', { mode: 'string' }),
    lastPracticeAt: timestamp('last_practice_at', { withTimezone: true }),
    /** The Monday of the week whose missed day was last mended. */
    repairWeek: date('repair_week', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_profiles_alias_lower_unique').on(sql`lower(${t.alias})`)],
);

/** A goal along one calendar cycle; the newest is the player's current goal. */
export const gameGoals = pgTable(
  'game_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cycle: text('cycle').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_goals_user_created_idx').on(t.userId, t.createdAt)],
);

/** One day's practice: a reflection or a check-in, dated in the player's zone when it was written. */
export const gamePractices = pgTable(
  'game_practices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kin: smallint('kin').notNull(),
    kind: text('kind').notNull(),
    answer: text('answer'),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_practices_user_day_idx').on(t.userId, t.day)],
);

/** A team: its owner manages it, its members read it. */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

/** A person on a team: an account that joined, or a card the owner added (no account). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('team_members_team_idx').on(t.teamId), uniqueIndex('team_members_one_per_user').on(t.teamId, t.userId)],
);

/** An invitation link to a team; only the token's hash is kept. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invites_token_unique').on(t.tokenHash),
    index('team_invites_creator_idx').on(t.createdBy, t.createdAt),
  ],
);

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

/**
 * Courses of the education area, loaded from content/education/ at boot (docs/decisions/024-education.md). Titles
 * and summaries are per language. A reader opens a course's lessons with `required_level` or a purchase of one of
 * `unlock_products` (the 13-day programme opens its course).
 */
export const eduCourses = pgTable('edu_courses', {
  id: text('id').primaryKey(),
  rank: integer('rank').notNull().default(0),
  requiredLevel: integer('required_level').notNull().default(0),
  unlockProducts: jsonb('unlock_products').$type<string[]>().notNull().default([]),
  /** The languages the course is written in; other readers get the first of English, then these. */
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
  summaries: jsonb('summaries').$type<Record<string, string>>().notNull().default({}),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const eduSections = pgTable(
  'edu_sections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => eduCourses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    rank: integer('rank').notNull().default(0),
    titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [uniqueIndex('edu_sections_course_slug').on(t.courseId, t.slug)],
);

/** A lesson of a course: its place, whether anyone may read it, the level it needs and its release after enrolment. */
export const eduLessons = pgTable(
  'edu_lessons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => eduCourses.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' }).references(() => eduSections.id, { onDelete: 'set null' }),
    /** The lesson's address in its course: `intro`, `lesson-1` ... */
    slug: text('slug').notNull(),
    lessonNumber: integer('lesson_number').notNull(),
    rank: integer('rank').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
    /** Overrides the course's level when set. */
    requiredLevel: integer('required_level'),
    /** Days after the reader's enrolment before the lesson opens; null opens it at once. */
    dripDays: integer('drip_days'),
    /** Set when an administrator changes the settings; the seed then keeps them. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('edu_lessons_course_slug').on(t.courseId, t.slug)],
);

/** A lesson's title and Markdown text in one language. */
export const eduLessonTexts = pgTable(
  'edu_lesson_texts',
  {
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => eduLessons.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.lang] })],
);

/** A reader's start of a course: written at their first step in it; drip lessons count from it. */
export const eduEnrolments = pgTable(
  'edu_enrolments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => eduCourses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** A reader's progress in one lesson: viewed or completed, and where they stopped reading (per cent). */
export const eduLessonProgress = pgTable(
  'edu_lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => eduLessons.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['viewed', 'completed'] }).notNull(),
    position: smallint('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('edu_lesson_progress_user_updated').on(t.userId, t.updatedAt),
  ],
);

/**
 * A private kin journal: one entry per user and day, with the day's kin, seal, tone, wavespell and moon (null on the
 * days out of the moons) kept beside it so the filters read an index, not the calendar.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kin: smallint('kin').notNull(),
    seal: smallint('seal').notNull(),
    tone: smallint('tone').notNull(),
    wavespell: smallint('wavespell').notNull(),
    moon: smallint('moon'),
    text: text('text').notNull(),
    mood: smallint('mood'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_user_day').on(t.userId, t.day),
    index('journal_entries_user_seal').on(t.userId, t.seal),
    index('journal_entries_user_tone').on(t.userId, t.tone),
  ],
);

/** A user's reminder choices: channels (email, push), what (the daily kin, galactic returns) and when (local time). */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(false),
  push: boolean('push').notNull().default(false),
  daily: boolean('daily').notNull().default(true),
  returns: boolean('returns').notNull().default(true),
  /** HH:MM in time_zone. */
  localTime: text('local_time').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per user, local day and channel, inserted before a reminder goes out: the unique index is the claim that
 * makes every server process on one database send a day's reminder once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    kin: smallint('kin').notNull(),
    /** How many devices accepted a push; null for email. */
    delivered: integer('delivered'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_sends_user_day_channel').on(t.userId, t.localDay, t.channel)],
);

/** A browser's Web Push subscription, one per device (its endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);

/** A user's referral links: one slug each, with the source it is shared on and the page it leads to. */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: bigint('link_id', { mode: 'number' }).references(() => referralLinks.id, { onDelete: 'set null' }),
    clickId: bigint('click_id', { mode: 'number' }).references(() => referralClicks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referrals_referred_user').on(t.referredUserId), index('referrals_referrer').on(t.referrerId)],
);

/**
 * The access days a referrer earned for a referred user's first payment, once the payment was past its refund
 * window; reversed when the payment is refunded (its purchase row gone, or reported by the payments module).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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

/**
 * Every change an administrator makes: who did it, to what, the state before and after, and why. Written in the same
 * transaction as the change, so a change without its row cannot exist.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A dotted verb in the product's words: `user.block`, `subscription.grant`, `payment.refund`, `setting.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created').on(t.createdAt),
    index('admin_audit_actor').on(t.actorId, t.createdAt),
    index('admin_audit_target').on(t.targetType, t.targetId),
  ],
);

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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** The link's language for a bot link. */
    target: text('target').notNull(),
    source: text('source').notNull(),
    referrer: text('referrer'),
    createdAt: createdAt(),
  },
  (t) => [index('tracked_clicks_created').on(t.createdAt)],
);

/** Settings administrators change without a release; a missing key has its default (contracts settings-rules.ts). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in user's choice of the email topics of one language's mailing list (spec 000 section 9 list ids): on or
 * off, the version of the consent text they accepted and when consent was given and withdrawn. A topic's letters go
 * only to a user whose topic is on and whose address is confirmed on that list (double opt-in, mailing_subscriptions
 * with the interest `list-{id}`).
 */
export const emailTopicConsents = pgTable(
  'email_topic_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: integer('list_id').notNull(),
    topic: text('topic').notNull(),
    subscribed: boolean('subscribed').notNull(),
    consentVersion: text('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listId, t.topic] }),
    index('email_topic_consents_topic').on(t.listId, t.topic),
  ],
);

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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Readers' reports of a comment, one per reader and comment, worked off by moderators as a queue: open until resolved
 * (something was done) or dismissed (nothing to do).
 */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['spam', 'abuse', 'off_topic', 'personal_data', 'other'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comment_reports_one_per_reader').on(t.commentId, t.userId),
    index('comment_reports_status_created').on(t.status, t.createdAt),
  ],
);

/**
 * An A/B test: its variants with their weights (a subject's variant is a hash of the experiment's key and the user or
 * anonymous id, so it never changes), and whether it is running.
 */
export const experiments = pgTable('experiments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  variants: jsonb('variants').$type<{ key: string; weight: number }[]>().notNull(),
  status: text('status', { enum: ['running', 'stopped'] })
    .notNull()
    .default('running'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});

/** A subject's first exposure to an experiment, with the variant it was given (`user:{id}` or `anon:{id}`). */
export const experimentExposures = pgTable(
  'experiment_exposures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    experimentId: bigint('experiment_id', { mode: 'number' })
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    variant: text('variant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('experiment_exposures_subject').on(t.experimentId, t.subject)],
);

/** An exposed subject's conversion, once per experiment and subject, in the variant it was exposed to. */
export const experimentConversions = pgTable(
  'experiment_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    experimentId: bigint('experiment_id', { mode: 'number' })
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    variant: text('variant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('experiment_conversions_subject').on(t.experimentId, t.subject)],
);

/**
 * Letters an administrator wrote to the readers of one topic of one language's list. `audience` is the number of
 * readers when it was sent; each reader's delivery is a row of `topic_letter_recipients`.
 */
export const topicLetters = pgTable(
  'topic_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topic: text('topic').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['sending', 'sent'] })
      .notNull()
      .default('sending'),
    audience: integer('audience').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('topic_letters_created').on(t.createdAt)],
);

/**
 * One reader's copy of a letter: written for every reader when the letter is sent, then claimed in batches by
 * whichever server process runs the sender (SKIP LOCKED), so each reader gets it once. A reader who left the topic
 * or the list before their turn is skipped.
 */
export const topicLetterRecipients = pgTable(
  'topic_letter_recipients',
  {
    letterId: uuid('letter_id')
      .notNull()
      .references(() => topicLetters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.letterId, t.userId] }),
    index('topic_letter_recipients_pending').on(t.letterId).where(sql`${t.status} = 'pending'`),
  ],
);
