import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
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
