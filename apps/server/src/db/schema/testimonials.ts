import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, serialId, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Testimonials readers gave (a text with an optional screenshot, published with their first name once they consented
 * and an administrator approved it) and the video testimonials an administrator links. Nothing is published that a
 * person did not give: a reader's row is deleted with the account.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: serialId(),
    /** The reader who gave it; null for a video an administrator linked. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'video'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The name it is published with: the first name the reader gave. */
    firstName: text('first_name').notNull().default(''),
    /** The language it was written in. */
    lang: text('lang').notNull(),
    /** The text as written (an administrator may correct it). */
    body: text('body').notNull().default(''),
    /** The administrators' translations of the text (or a video's title), by language. */
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    videoUrl: text('video_url'),
    /** The screenshot, rewritten without its metadata, and its sniffed type and size. */
    screenshot: bytea('screenshot'),
    screenshotType: text('screenshot_type', { enum: ['image/png', 'image/jpeg'] }),
    screenshotWidth: integer('screenshot_width'),
    screenshotHeight: integer('screenshot_height'),
    /** Smaller first among the published ones. */
    position: integer('position').notNull().default(0),
    /** When the reader agreed to publication with their first name. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('testimonials_user').on(t.userId), index('testimonials_published').on(t.status, t.kind, t.position)],
);
