import type { Language } from '@hunab/calendar';
import type { ProductDto } from '@hunab/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { boundedCache } from '../../lib/caches.ts';
import { ApiError } from '../../lib/errors.ts';
import { CATALOGUE, type CatalogueProduct } from './catalogue.ts';

export type ProductRow = typeof products.$inferSelect;

const LANGS = ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar'] as const;

/** A text in the reader's language, else English, else Russian, else empty. */
export function pick<T>(texts: Record<string, T> | null | undefined, lang: string, empty: T): T {
  return texts?.[lang] ?? texts?.en ?? texts?.ru ?? empty;
}

/** Fills every language of a text map from English (then Russian), so each language has every field. */
function complete<T>(texts: Partial<Record<string, T>>): Record<string, T> {
  const fallback = texts.en ?? texts.ru;
  return Object.fromEntries(
    LANGS.flatMap((lang) => {
      const value = texts[lang] ?? fallback;
      return value === undefined ? [] : [[lang, value]];
    }),
  ) as Record<string, T>;
}

const toMinor = (major: number) => Math.round(major * 100);

function rowOf(item: CatalogueProduct): typeof products.$inferInsert {
  return {
    id: item.id,
    slug: item.id.replace(/_/g, '-'),
    type: item.type,
    planId: item.planId ?? null,
    level: item.level,
    days: item.days,
    priceRub: toMinor(item.priceRub),
    priceUsd: toMinor(item.priceUsd),
    currency: 'RUB',
    show: true,
    isActive: true,
    productGroup: item.productGroup,
    parentId: item.parentId ?? null,
    variationOrder: item.variationOrder ?? 0,
    recur: item.recur ?? false,
    availabilityRu: true,
    activationType: item.activationType ?? 'immediate',
    activationCycleName: item.activationCycleName ?? null,
    sortOrder: item.sortOrder,
    nameI18n: complete(item.name),
    uspI18n: complete(item.usp),
    descrI18n: complete(item.descr),
    descrShortI18n: complete(item.descrShort),
    descriptionLongI18n: complete(item.descriptionLong),
    highlightsI18n: complete(item.highlights),
    variationNameI18n: complete(item.variationName ?? {}),
  };
}

/** The text fields of a product row, with the catalogue field each is written from. */
const TEXT_FIELDS = [
  ['nameI18n', 'name'],
  ['uspI18n', 'usp'],
  ['descrI18n', 'descr'],
  ['descrShortI18n', 'descrShort'],
  ['descriptionLongI18n', 'descriptionLong'],
  ['highlightsI18n', 'highlights'],
  ['variationNameI18n', 'variationName'],
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The stored texts with the catalogue's translations put where a language still holds the English stand-in (the
 * value `complete` copied when the catalogue had no text of its own for that language). A text an administrator wrote
 * differs from English and is kept; `null` when nothing changes.
 */
function withNewTranslations(row: ProductRow, item: CatalogueProduct): Partial<ProductRow> | null {
  const changes: Record<string, Record<string, unknown>> = {};
  for (const [column, field] of TEXT_FIELDS) {
    const stored = (row[column] ?? {}) as Record<string, unknown>;
    const texts = (item[field] ?? {}) as Partial<Record<string, unknown>>;
    const english = stored.en ?? stored.ru;
    let next: Record<string, unknown> | null = null;
    for (const lang of LANGS) {
      const own = texts[lang];
      if (lang === 'en' || own === undefined || same(stored[lang], own)) continue;
      if (stored[lang] !== undefined && !same(stored[lang], english)) continue;
      next = { ...(next ?? stored), [lang]: own };
    }
    if (next) changes[column] = next;
  }
  return Object.keys(changes).length ? (changes as Partial<ProductRow>) : null;
}

/**
 * Writes the built-in catalogue: new products are added; existing ones are left as the administrators edited them
 * (prices, texts, visibility), so a restart never undoes an edit. Only a language that still reads the English
 * stand-in takes the catalogue's own translation once there is one.
 */
export async function seedProducts(db: Db): Promise<number> {
  const parents = CATALOGUE.filter((item) => !item.parentId);
  const children = CATALOGUE.filter((item) => item.parentId);
  let added = 0;
  for (const item of [...parents, ...children]) {
    const inserted = await db.insert(products).values(rowOf(item)).onConflictDoNothing().returning({ id: products.id });
    added += inserted.length;
    if (inserted.length) continue;
    const [row] = await db.select().from(products).where(eq(products.id, item.id));
    const changes = row && withNewTranslations(row, item);
    if (changes) await db.update(products).set(changes).where(eq(products.id, item.id));
  }
  return added;
}

/** A product's texts in every language, as the API names them. */
export const i18nFieldsOf = (row: ProductRow) => ({
  name_i18n: row.nameI18n,
  usp_i18n: row.uspI18n,
  descr_i18n: row.descrI18n,
  descr_short_i18n: row.descrShortI18n,
  description_long_i18n: row.descriptionLongI18n,
  highlights_i18n: row.highlightsI18n,
  variation_name_i18n: row.variationNameI18n,
});

export function toProductDto(row: ProductRow, lang: Language, children: ProductRow[] = []): ProductDto {
  const highlights = pick(row.highlightsI18n, lang, [] as string[]);
  return {
    id: row.id,
    slug: row.slug,
    name: pick(row.nameI18n, lang, row.id),
    description: pick(row.descrI18n, lang, ''),
    shortDescription: pick(row.descrShortI18n, lang, ''),
    longDescription: pick(row.descriptionLongI18n, lang, ''),
    highlights,
    ...i18nFieldsOf(row),
    price_rub: row.priceRub / 100,
    price_usd: row.priceUsd / 100,
    prices: { RUB: row.priceRub, USD: row.priceUsd },
    show: row.show,
    level: row.level,
    days: row.days,
    duration_days: row.days,
    type: row.type,
    plan_id: row.planId,
    currency: row.currency,
    is_active: row.isActive,
    product_group: row.productGroup,
    is_parent: children.length > 0,
    parent_id: row.parentId,
    variation_order: row.variationOrder,
    recur: row.recur,
    availability_ru: row.availabilityRu,
    activation_date: row.activationDate,
    activation_type: row.activationType,
    activation_color: row.activationColor,
    activation_cycle_number: row.activationCycleNumber,
    activation_cycle_name: row.activationCycleName,
    has_variations: children.length > 0,
  };
}

/**
 * The catalogue as buyers see it (shown and active products), read from the database and kept in memory for five
 * minutes; the administrators' cache tool empties it, and so does every change an administrator makes.
 */
export function createProductService(db: Db, now: () => number = Date.now) {
  const cache = boundedCache<ProductRow[]>(4, 5 * 60_000, now);

  async function visible(): Promise<ProductRow[]> {
    const cached = cache.get('visible');
    if (cached) return cached;
    const rows = await db
      .select()
      .from(products)
      .where(sql`${products.show} and ${products.isActive}`)
      .orderBy(asc(products.sortOrder), asc(products.variationOrder), asc(products.id));
    cache.set('visible', rows);
    return rows;
  }

  function childrenOf(rows: ProductRow[], id: string) {
    return rows.filter((row) => row.parentId === id).sort((a, b) => a.variationOrder - b.variationOrder);
  }

  return {
    clearCache: () => cache.clear(),
    visible,
    childrenOf,

    /** A product that can be bought: shown and active. */
    async buyable(id: string): Promise<ProductRow> {
      const row = (await visible()).find((item) => item.id === id || item.slug === id);
      if (!row) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'There is no such product on sale.');
      return row;
    },

    /** Any product by id, for order history (a product withdrawn later still names old orders). */
    async byId(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row;
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
