import {
  journalDateParamsSchema,
  journalDayReplySchema,
  journalDeletedReplySchema,
  journalEntryReplySchema,
  journalExportQuerySchema,
  journalListQuerySchema,
  journalListReplySchema,
  journalSummaryReplySchema,
  saveJournalEntryBodySchema,
} from '@hunab/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, rateLimited } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { privateToOwner, sessionHooks, sessionOf } from '../auth/session.ts';
import { journalCsv, journalMarkdown } from './export.ts';
import type { JournalService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['journal'];
const security = [{ bearer: [] }];

/**
 * The kin journal under /journal. Every call needs the owner's session: there is no way to read another user's
 * journal, an administrator's included, nor through an administrator's session as the user (403, audited). Writes are rate-limited per user.
 */
export const journalRoutes: FastifyPluginAsyncZod<{ auth: AuthService; journal: JournalService }> = async (
  app,
  { auth, journal },
) => {
  const { required } = sessionHooks(auth);
  // After `required` (an onRequest hook): an administrator's session as the reader reads nothing of the journal.
  app.addHook('preValidation', privateToOwner(auth));
  const writes = createRateLimiter({ limit: 60, windowMs: 60_000 });
  const userOf = (request: FastifyRequest) => {
    const { user } = sessionOf(request);
    return { id: user.id, isAdmin: user.isAdmin, lang: user.lang };
  };
  const limitWrites = (request: FastifyRequest) => {
    const wait = writes.hit(sessionOf(request).user.id);
    if (wait > 0) throw rateLimited(wait, `Too many changes. Try again in ${wait} s.`);
  };

  app.get(
    '/journal',
    {
      schema: {
        summary: 'A page of the user’s journal, newest first, filtered by the day’s seal, tone, wavespell or moon',
        tags,
        security,
        querystring: journalListQuerySchema,
        response: { 200: journalListReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      const { entries, total, page, limits } = await journal.list(userOf(request), request.query);
      return { success: true as const, data: entries, total, page, limits };
    },
  );

  app.get(
    '/journal/summary',
    {
      schema: {
        summary: 'Counts of the user’s journal for the statistics page',
        tags,
        security,
        response: { 200: journalSummaryReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => ({ success: true as const, data: await journal.summary(userOf(request)) }),
  );

  app.get(
    '/journal/export',
    {
      schema: {
        summary: 'The user’s journal (or the filtered part) as a Markdown or CSV file',
        tags,
        security,
        querystring: journalExportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
      preValidation: required,
    },
    async (request, reply) => {
      const user = userOf(request);
      const { format, ...filter } = request.query;
      const rows = await journal.exportRows(user, filter);
      const body = format === 'csv' ? journalCsv(rows, user.lang) : journalMarkdown(rows, user.lang);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="hunab-journal.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/journal/:date',
    {
      schema: {
        summary: 'The user’s entry of one day; null for a day without one',
        tags,
        security,
        params: journalDateParamsSchema,
        response: { 200: journalDayReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      const user = userOf(request);
      const [entry, limits] = await Promise.all([journal.find(user, request.params.date), journal.limitsOf(user)]);
      return { success: true as const, data: entry, limits };
    },
  );

  app.put(
    '/journal/:date',
    {
      bodyLimit: 64 * 1024,
      schema: {
        summary: 'Write or rewrite the entry of a day (JOURNAL_LIMIT_REACHED past the free plan’s entries)',
        tags,
        security,
        params: journalDateParamsSchema,
        body: saveJournalEntryBodySchema,
        response: { 200: journalEntryReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      limitWrites(request);
      const { entry, limits } = await journal.save(userOf(request), request.params.date, request.body);
      return { success: true as const, data: entry, limits };
    },
  );

  app.delete(
    '/journal/:date',
    {
      schema: {
        summary: 'Delete the entry of a day',
        tags,
        security,
        params: journalDateParamsSchema,
        response: { 200: journalDeletedReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      limitWrites(request);
      await journal.remove(userOf(request), request.params.date);
      return { success: true as const, deleted: 1 };
    },
  );

  app.delete(
    '/journal',
    {
      schema: {
        summary: 'Delete every entry of the user’s journal',
        tags,
        security,
        response: { 200: journalDeletedReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      limitWrites(request);
      return { success: true as const, deleted: await journal.removeAll(userOf(request)) };
    },
  );
};
