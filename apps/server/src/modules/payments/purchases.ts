import {
  errorBodySchema,
  grantParamsSchema,
  grantPurchaseBodySchema,
  purchaseCheckResponseSchema,
  purchaseQuerySchema,
} from '@hunab/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { utcDay } from '../subscriptions/access.ts';
import { assertUserExists } from '../subscriptions/service.ts';

const errors = errorResponses(400, 401, 404, 409);

/** Purchases of products such as the 13-day programme: the buyer's check, and the administrators' grant. */
export const purchaseRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService; now: () => Date }> = async (
  app,
  { db, auth, now },
) => {
  const session = sessionHooks(auth);

  app.get(
    '/bot/payments/by-product',
    {
      schema: {
        summary: 'Whether the signed-in user bought a product (by name and level), and when its content opens',
        tags: ['purchases'],
        querystring: purchaseQuerySchema,
        response: { 200: purchaseCheckResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { product_name, product_level } = request.query;
      const [row] = await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, sessionOf(request).user.id),
            eq(purchases.productName, product_name),
            product_level === undefined ? undefined : eq(purchases.productLevel, product_level),
          ),
        )
        .orderBy(desc(purchases.id))
        .limit(1);
      const today = utcDay(now());
      return {
        success: true as const,
        data: {
          hasPurchase: Boolean(row),
          activationDate: row?.activationDate ?? null,
          isActive: Boolean(row) && (!row?.activationDate || row.activationDate <= today),
        },
      };
    },
  );

  app.post(
    '/admin/users/:id/purchases',
    {
      schema: {
        summary: 'Record a product for a user, such as the 13-day programme (administrators only)',
        tags: ['admin'],
        params: grantParamsSchema,
        body: grantPurchaseBodySchema,
        response: { 200: z.object({ success: z.literal(true), id: z.number() }), 403: errorBodySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      await assertUserExists(db, request.params.id);
      const { product_name, product_level, activation_date } = request.body;
      const [row] = await db
        .insert(purchases)
        .values({
          userId: request.params.id,
          productName: product_name,
          productLevel: product_level,
          activationDate: activation_date ?? null,
          createdAt: now(),
        })
        .returning({ id: purchases.id });
      if (!row) throw new Error('the purchase was not written');
      return { success: true as const, id: row.id };
    },
  );
};
