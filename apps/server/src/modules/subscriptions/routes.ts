import {
  activeStatusResponseSchema,
  cancelBodySchema,
  currentSubscriptionResponseSchema,
  errorBodySchema,
  grantBodySchema,
  grantParamsSchema,
  PLANS,
  pauseBodySchema,
  plansResponseSchema,
  resumeBodySchema,
  revokeQuerySchema,
  subscriptionActionResponseSchema,
  subscriptionSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { assertUserExists, type PlanDeps, toSubscriptionDto } from './service.ts';

const errors = errorResponses(400, 401, 404, 409);
/** What a grant or a revocation answers: the user's subscription as it now stands. */
const grantReplySchema = z.object({ success: z.literal(true), subscription: subscriptionSchema });

export const subscriptionRoutes: FastifyPluginAsyncZod<PlanDeps & { auth: AuthService }> = async (
  app,
  { db, auth, subscriptions, now },
) => {
  const session = sessionHooks(auth);
  const tags = ['subscriptions'];

  app.get(
    '/subscriptions/plans',
    {
      schema: { summary: 'The plan catalogue', tags, response: { 200: plansResponseSchema } },
    },
    async () => ({ success: true as const, plans: [...PLANS] }),
  );

  app.get(
    '/subscriptions/current',
    {
      schema: {
        summary: 'The signed-in user’s subscription (null when there is none)',
        tags,
        response: { 200: currentSubscriptionResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const row = await subscriptions.current(sessionOf(request).user.id);
      return { success: true as const, subscription: row ? toSubscriptionDto(row, now()) : null };
    },
  );

  app.get(
    '/subscriptions/active-status',
    {
      schema: {
        summary: 'The subscription level (0 none, 1 basic, 2 premium; 3 an administrator) and whether it is active',
        tags,
        response: { 200: activeStatusResponseSchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      const access = await subscriptions.accessOf(request.session?.user ?? null);
      return {
        success: true as const,
        subscriptionLevel: access.level,
        subscriptionActive: access.active,
        plan: access.tier,
      };
    },
  );

  const action = (message: string) => (row: Parameters<typeof toSubscriptionDto>[0]) => ({
    success: true as const,
    message,
    subscription: toSubscriptionDto(row, now()),
  });

  app.post(
    '/subscriptions/pause',
    {
      schema: {
        summary: 'Pause an active subscription for 7, 14 or 30 days',
        tags,
        body: pauseBodySchema,
        response: { 200: subscriptionActionResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { days, reason, autoResume } = request.body;
      const row = await subscriptions.pause(sessionOf(request).user.id, days, { reason, autoResume });
      return action(`Subscription paused for ${days} days`)(row);
    },
  );

  app.post(
    '/subscriptions/resume',
    {
      schema: {
        summary: 'Resume a paused subscription',
        tags,
        body: resumeBodySchema,
        response: { 200: subscriptionActionResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => action('Subscription resumed')(await subscriptions.resume(sessionOf(request).user.id)),
  );

  app.post(
    '/subscriptions/cancel',
    {
      schema: {
        summary: 'Cancel an active or paused subscription; access lasts until the end of the paid period',
        tags,
        body: cancelBodySchema,
        response: { 200: subscriptionActionResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) =>
      action('Subscription cancelled')(await subscriptions.cancel(sessionOf(request).user.id, request.body.reason)),
  );

  const adminTags = ['admin'];

  app.post(
    '/admin/users/:id/subscription',
    {
      schema: {
        summary: 'Grant a plan to a user for a number of days (administrators only)',
        tags: adminTags,
        params: grantParamsSchema,
        body: grantBodySchema,
        response: { 200: grantReplySchema, 403: errorBodySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      await assertUserExists(db, request.params.id);
      const row = await subscriptions.grant(request.params.id, request.body.plan_id, request.body.days, {
        actorId: sessionOf(request).user.id,
        reason: request.body.reason ?? null,
      });
      return { success: true as const, subscription: toSubscriptionDto(row, now()) };
    },
  );

  app.delete(
    '/admin/users/:id/subscription',
    {
      schema: {
        summary: 'Revoke a user’s subscription now (administrators only)',
        tags: adminTags,
        params: grantParamsSchema,
        querystring: revokeQuerySchema,
        response: { 200: grantReplySchema, 403: errorBodySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      await assertUserExists(db, request.params.id);
      const row = await subscriptions.revoke(request.params.id, {
        actorId: sessionOf(request).user.id,
        reason: request.query.reason ?? null,
      });
      return { success: true as const, subscription: toSubscriptionDto(row, now()) };
    },
  );
};
