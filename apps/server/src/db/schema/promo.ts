import { boolean, date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  /** Listed to everyone (and in banners) only when public; a private code works for whoever is given it. */
  public: boolean('public').notNull().default(false),
  /** Orders that may use the code in all (under way or paid); null: no limit. */
  maxRedemptions: integer('max_redemptions').default(1),
  /** Orders one buyer may use it for. */
  perUserLimit: integer('per_user_limit').notNull().default(1),
  createdAt: createdAt(),
});
