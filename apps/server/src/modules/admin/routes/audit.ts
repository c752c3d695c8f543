import { type AdminAuditRow, adminAuditQuerySchema, adminAuditResponseSchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditRepository } from '../repository/audit.ts';
import { type AdminSection, type CsvExport, errors, pageOf, pageOrCsv, tags } from './section.ts';

const AUDIT_CSV: CsvExport<AdminAuditRow> = {
  name: 'audit',
  columns: [
    ['id', (r) => r.id],
    ['created_at', (r) => r.created_at],
    ['actor', (r) => r.actor_label],
    ['action', (r) => r.action],
    ['target_type', (r) => r.target_type],
    ['target_id', (r) => r.target_id],
    ['target_email', (r) => r.target_email],
    ['reason', (r) => r.reason],
    ['before', (r) => (r.before == null ? null : JSON.stringify(r.before))],
    ['after', (r) => (r.after == null ? null : JSON.stringify(r.after))],
  ],
};

/**
 * How a row names its actor: their email, or once the account is erased the label its tombstone carries (the local
 * part of the anonymous address, `erased-…`), so the rows of one erased administrator still read as one author.
 */
const labelOf = (email: string | null, erased: boolean, id: string) =>
  email === null ? id : erased ? (email.split('@')[0] ?? email) : email;

/** The audit log: every administrator's change, newest first. */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminSection & { repo: AuditRepository }> = async (
  app,
  { guard, repo },
) => {
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
        actor_email: row.actorErased ? null : row.actorEmail,
        actor_label: labelOf(row.actorEmail, row.actorErased, row.actorId),
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        target_email: row.targetEmail,
        before: row.before,
        after: row.after,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      }));
      return pageOrCsv(reply, query, { data, total }, AUDIT_CSV);
    },
  );
};
