import {
  type AdminSubscriptionRow,
  adminSubscriptionActionBodySchema,
  adminSubscriptionActionParamsSchema,
  adminSubscriptionChangeResponseSchema,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../lib/errors.ts';
import type { SubscriptionService } from '../../subscriptions/service.ts';
import type { SubscriptionListRow, SubscriptionRepository } from '../repository/subscriptions.ts';
import { type AdminSection, type CsvExport, errors, iso, pageOf, pageOrCsv, tags } from './section.ts';

const toSubscriptionRow = (row: SubscriptionListRow) => ({
  id: row.id,
  user_id: row.userId,
  user_email: row.userEmail,
  plan_id: row.planId,
  status: row.status,
  source: row.source,
  auto_renew: row.autoRenew,
  current_period_start: row.currentPeriodStart.toISOString(),
  current_period_end: row.currentPeriodEnd.toISOString(),
  pause_until: iso(row.pauseUntil),
  created_at: row.createdAt.toISOString(),
});

const SUBSCRIPTIONS_CSV: CsvExport<AdminSubscriptionRow> = {
  name: 'subscriptions',
  columns: [
    ['id', (r) => r.id],
    ['user', (r) => r.user_email],
    ['plan', (r) => r.plan_id],
    ['status', (r) => r.status],
    ['source', (r) => r.source],
    ['auto_renew', (r) => r.auto_renew],
    ['period_start', (r) => r.current_period_start],
    ['period_end', (r) => r.current_period_end],
    ['pause_until', (r) => r.pause_until],
    ['created_at', (r) => r.created_at],
  ],
};

/** Subscriptions: the list, and an administrator's extension, pause, resumption or cancellation. */
export const adminSubscriptionRoutes: FastifyPluginAsyncZod<
  AdminSection & { repo: SubscriptionRepository; subscriptions: SubscriptionService }
> = async (app, { guard, changedBy, repo, subscriptions }) => {
  app.get(
    '/admin/subscriptions',
    {
      schema: {
        summary: 'Subscriptions by status, plan and user (administrators only)',
        tags,
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: adminSubscriptionsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listSubscriptions(
        { status: query.status, plan: query.plan, user: query.user },
        query.sort,
        query.order,
        pageOf(query),
      );
      return pageOrCsv(reply, query, { data: rows.map(toSubscriptionRow), total }, SUBSCRIPTIONS_CSV);
    },
  );

  app.post(
    '/admin/subscriptions/:id/:action',
    {
      schema: {
        summary: 'Extend, pause, resume or cancel a subscription, with a reason',
        tags,
        params: adminSubscriptionActionParamsSchema,
        body: adminSubscriptionActionBodySchema,
        response: { 200: adminSubscriptionChangeResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = changedBy(request);
      const { id, action } = request.params;
      await subscriptions.adminChange(id, action, request.body.days, {
        actorId: me.user.id,
        reason: request.body.reason,
      });
      const row = await repo.subscription(id);
      if (!row) throw new ApiError(404, 'NO_SUBSCRIPTION', 'There is no such subscription.');
      return { success: true as const, data: toSubscriptionRow(row) };
    },
  );
};
