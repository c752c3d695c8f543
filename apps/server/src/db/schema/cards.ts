import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidId } from './columns.ts';
import { ownerId } from './users.ts';

/** Saved birth-date cards. At most one primary card per user, enforced by a partial unique index. */
export const cards = pgTable(
  'cards',
  {
    id: uuidId(),
    userId: ownerId(),
    name: text('name').notNull(),
    /** The instant of birth, in UTC (a date alone is kept as noon UTC). */
    birthDate: timestamp('birth_date', { withTimezone: true }).notNull(),
    description: text('description'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isBirthDate: boolean('is_birth_date').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cards_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('cards_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
  ],
);
