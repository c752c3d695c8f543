import { boolean, date, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});
