import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminBlockBodySchema,
  adminCommentsQuerySchema,
  adminCommentsResponseSchema,
  adminHideCommentBodySchema,
  adminIdParamsSchema,
  adminNumericIdParamsSchema,
  adminOrderParamsSchema,
  adminPaymentDetailResponseSchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminProductCreateBodySchema,
  adminProductFieldsSchema,
  adminProductParamsSchema,
  adminProductResponseSchema,
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  adminPromoCodesQuerySchema,
  adminPromoCodesResponseSchema,
  adminReasonBodySchema,
  adminReorderBodySchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  adminResolveReportBodySchema,
  adminSetAdminBodySchema,
  adminSubscriptionActionBodySchema,
  adminSubscriptionActionParamsSchema,
  adminSubscriptionChangeResponseSchema,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsResponseSchema,
  adminUserChangeResponseSchema,
  adminUserDetailResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  errorBodySchema,
  impersonationResponseSchema,
  okResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { ApiError } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { type AdminRepository, pageOf, paginationOf, type SubscriptionListRow } from './repository.ts';
import { type AdminService, toAdminProductRow, toAdminUserRow } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const tags = ['admin'];
const iso = (value: Date | string | null | undefined) =>
  value instanceof Date ? value.toISOString() : (value ?? null);

/** Dates of a detail list as ISO texts. */
const withIsoDates = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? iso(value) : value])),
  );

type PaymentListRow = Awaited<ReturnType<AdminRepository['listPayments']>>['rows'][number];
const toPaymentRow = (row: PaymentListRow) => ({
  id: row.id,
  user_id: row.userId,
  user_email: row.userEmail,
  product_id: row.productId,
  kind: row.kind,
  status: row.status,
  amount: row.amount,
  refunded_amount: row.refundedAmount,
  currency: row.currency,
  provider: row.provider,
  provider_payment_id: row.providerPaymentId,
  promo_code: row.promoCode,
  created_at: row.createdAt.toISOString(),
  paid_at: iso(row.paidAt),
});
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

/** The admin area's users and audit log (docs/decisions/030-admin-area.md); thin: the rules are in service.ts. */
export const adminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  admin: AdminService;
  repo: AdminRepository;
  subscriptions: SubscriptionService;
}> = async (app, { auth, admin, repo, subscriptions }) => {
  const session = sessionHooks(auth);
  const guard = { preHandler: [session.required, session.admin] };
  // Changes are cheap to make by mistake in a loop; one administrator makes at most this many a minute.
  const changes = createRateLimiter({ limit: 120, windowMs: 60_000 });
  const limited = (id: string) => limitOrThrow(changes, id);

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'Users, searched, filtered, sorted and paged, or as CSV (administrators only)',
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const { sort, order, ...query } = request.query;
      const filters = {
        q: query.q,
        plan: query.plan,
        admin: query.admin,
        verified: query.verified,
        blocked: query.blocked,
        lang: query.lang,
        source: query.source,
      };
      const { rows, total } = await repo.listUsers(filters, sort, order, pageOf(query));
      const data = rows.map(toAdminUserRow);
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'users',
          toCsv(data, [
            ['id', (r) => r.id],
            ['email', (r) => r.email],
            ['name', (r) => r.name],
            ['lang', (r) => r.lang],
            ['admin', (r) => r.is_admin],
            ['verified', (r) => r.email_verified],
            ['blocked', (r) => r.blocked],
            ['source', (r) => r.registration_source],
            ['plan', (r) => r.plan_id],
            ['subscription_status', (r) => r.subscription_status],
            ['created_at', (r) => r.created_at],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        summary: 'One user with their cards, subscriptions, purchases, payments, comments and events',
        tags,
        params: adminIdParamsSchema,
        response: { 200: adminUserDetailResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const user = await repo.findUser(request.params.id);
      const row = user && (await repo.userListRow(user.id));
      if (!user || !row) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      const detail = await repo.userDetail(user.id);
      return {
        success: true as const,
        data: {
          user: {
            ...toAdminUserRow(row),
            username: user.username,
            birth_date: user.birthDate,
            interest: user.interest,
            blocked_at: iso(user.blockedAt),
            updated_at: user.updatedAt.toISOString(),
          },
          cards: withIsoDates(detail.cards),
          subscriptions: withIsoDates(detail.subscriptions),
          purchases: withIsoDates(detail.purchases),
          payments: withIsoDates(detail.payments),
          comments: withIsoDates(detail.comments),
          events: withIsoDates(detail.events),
        },
      };
    },
  );

  app.post(
    '/admin/users/:id/admin',
    {
      schema: {
        summary: 'Make a user an administrator or remove the role (not oneself)',
        tags,
        params: adminIdParamsSchema,
        body: adminSetAdminBodySchema,
        response: { 200: adminUserChangeResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      const data = await admin.setAdmin(me, request.params.id, request.body.is_admin, request.body.reason);
      return { success: true as const, data };
    },
  );

  app.post(
    '/admin/users/:id/block',
    {
      schema: {
        summary: 'Block a user (they cannot sign in and every session ends) or unblock them',
        tags,
        params: adminIdParamsSchema,
        body: adminBlockBodySchema,
        response: { 200: adminUserChangeResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      const data = await admin.setBlocked(me, request.params.id, request.body.blocked, request.body.reason);
      return { success: true as const, data };
    },
  );

  app.post(
    '/admin/users/:id/resend-verification',
    {
      schema: {
        summary: "Send the user's email verification link again",
        tags,
        params: adminIdParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      await admin.resendVerification(me, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/admin/users/:id/impersonate',
    {
      schema: {
        summary: 'A short session as a user who is not an administrator, to see what they see',
        tags,
        params: adminIdParamsSchema,
        body: adminReasonBodySchema,
        response: { 200: impersonationResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      const { token, expiresAt, user } = await admin.impersonate(me, request.params.id, request.body.reason);
      return {
        success: true as const,
        data: {
          token,
          expires_at: expiresAt.toISOString(),
          user: { id: user.id, email: user.email, name: user.name },
        },
      };
    },
  );

  app.post(
    '/impersonation/end',
    {
      schema: {
        summary: "End an administrator's session as another user (called with that session's token)",
        tags: ['auth'],
        response: { 200: okResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      await admin.endImpersonation(sessionOf(request));
      return { success: true as const };
    },
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        summary: "The administrators' changes, newest first, filtered by actor, action, target and dates",
        tags,
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listAudit(
        {
          actor: query.actor,
          action: query.action,
          targetType: query.target_type,
          targetId: query.target_id,
          from: query.from,
          to: query.to,
        },
        query.order,
        pageOf(query),
      );
      const data = rows.map((row) => ({
        id: row.id,
        actor_id: row.actorId,
        actor_email: row.actorEmail,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        before: row.before,
        after: row.after,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      }));
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'audit',
          toCsv(data, [
            ['id', (r) => r.id],
            ['created_at', (r) => r.created_at],
            ['actor', (r) => r.actor_email ?? r.actor_id],
            ['action', (r) => r.action],
            ['target_type', (r) => r.target_type],
            ['target_id', (r) => r.target_id],
            ['reason', (r) => r.reason],
            ['before', (r) => (r.before == null ? null : JSON.stringify(r.before))],
            ['after', (r) => (r.after == null ? null : JSON.stringify(r.after))],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.get(
    '/admin/comments',
    {
      schema: {
        summary: 'Comments of every cycle, newest first, by cycle, author and state (administrators only)',
        tags,
        querystring: adminCommentsQuerySchema,
        response: { 200: adminCommentsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listComments(
        { cycleType: query.cycle_type, cycleValue: query.cycle_value, user: query.user, status: query.status },
        query.order,
        pageOf(query),
      );
      const data = rows.map((row) => ({
        id: row.id,
        user_id: row.userId,
        user_email: row.userEmail,
        user_name: row.userName,
        user_blocked: row.userBlocked,
        cycle_type: row.cycleType,
        cycle_value: row.cycleValue,
        lang: row.lang,
        content: row.content,
        is_deleted: row.isDeleted,
        hidden: row.hidden,
        open_reports: Number(row.openReports),
        created_at: row.createdAt.toISOString(),
      }));
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'comments',
          toCsv(data, [
            ['id', (r) => r.id],
            ['created_at', (r) => r.created_at],
            ['author', (r) => r.user_email],
            ['cycle', (r) => `${r.cycle_type} ${r.cycle_value}`],
            ['lang', (r) => r.lang],
            ['hidden', (r) => r.hidden],
            ['deleted', (r) => r.is_deleted],
            ['open_reports', (r) => r.open_reports],
            ['content', (r) => r.content],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.post(
    '/admin/comments/:id/hide',
    {
      schema: {
        summary: 'Hide a comment from the public lists (its open reports are resolved) or show it again',
        tags,
        params: adminNumericIdParamsSchema,
        body: adminHideCommentBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      await admin.setCommentHidden(me, request.params.id, request.body.hidden, request.body.reason);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/comment-reports',
    {
      schema: {
        summary: "Readers' reports of comments: the open queue, or the resolved and dismissed ones",
        tags,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listReports(query.status, query.order, pageOf(query));
      const data = rows.map((row) => ({
        id: row.id,
        comment_id: row.commentId,
        comment_content: row.commentContent,
        comment_hidden: row.commentHidden,
        comment_deleted: row.commentDeleted,
        author_id: row.authorId,
        author_email: row.authorEmail,
        reporter_email: row.reporterEmail,
        reason: row.reason,
        note: row.note,
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'comment-reports',
          toCsv(data, [
            ['id', (r) => r.id],
            ['created_at', (r) => r.created_at],
            ['comment_id', (r) => r.comment_id],
            ['author', (r) => r.author_email],
            ['reporter', (r) => r.reporter_email],
            ['reason', (r) => r.reason],
            ['note', (r) => r.note],
            ['status', (r) => r.status],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.post(
    '/admin/comment-reports/:id',
    {
      schema: {
        summary: 'Resolve or dismiss an open report',
        tags,
        params: adminNumericIdParamsSchema,
        body: adminResolveReportBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      await admin.closeReport(me, request.params.id, request.body.status, request.body.reason ?? null);
      return { success: true as const };
    },
  );

  app.get(
    '/admin/payments',
    {
      schema: {
        summary: 'Every payment (order), by status, provider, user and dates (administrators only)',
        tags,
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listPayments(
        { status: query.status, provider: query.provider, user: query.user, from: query.from, to: query.to },
        query.sort,
        query.order,
        pageOf(query),
      );
      const data = rows.map(toPaymentRow);
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'payments',
          toCsv(data, [
            ['id', (r) => r.id],
            ['created_at', (r) => r.created_at],
            ['paid_at', (r) => r.paid_at],
            ['user', (r) => r.user_email],
            ['product', (r) => r.product_id],
            ['kind', (r) => r.kind],
            ['status', (r) => r.status],
            ['amount_minor', (r) => r.amount],
            ['refunded_minor', (r) => r.refunded_amount],
            ['currency', (r) => r.currency],
            ['provider', (r) => r.provider],
            ['provider_payment_id', (r) => r.provider_payment_id],
            ['promo_code', (r) => r.promo_code],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.get(
    '/admin/payments/:id',
    {
      schema: {
        summary: "One payment with its order's timeline",
        tags,
        params: adminOrderParamsSchema,
        response: { 200: adminPaymentDetailResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const found = await repo.payment(request.params.id);
      if (!found) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
      return {
        success: true as const,
        data: {
          payment: toPaymentRow(found.row),
          events: found.events.map((event) => ({
            id: event.id,
            type: event.type,
            from_status: event.fromStatus,
            to_status: event.toStatus,
            actor: event.actor,
            data: event.data,
            at: event.at.toISOString(),
          })),
        },
      };
    },
  );

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
      const data = rows.map(toSubscriptionRow);
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'subscriptions',
          toCsv(data, [
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
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
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
      const me = sessionOf(request);
      limited(me.user.id);
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
        created_at: row.createdAt.toISOString(),
        used: Number(row.used),
        started: Number(row.started),
      }));
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'promo-codes',
          toCsv(data, [
            ['code', (r) => r.code],
            ['discount_percentage', (r) => r.discount_percentage],
            ['valid_until', (r) => r.valid_until],
            ['active', (r) => r.active],
            ['used', (r) => r.used],
            ['started', (r) => r.started],
            ['created_at', (r) => r.created_at],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.get(
    '/admin/products',
    {
      schema: {
        summary: 'Every product, shown or not, with all its fields (administrators only)',
        tags,
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listProducts(query.sort, query.order, pageOf(query));
      const data = rows.map(toAdminProductRow);
      if (query.format === 'csv') {
        return sendCsv(
          reply,
          'products',
          toCsv(data, [
            ['id', (r) => r.id],
            ['slug', (r) => r.slug],
            ['type', (r) => r.type],
            ['name_ru', (r) => r.name_i18n.ru],
            ['name_en', (r) => r.name_i18n.en],
            ['price_rub_minor', (r) => r.price_rub],
            ['price_usd_minor', (r) => r.price_usd],
            ['days', (r) => r.days],
            ['show', (r) => r.show],
            ['active', (r) => r.is_active],
            ['parent', (r) => r.parent_id],
            ['sort_order', (r) => r.sort_order],
          ]),
        );
      }
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );

  app.post(
    '/admin/products',
    {
      bodyLimit: 256 * 1024,
      schema: {
        summary: 'Create a product or a variation (prices in minor units, texts per language)',
        tags,
        body: adminProductCreateBodySchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      const { id, ...fields } = request.body;
      return { success: true as const, data: await admin.saveProduct(me, id, fields, true) };
    },
  );

  app.put(
    '/admin/products/:id',
    {
      bodyLimit: 256 * 1024,
      schema: {
        summary: "Replace a product's fields; the products cache is emptied",
        tags,
        params: adminProductParamsSchema,
        body: adminProductFieldsSchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      return { success: true as const, data: await admin.saveProduct(me, request.params.id, request.body, false) };
    },
  );

  app.post(
    '/admin/products/reorder',
    {
      schema: {
        summary: 'Put the products in the order given',
        tags,
        body: adminReorderBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = sessionOf(request);
      limited(me.user.id);
      await admin.reorderProducts(me, request.body.ids);
      return { success: true as const };
    },
  );
};
