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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
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
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a verification link confirms. */
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
  (t) => [index('analytics_events_event_idx').on(t.event, t.createdAt)],
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
    /** 'admin' for a grant, later the payment provider. */
    source: text('source').notNull().default('admin'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
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
    createdAt: createdAt(),
  },
  (t) => [index('purchases_user_product').on(t.userId, t.productName)],
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
