import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidId } from './columns.ts';

export interface Badge {
  badge_type: 'hunabbot' | 'dailyoraclebot' | 'hoonabbot' | 'hunabapp' | 'other';
  badge_name: string;
}

export const users = pgTable(
  'users',
  {
    id: uuidId(),
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
    /**
     * When the reader consented to the terms of use and the privacy policy, and to which of their versions (the
     * dates the texts last changed); null for an account made without the registration form's consent.
     */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    privacyVersion: text('privacy_version'),
    /** Raised when the password changes: every token issued under an older version stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set by an administrator: a blocked user cannot sign in, and every session of theirs has ended. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /**
     * Set when the owner deletes the account: sign-in is refused and it is erased after the grace period unless
     * restored (modules/privacy). An erased account's accounting rows stay with an anonymous row whose
     * `erased_at` is set.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/** The owner's `user_id` column of a row that goes with its user's account. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
