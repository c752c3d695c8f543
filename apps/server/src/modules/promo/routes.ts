import {
  acceptedResponseSchema,
  errorBodySchema,
  promoCreateBodySchema,
  promoListResponseSchema,
  promoParamsSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { PromoService } from './service.ts';

const errors = errorResponses(400, 401, 404, 409);

/** Promo codes: the ones valid today for everyone, and their creation and withdrawal for administrators. */
export const promoRoutes: FastifyPluginAsyncZod<{ auth: AuthService; promo: PromoService }> = async (
  app,
  { auth, promo },
) => {
  const session = sessionHooks(auth);

  app.get(
    '/promo/active',
    {
      schema: {
        summary: 'Promo codes valid today, the highest discount first',
        tags: ['promo'],
        response: { 200: promoListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await promo.active() }),
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
      await promo.save(sessionOf(request).user.id, request.body);
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
      await promo.withdraw(sessionOf(request).user.id, request.params.code.toUpperCase());
      return { success: true as const };
    },
  );
};
