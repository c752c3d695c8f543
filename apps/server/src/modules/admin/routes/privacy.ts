import {
  type AdminPrivacyRow,
  adminErasureBodySchema,
  adminErasureReplySchema,
  adminPrivacyQuerySchema,
  adminPrivacyResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PrivacyService } from '../../privacy/service.ts';
import type { PrivacyRepository } from '../repository/privacy.ts';
import { type AdminSection, type CsvExport, errors, iso, pageOf, pageOrCsv, tags } from './section.ts';

const PRIVACY_CSV: CsvExport<AdminPrivacyRow> = {
  name: 'data-requests',
  columns: [
    ['id', (r) => r.id],
    ['kind', (r) => r.kind],
    ['status', (r) => r.status],
    ['user', (r) => r.user_email ?? r.user_id],
    ['requested_by', (r) => r.requested_by],
    ['created_at', (r) => r.created_at],
    ['due_at', (r) => r.due_at],
    ['done_at', (r) => r.done_at],
  ],
};

const DELETION_STATUSES = ['awaiting_confirmation', 'closed', 'restored', 'erased'] as const;
const EXPORT_STATUSES = ['preparing', 'ready', 'downloaded', 'expired'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/** Readers' data requests: deletions waiting for their erasure, exports; and an erasure an owner asked for by email. */
export const adminPrivacyRoutes: FastifyPluginAsyncZod<
  AdminSection & { repo: PrivacyRepository; privacy: PrivacyService }
> = async (app, { guard, changedBy, repo, privacy }) => {
  app.get(
    '/admin/privacy',
    {
      schema: {
        summary: 'Account deletions (pending erasure first) or data exports (administrators only)',
        tags,
        querystring: adminPrivacyQuerySchema,
        response: { 200: adminPrivacyResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const page = pageOf(query);
      const list =
        query.kind === 'deletion'
          ? await repo.listDeletions(
              isOneOf(DELETION_STATUSES, query.status) ? query.status : undefined,
              query.order,
              page,
            )
          : await repo.listExports(
              isOneOf(EXPORT_STATUSES, query.status) ? query.status : undefined,
              query.order,
              page,
            );
      const data: AdminPrivacyRow[] = list.rows.map((row) => ({
        id: row.id,
        kind: query.kind,
        status: row.status,
        user_id: row.userId,
        user_email: row.userEmail,
        requested_by: 'requestedBy' in row ? row.requestedBy : null,
        remove_comments: 'removeComments' in row ? row.removeComments : null,
        created_at: row.createdAt.toISOString(),
        due_at: iso(row.dueAt),
        done_at: iso(row.doneAt),
      }));
      return pageOrCsv(reply, query, { data, total: list.total }, PRIVACY_CSV);
    },
  );

  app.post(
    '/admin/privacy/erasures',
    {
      schema: {
        summary:
          "Delete an account for its owner's request received from the account's address: closed with the grace " +
          'period, or erased now when the reader asked for it in writing (owner rule for administrators)',
        tags,
        body: adminErasureBodySchema,
        response: { 200: adminErasureReplySchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const admin = changedBy(request);
      const { user, remove_comments, reason, immediate } = request.body;
      return {
        success: true as const,
        data: await privacy.adminErase(admin.user.id, user, { removeComments: remove_comments, reason, immediate }),
      };
    },
  );
};
