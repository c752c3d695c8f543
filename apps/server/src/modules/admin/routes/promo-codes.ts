import { type AdminPromoCodeRow, adminPromoCodesQuerySchema, adminPromoCodesResponseSchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PromoCodeRepository } from '../repository/promo-codes.ts';
import { type AdminSection, type CsvExport, errors, pageOf, pageOrCsv, tags } from './section.ts';

const PROMO_CODES_CSV: CsvExport<AdminPromoCodeRow> = {
  name: 'promo-codes',
  columns: [
    ['code', (r) => r.code],
    ['discount_percentage', (r) => r.discount_percentage],
    ['valid_until', (r) => r.valid_until],
    ['active', (r) => r.active],
    ['public', (r) => r.public],
    ['max_redemptions', (r) => r.max_redemptions ?? ''],
    ['per_user_limit', (r) => r.per_user_limit],
    ['used', (r) => r.used],
    ['started', (r) => r.started],
    ['created_at', (r) => r.created_at],
  ],
};

/** Promo codes with their use; their creation and withdrawal are in the promo module. */
export const adminPromoCodeRoutes: FastifyPluginAsyncZod<AdminSection & { repo: PromoCodeRepository }> = async (
  app,
  { guard, repo },
) => {
  app.get(
    '/admin/promo-codes',
    {
      schema: {
        summary: 'Promo codes with how many orders used them (administrators only)',
        tags,
        querystring: adminPromoCodesQuerySchema,
        response: { 200: adminPromoCodesResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listPromoCodes(
        { active: query.active },
        query.sort,
        query.order,
        pageOf(query),
      );
      const data = rows.map((row) => ({
        code: row.code,
        discount_percentage: Number(row.discountPercentage),
        valid_until: row.validUntil,
        active: row.active,
        public: row.public,
        max_redemptions: row.maxRedemptions,
        per_user_limit: row.perUserLimit,
        created_at: row.createdAt.toISOString(),
        used: Number(row.used),
        started: Number(row.started),
      }));
      return pageOrCsv(reply, query, { data, total }, PROMO_CODES_CSV);
    },
  );
};
