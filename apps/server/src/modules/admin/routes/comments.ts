import {
  type AdminCommentRow,
  type AdminReportRow,
  adminCommentsQuerySchema,
  adminCommentsResponseSchema,
  adminHideCommentBodySchema,
  adminNumericIdParamsSchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  adminResolveReportBodySchema,
  okResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommentRepository } from '../repository/comments.ts';
import type { CommentModeration } from '../service/comments.ts';
import { type AdminSection, type CsvExport, errors, pageOf, pageOrCsv, tags } from './section.ts';

const COMMENTS_CSV: CsvExport<AdminCommentRow> = {
  name: 'comments',
  columns: [
    ['id', (r) => r.id],
    ['created_at', (r) => r.created_at],
    ['author', (r) => r.user_email],
    ['cycle', (r) => `${r.cycle_type} ${r.cycle_value}`],
    ['lang', (r) => r.lang],
    ['hidden', (r) => r.hidden],
    ['deleted', (r) => r.is_deleted],
    ['open_reports', (r) => r.open_reports],
    ['content', (r) => r.content],
  ],
};

const REPORTS_CSV: CsvExport<AdminReportRow> = {
  name: 'comment-reports',
  columns: [
    ['id', (r) => r.id],
    ['created_at', (r) => r.created_at],
    ['comment_id', (r) => r.comment_id],
    ['author', (r) => r.author_email],
    ['reporter', (r) => r.reporter_email],
    ['reason', (r) => r.reason],
    ['note', (r) => r.note],
    ['status', (r) => r.status],
  ],
};

/** Moderation: every comment, hiding one, and the readers' reports with their resolution. */
export const adminCommentRoutes: FastifyPluginAsyncZod<
  AdminSection & { repo: CommentRepository; moderation: CommentModeration }
> = async (app, { guard, changedBy, repo, moderation }) => {
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
      return pageOrCsv(reply, query, { data, total }, COMMENTS_CSV);
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
      const { hidden, reason } = request.body;
      await moderation.setCommentHidden(changedBy(request), request.params.id, hidden, reason);
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
      return pageOrCsv(reply, query, { data, total }, REPORTS_CSV);
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
      const { status, reason } = request.body;
      await moderation.closeReport(changedBy(request), request.params.id, status, reason ?? null);
      return { success: true as const };
    },
  );
};
