/**
 * The database schema, one file per domain under schema/; drizzle-kit reads this file, and the server imports
 * its tables from here.
 */

export * from './schema/admin.ts';
export * from './schema/auth.ts';
export * from './schema/cards.ts';
export * from './schema/comments.ts';
export * from './schema/content.ts';
export * from './schema/crm.ts';
export * from './schema/education.ts';
export * from './schema/email-topics.ts';
export * from './schema/experiments.ts';
export * from './schema/feed.ts';
export * from './schema/game.ts';
export * from './schema/insights.ts';
export * from './schema/journal.ts';
export * from './schema/letters.ts';
export * from './schema/mail.ts';
export * from './schema/mailing.ts';
export * from './schema/payments.ts';
export * from './schema/privacy.ts';
export * from './schema/products.ts';
export * from './schema/promo.ts';
export * from './schema/referrals.ts';
export * from './schema/reminders.ts';
export * from './schema/subscriptions.ts';
export * from './schema/system.ts';
export * from './schema/teams.ts';
export * from './schema/telegram.ts';
export * from './schema/telemetry.ts';
export * from './schema/testimonials.ts';
export * from './schema/users.ts';
