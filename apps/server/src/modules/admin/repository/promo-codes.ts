import { count, eq, sql } from 'drizzle-orm';
import { type Db, outer } from '../../../db/client.ts';
import { orders, promoCodes } from '../../../db/schema.ts';
import { listPage, ordered, type Page } from './shared.ts';

/** The promo codes with how many orders used them. */
export function createPromoCodeRepository(db: Db) {
  return {
    listPromoCodes(
      filters: { active?: boolean },
      sort: 'created_at' | 'code' | 'valid_until',
      order: 'asc' | 'desc',
      page: Page,
    ) {
      const where = filters.active === undefined ? undefined : eq(promoCodes.active, filters.active);
      const column = { created_at: promoCodes.createdAt, code: promoCodes.code, valid_until: promoCodes.validUntil }[
        sort
      ];
      return listPage(
        db.select({ total: count() }).from(promoCodes).where(where),
        db
          .select({
            code: promoCodes.code,
            discountPercentage: promoCodes.discountPercentage,
            validUntil: promoCodes.validUntil,
            active: promoCodes.active,
            public: promoCodes.public,
            maxRedemptions: promoCodes.maxRedemptions,
            perUserLimit: promoCodes.perUserLimit,
            createdAt: promoCodes.createdAt,
            used: sql<number>`(select count(*)::int from ${orders} where upper(${orders.promoCode}) = ${outer(promoCodes.code)}
            and ${orders.status} in ('paid', 'partially_refunded', 'refunded'))`,
            started: sql<number>`(select count(*)::int from ${orders} where upper(${orders.promoCode}) = ${outer(promoCodes.code)}
            and ${orders.status} in ('pending', 'failed', 'cancelled'))`,
          })
          .from(promoCodes)
          .where(where)
          .orderBy(...ordered(column, order, promoCodes.code)),
        page,
      );
    },
  };
}

export type PromoCodeRepository = ReturnType<typeof createPromoCodeRepository>;
