import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

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
    /** YooKassa's VAT code for the 54-FZ receipt lines of this product (1: no VAT, 2: 0 %, 3: 10 %, 4: 20 %, ...). */
    vatCode: integer('vat_code').notNull().default(1),
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
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_slug').on(t.slug), index('products_parent').on(t.parentId)],
);
