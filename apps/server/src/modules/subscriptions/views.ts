import {
  dashTrackBodySchema,
  MONTHLY_VIEW_LIMIT,
  matrixTrackBodySchema,
  trackViewResponseSchema,
  viewLimitResponseSchema,
} from '@hunab/contracts';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matrixViews } from '../../db/schema.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { utcDay } from './access.ts';
import type { PlanDeps } from './service.ts';

const errors = errorResponses(400, 401);

/** The UTC month of `at`: its first day and the first day of the next month, when the count starts again. */
function monthOf(at: Date): { start: string; next: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return { start: utcDay(start), next: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}

/**
 * Matrix and dashboard views of signed-in users without a subscription: one view per user, UTC day and kind
 * (looking at the moon page ten times on one day is one view), 20 a month, counted again from the first of the
 * next month (UTC). Subscribers and administrators are not counted.
 */
export const viewRoutes: FastifyPluginAsyncZod<PlanDeps & { auth: AuthService }> = async (
  app,
  { db, auth, subscriptions, now },
) => {
  const session = sessionHooks(auth);
  const tags = ['view limits'];

  async function limitOf(userId: string, hasSubscription: boolean, at: Date) {
    const { start, next } = monthOf(at);
    const [row] = hasSubscription
      ? [{ n: 0 }]
      : await db
          .select({ n: count() })
          .from(matrixViews)
          .where(and(eq(matrixViews.userId, userId), gte(matrixViews.day, start), lt(matrixViews.day, utcDay(next))));
    const used = Number(row?.n ?? 0);
    return {
      views_used: used,
      views_limit: MONTHLY_VIEW_LIMIT,
      views_remaining: hasSubscription ? MONTHLY_VIEW_LIMIT : Math.max(0, MONTHLY_VIEW_LIMIT - used),
      reset_at: next.toISOString(),
      is_exceeded: !hasSubscription && used >= MONTHLY_VIEW_LIMIT,
      has_subscription: hasSubscription,
    };
  }

  async function read(userId: string, isAdmin: boolean) {
    const access = await subscriptions.accessOf({ id: userId, isAdmin });
    return limitOf(userId, access.active, now());
  }

  async function track(userId: string, isAdmin: boolean, kind: string, dateViewed: string) {
    const at = now();
    const access = await subscriptions.accessOf({ id: userId, isAdmin });
    const before = await limitOf(userId, access.active, at);
    let counted = false;
    if (!access.active && !before.is_exceeded) {
      const inserted = await db
        .insert(matrixViews)
        .values({ userId, day: utcDay(at), kind, dateViewed, createdAt: at })
        .onConflictDoNothing()
        .returning({ kind: matrixViews.kind });
      counted = inserted.length > 0;
    }
    const used = before.views_used + (counted ? 1 : 0);
    const after = counted
      ? {
          ...before,
          views_used: used,
          views_remaining: Math.max(0, MONTHLY_VIEW_LIMIT - used),
          is_exceeded: used >= MONTHLY_VIEW_LIMIT,
        }
      : before;
    return {
      success: true as const,
      data: { ...after, is_limit_exceeded: after.is_exceeded, counted },
    };
  }

  for (const scope of ['dash', 'matrices'] as const) {
    app.get(
      `/${scope}/view-limit`,
      {
        schema: {
          summary: `This month’s ${scope === 'dash' ? 'dashboard' : 'matrix'} views of the signed-in user`,
          tags,
          response: { 200: viewLimitResponseSchema, ...errors },
        },
        preHandler: session.required,
      },
      async (request) => {
        const { user } = sessionOf(request);
        return { success: true as const, data: await read(user.id, user.isAdmin) };
      },
    );
  }

  app.post(
    '/dash/track-view',
    {
      schema: {
        summary: 'Count a dashboard view (once per user, day and tab)',
        tags,
        body: dashTrackBodySchema,
        response: { 200: trackViewResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      return track(user.id, user.isAdmin, `dash_${request.body.tab_id}`, request.body.date_viewed);
    },
  );

  app.post(
    '/matrices/track-view',
    {
      schema: {
        summary: 'Count a matrix page view (once per user, day and matrix kind)',
        tags,
        body: matrixTrackBodySchema,
        response: { 200: trackViewResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      return track(user.id, user.isAdmin, request.body.content_id, request.body.date_viewed);
    },
  );
};
