import type { AdminProductRow, adminProductFieldsSchema } from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { ApiError, isUniqueViolation } from '../../../lib/errors.ts';
import type { Session } from '../../auth/service.ts';
import { i18nFieldsOf } from '../../products/service.ts';
import type { ProductRepository } from '../repository/products.ts';

type ProductRow = typeof products.$inferSelect;
type ProductFields = z.output<typeof adminProductFieldsSchema>;

export const toAdminProductRow = (row: ProductRow): AdminProductRow => ({
  id: row.id,
  slug: row.slug,
  type: row.type,
  plan_id: row.planId as AdminProductRow['plan_id'],
  level: row.level,
  days: row.days,
  price_rub: row.priceRub,
  price_usd: row.priceUsd,
  vat_code: row.vatCode,
  currency: row.currency as AdminProductRow['currency'],
  show: row.show,
  is_active: row.isActive,
  product_group: row.productGroup,
  parent_id: row.parentId,
  variation_order: row.variationOrder,
  recur: row.recur,
  availability_ru: row.availabilityRu,
  activation_type: row.activationType,
  activation_date: row.activationDate,
  sort_order: row.sortOrder,
  ...i18nFieldsOf(row),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The columns of the product fields an administrator edits. */
const productValues = (fields: ProductFields) => ({
  slug: fields.slug,
  type: fields.type,
  planId: fields.plan_id,
  level: fields.level,
  days: fields.days,
  priceRub: fields.price_rub,
  priceUsd: fields.price_usd,
  vatCode: fields.vat_code,
  currency: fields.currency,
  show: fields.show,
  isActive: fields.is_active,
  productGroup: fields.product_group,
  parentId: fields.parent_id,
  variationOrder: fields.variation_order,
  recur: fields.recur,
  availabilityRu: fields.availability_ru,
  activationType: fields.activation_type,
  activationDate: fields.activation_date,
  sortOrder: fields.sort_order,
  nameI18n: fields.name_i18n as Record<string, string>,
  uspI18n: fields.usp_i18n as Record<string, string>,
  descrI18n: fields.descr_i18n as Record<string, string>,
  descrShortI18n: fields.descr_short_i18n as Record<string, string>,
  descriptionLongI18n: fields.description_long_i18n as Record<string, string>,
  highlightsI18n: fields.highlights_i18n as Record<string, string[]>,
  variationNameI18n: fields.variation_name_i18n as Record<string, string>,
});

export interface ProductAdminDeps {
  db: Db;
  repo: ProductRepository;
  now: () => Date;
  /** Empties the products cache of this process after a catalogue change. */
  clearProducts: () => void;
}

/** The administrators' changes to the catalogue; each is audited, and the products cache is emptied after it. */
export function createProductAdmin({ db, repo, now, clearProducts }: ProductAdminDeps) {
  return {
    /**
     * Creates a product or replaces an existing one's fields; the products cache is emptied after the change. A
     * variation must name a parent that exists and is not itself a variation.
     */
    async saveProduct(admin: Session, id: string, fields: ProductFields, create: boolean) {
      if (fields.parent_id === id) throw new ApiError(400, 'VALIDATION_ERROR', 'A product cannot be its own parent.');
      let saved: ProductRow | undefined;
      try {
        await db.transaction(async (tx) => {
          if (fields.parent_id) {
            const parent = await repo.lockProduct(tx, fields.parent_id);
            if (!parent || parent.parentId) {
              throw new ApiError(400, 'VALIDATION_ERROR', 'The parent must be a product that is not a variation.');
            }
          }
          const before = await repo.lockProduct(tx, id);
          if (create && before) throw new ApiError(409, 'INVALID_TRANSITION', 'A product with this id exists.');
          if (!create && !before) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'There is no such product.');
          const values = { ...productValues(fields), updatedAt: now() };
          [saved] = create
            ? await tx
                .insert(products)
                .values({ id, ...values, createdAt: now() })
                .returning()
            : await tx.update(products).set(values).where(eq(products.id, id)).returning();
          if (!saved) throw new Error('the product was not written');
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: create ? 'product.create' : 'product.update',
            targetType: 'product',
            targetId: id,
            before: before ? toAdminProductRow(before) : null,
            after: toAdminProductRow(saved),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'INVALID_TRANSITION', 'This id or slug is taken.');
        throw error;
      }
      clearProducts();
      return toAdminProductRow(saved as ProductRow);
    },

    /** Puts the products in the order given (the sort order of the ones not named is left alone). */
    async reorderProducts(admin: Session, ids: string[]) {
      if (new Set(ids).size !== ids.length) throw new ApiError(400, 'VALIDATION_ERROR', 'An id is named twice.');
      await db.transaction(async (tx) => {
        const before: Record<string, number> = {};
        for (const [index, id] of ids.entries()) {
          const row = await repo.lockProduct(tx, id);
          if (!row) throw new ApiError(404, 'PRODUCT_NOT_FOUND', `There is no product ${id}.`);
          before[id] = row.sortOrder;
          await tx
            .update(products)
            .set({ sortOrder: (index + 1) * 10, updatedAt: now() })
            .where(eq(products.id, id));
        }
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: 'product.reorder',
          targetType: 'product',
          before,
          after: Object.fromEntries(ids.map((id, index) => [id, (index + 1) * 10])),
        });
      });
      clearProducts();
    },
  };
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
