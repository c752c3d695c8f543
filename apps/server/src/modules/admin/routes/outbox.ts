import { adminOutboxQuerySchema, adminOutboxResponseSchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { ApiError } from '../../../lib/errors.ts';
import { sessionOf } from '../../auth/session.ts';
import type { OutboxRepository } from '../repository/outbox.ts';
import { type AdminSection, errors, paginationOf, tags } from './section.ts';

/** The http(s) addresses of a letter's text, each once, in their order. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}

/** Letters whose links are the reader's data itself: shown sealed to every administrator but their addressee. */
const SEALED_KINDS = new Set(['dataExportReady']);

/**
 * Whether `viewer` sees a letter sealed (kind, time and recipient only): a letter addressed to an administrator
 * shows its content to that administrator alone, so no administrator takes over another's account (or the owner's)
 * with a reset link anyone can ask for; a data export's link opens to nobody else either.
 */
export const sealedFor = (viewer: string, letter: { kind: string; adminRecipient: string | null }) =>
  letter.adminRecipient !== viewer && (letter.adminRecipient !== null || SEALED_KINDS.has(letter.kind));

/**
 * The letters of a server without a mail server, read by an administrator in the admin area: how a self-hosted
 * installation confirms an address or resets a password. Once SMTP_URL is set, letters leave by mail and this list
 * answers 404. Every read is audited: the letters hold live sign-in links.
 */
export const adminOutboxRoutes: FastifyPluginAsyncZod<
  AdminSection & { db: Db; repo: OutboxRepository; smtpConfigured: boolean }
> = async (app, { guard, repo, db, smtpConfigured }) => {
  app.get(
    '/admin/outbox',
    {
      schema: {
        summary: 'The letters kept in the outbox while no mail server is configured, newest first',
        tags,
        querystring: adminOutboxQuerySchema,
        response: { 200: adminOutboxResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      if (smtpConfigured)
        throw new ApiError(404, 'NOT_FOUND', 'Letters are delivered by the mail server (SMTP_URL); none are kept.');
      const query = request.query;
      const { rows, total } = await repo.listKept({ limit: query.limit, offset: (query.page - 1) * query.limit });
      await recordAudit(db, {
        actorId: sessionOf(request).user.id,
        action: 'outbox.read',
        targetType: 'outbox_email',
        after: {
          page: query.page,
          letters: rows.map((row) => row.id),
          sealed: rows.filter((row) => sealedFor(sessionOf(request).user.id, row)).map((row) => row.id),
        },
      });
      const viewer = sessionOf(request).user.id;
      const data = rows.map((row) => {
        const sealed = sealedFor(viewer, row);
        return {
          id: row.id,
          to: row.to,
          kind: row.kind,
          lang: row.lang,
          subject: row.subject,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          sealed,
          html: sealed ? '' : row.html,
          text: sealed ? '' : row.text,
          links: sealed ? [] : linksOf(row.text),
        };
      });
      return { success: true as const, data, pagination: paginationOf(query, total) };
    },
  );
};
