import type { promoCreateBodySchema } from '@hunab/contracts';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { promoCodes } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { utcDay } from '../subscriptions/access.ts';

/** Promo codes: the ones valid today, and the administrators' changes, each audited in its own transaction. */
export function createPromoService({ db, now }: { db: Db; now: () => Date }) {
  return {
    /** The public codes valid today, the highest discount first; private codes are never listed. */
    async active() {
      const rows = await db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.active, true), eq(promoCodes.public, true), gte(promoCodes.validUntil, utcDay(now()))))
        .orderBy(desc(promoCodes.discountPercentage), promoCodes.code);
      return rows.map((row) => ({
        code: row.code,
        discount_percentage: row.discountPercentage,
        valid_until: row.validUntil,
      }));
    },

    /** Creates a code, or replaces the discount and end of an existing one (which becomes active again). */
    async save(actorId: string, body: z.output<typeof promoCreateBodySchema>) {
      const { code } = body;
      const values = {
        discountPercentage: body.discount_percentage.toFixed(2),
        validUntil: body.valid_until,
        active: true,
        public: body.public,
        maxRedemptions: body.max_redemptions,
        perUserLimit: body.per_user_limit,
      };
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
        await tx
          .insert(promoCodes)
          .values({ code, ...values, createdAt: now() })
          .onConflictDoUpdate({ target: promoCodes.code, set: values });
        await recordAudit(tx, {
          actorId,
          action: before ? 'promo_code.update' : 'promo_code.create',
          targetType: 'promo_code',
          targetId: code,
          before: before
            ? {
                discount_percentage: before.discountPercentage,
                valid_until: before.validUntil,
                active: before.active,
                public: before.public,
                max_redemptions: before.maxRedemptions,
                per_user_limit: before.perUserLimit,
              }
            : null,
          after: values,
        });
      });
    },

    /** Withdraws a code: it stays in the administrators' list, inactive. */
    async withdraw(actorId: string, code: string) {
      await db.transaction(async (tx) => {
        const withdrawn = await tx
          .update(promoCodes)
          .set({ active: false })
          .where(eq(promoCodes.code, code))
          .returning({ code: promoCodes.code });
        if (withdrawn.length === 0) throw new ApiError(404, 'NOT_FOUND', 'There is no such promo code.');
        await recordAudit(tx, {
          actorId,
          action: 'promo_code.withdraw',
          targetType: 'promo_code',
          targetId: code,
          after: { active: false },
        });
      });
    },
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
