import {
  acceptedResponseSchema,
  crmViewBodySchema,
  errorBodySchema,
  grantParamsSchema,
  grantPurchaseBodySchema,
  interestCheckBodySchema,
  interestCheckResponseSchema,
  interestSubscribeBodySchema,
  interestSubscribeResponseSchema,
  promoCreateBodySchema,
  promoListResponseSchema,
  promoParamsSchema,
  purchaseCheckResponseSchema,
  purchaseQuerySchema,
  storableJson,
} from '@hunab/contracts';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { crmEvents, promoCodes, purchases } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { referralCookie } from '../../lib/cookies.ts';
import { ApiError } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import { createSharedRateLimiter, sharedLimitOrThrow } from '../../lib/shared-rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { toUserDto } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { MailingService } from '../mailing/service.ts';
import { utcDay } from './access.ts';
import { assertUserExists } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * The commerce calls around subscriptions: promo codes, mailing-list interest (optionally creating an account),
 * the purchase check of the 13-day programme, and the CRM's subscription-page views.
 */
export const commerceRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  now: () => Date;
  onSignUp?: (userId: string, referralCookie: string | undefined) => Promise<unknown>;
  /** The mailing lists with double opt-in. */
  mailing: MailingService;
}> = async (app, { db, auth, now, onSignUp, mailing }) => {
  // Requests that may send mail are counted in the database, so the limits hold across processes.
  const subscribes = createSharedRateLimiter(db, { name: 'list-requests', limit: 10, windowMs: 60_000, now });
  const session = sessionHooks(auth);
  const crmViews = createRateLimiter({ limit: 20, windowMs: 60_000 });
  const mailingChecks = createRateLimiter({ limit: 30, windowMs: 60_000 });
  const mailingSignUps = createSharedRateLimiter(db, { name: 'list-sign-ups', limit: 10, windowMs: 3_600_000, now });

  const activePromos = () =>
    db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.active, true), gte(promoCodes.validUntil, utcDay(now()))))
      .orderBy(desc(promoCodes.discountPercentage), promoCodes.code);

  app.get(
    '/promo/active',
    {
      schema: {
        summary: 'Promo codes valid today, the highest discount first',
        tags: ['promo'],
        response: { 200: promoListResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      data: (await activePromos()).map((row) => ({
        code: row.code,
        discount_percentage: row.discountPercentage,
        valid_until: row.validUntil,
      })),
    }),
  );

  app.post(
    '/admin/promo-codes',
    {
      schema: {
        summary: 'Create or replace a promo code (administrators only)',
        tags: ['admin'],
        body: promoCreateBodySchema,
        response: { 200: acceptedResponseSchema, 403: errorBodySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      const { code, discount_percentage, valid_until } = request.body;
      const values = { discountPercentage: discount_percentage.toFixed(2), validUntil: valid_until, active: true };
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
        await tx
          .insert(promoCodes)
          .values({ code, ...values, createdAt: now() })
          .onConflictDoUpdate({ target: promoCodes.code, set: values });
        await recordAudit(tx, {
          actorId: sessionOf(request).user.id,
          action: before ? 'promo_code.update' : 'promo_code.create',
          targetType: 'promo_code',
          targetId: code,
          before: before
            ? { discount_percentage: before.discountPercentage, valid_until: before.validUntil, active: before.active }
            : null,
          after: values,
        });
      });
      return { success: true as const };
    },
  );

  app.delete(
    '/admin/promo-codes/:code',
    {
      schema: {
        summary: 'Withdraw a promo code (administrators only)',
        tags: ['admin'],
        params: promoParamsSchema,
        response: { 200: acceptedResponseSchema, 403: errorBodySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      const code = request.params.code.toUpperCase();
      await db.transaction(async (tx) => {
        const withdrawn = await tx
          .update(promoCodes)
          .set({ active: false })
          .where(eq(promoCodes.code, code))
          .returning({ code: promoCodes.code });
        if (withdrawn.length === 0) throw new ApiError(404, 'NOT_FOUND', 'There is no such promo code.');
        await recordAudit(tx, {
          actorId: sessionOf(request).user.id,
          action: 'promo_code.withdraw',
          targetType: 'promo_code',
          targetId: code,
          after: { active: false },
        });
      });
      return { success: true as const };
    },
  );

  app.post(
    '/subscriptions/check',
    {
      schema: {
        summary: "Whether the signed-in user's email is on the mailing list of an interest",
        description:
          'Only the signed-in owner of an address learns whether it is on the list; anyone else is answered ' +
          '"not subscribed" alike, so the list cannot be probed.',
        tags: ['mailing list'],
        body: interestCheckBodySchema,
        response: { 200: interestCheckResponseSchema, 429: errorBodySchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      limitOrThrow(mailingChecks, request.ip);
      const { email, interest } = request.body;
      const owner = request.session?.user.email.toLowerCase() === email.toLowerCase();
      // Only the signed-in owner of an address learns whether it is on the list.
      const subscribed = owner && (await mailing.isSubscribed(email, interest));
      return {
        success: true as const,
        subscribed,
        message: subscribed ? 'This email is already subscribed' : 'This email is not subscribed yet',
      };
    },
  );

  app.post(
    '/subscriptions/subscribe',
    {
      schema: {
        summary: 'Join the mailing list of an interest; with register, also create an account and sign in',
        tags: ['mailing list'],
        body: interestSubscribeBodySchema,
        response: { 200: interestSubscribeResponseSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await sharedLimitOrThrow(subscribes, request.ip);
      const { email, interest, lang, register, password, birth_date } = request.body;
      if (!register) await sharedLimitOrThrow(mailingSignUps, request.ip);
      let token: string | null = null;
      let user: { id: string; email: string } | null = null;
      if (register && password && birth_date) {
        // Registration first: an address that already has an account is refused before anything is written.
        const created = await auth.register(
          {
            email,
            password,
            lang,
            interest,
            birth_date,
            registration_source: 'website',
          },
          request.ip,
        );
        token = created.token;
        user = { id: created.user.id, email: toUserDto(created.user).email };
        await onSignUp?.(created.user.id, referralCookie(request));
      }
      await mailing.subscribe(email, interest, lang ?? 'ru');
      // The same answer whether the address was on the list already or not: the list cannot be probed.
      return {
        success: true as const,
        subscribed: false,
        message: 'Almost there: confirm the subscription with the link we have emailed',
        token,
        user,
      };
    },
  );

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

  app.post(
    '/amocrm/subscription-view',
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Note a view of the subscription page for the CRM',
        tags: ['purchases'],
        security: [{ bearer: [] }],
        body: crmViewBodySchema,
        response: { 202: acceptedResponseSchema, 429: errorBodySchema, ...errors },
      },
      onRequest: session.required,
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      limitOrThrow(crmViews, userId);
      // Written before the answer: a client that floods the endpoint waits for the database instead of piling up
      // writes in this process's memory.
      await db.insert(crmEvents).values({
        userId,
        kind: 'subscription_view',
        payload: storableJson(request.body) as Record<string, unknown>,
        createdAt: now(),
      });
      return reply.status(202).send({ success: true as const });
    },
  );
};
