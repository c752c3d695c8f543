import {
  type AdminUserRow,
  adminBlockBodySchema,
  adminIdParamsSchema,
  adminReasonBodySchema,
  adminSetAdminBodySchema,
  adminUserChangeResponseSchema,
  adminUserDetailResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  impersonationResponseSchema,
  okResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../lib/errors.ts';
import { sessionOf } from '../../auth/session.ts';
import type { UserRepository } from '../repository/users.ts';
import { toAdminUserRow, type UserAdmin } from '../service/users.ts';
import { type AdminSection, type CsvExport, errors, iso, pageOf, pageOrCsv, tags } from './section.ts';

const USERS_CSV: CsvExport<AdminUserRow> = {
  name: 'users',
  columns: [
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
  ],
};

/** Dates of a detail list as ISO texts. */
const withIsoDates = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? iso(value) : value])),
  );

/** Users: the list, one user's page, the role, blocking, the verification link and impersonation. */
export const adminUserRoutes: FastifyPluginAsyncZod<AdminSection & { repo: UserRepository; users: UserAdmin }> = async (
  app,
  { session, guard, changedBy, repo, users },
) => {
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
      return pageOrCsv(reply, query, { data: rows.map(toAdminUserRow), total }, USERS_CSV);
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
      const { is_admin, reason } = request.body;
      return {
        success: true as const,
        data: await users.setAdmin(changedBy(request), request.params.id, is_admin, reason),
      };
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
      const { blocked, reason } = request.body;
      return {
        success: true as const,
        data: await users.setBlocked(changedBy(request), request.params.id, blocked, reason),
      };
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
      await users.resendVerification(changedBy(request), request.params.id);
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
      const me = changedBy(request);
      const { token, expiresAt, user } = await users.impersonate(me, request.params.id, request.body.reason);
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
      await users.endImpersonation(sessionOf(request));
      return { success: true as const };
    },
  );
};
