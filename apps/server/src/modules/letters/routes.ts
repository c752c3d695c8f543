import {
  errorBodySchema,
  letterAudienceQuerySchema,
  letterAudienceResponseSchema,
  letterDraftSchema,
  letterResponseSchema,
  letterSendBodySchema,
  lettersQuerySchema,
  lettersResponseSchema,
  letterTestResponseSchema,
} from '@hunab/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { InsightsService } from '../insights/service.ts';
import { orderBy } from '../insights/service.ts';
import { type LetterService, lettersQuery, toLetter } from './service.ts';

const errors = errorResponses(400, 401, 403);
const sendErrors = { ...errors, 409: errorBodySchema, 429: errorBodySchema };
const tags = ['admin'];

/**
 * Letters of administrators to the readers of a topic: the audience, a test to oneself, sending, and the list of
 * letters sent. Administrators only; tests and letters are limited per administrator, since each sends mail.
 */
export const letterRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  letters: LetterService;
  insights: InsightsService;
}> = async (app, { auth, letters, insights }) => {
  const session = sessionHooks(auth);
  const tests = createRateLimiter({ limit: 10, windowMs: 3_600_000 });
  const sends = createRateLimiter({ limit: 20, windowMs: 86_400_000 });
  const admin = [session.required, session.admin];
  const limitedBy = (limiter: typeof tests) => async (request: FastifyRequest) =>
    limitOrThrow(limiter, sessionOf(request).user.id);

  app.get(
    '/admin/letters/audience',
    {
      schema: {
        summary: 'How many readers a letter to a topic of a language would reach now (administrators only)',
        tags,
        querystring: letterAudienceQuerySchema,
        response: { 200: letterAudienceResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const { topic, lang } = request.query;
      return { success: true as const, data: { topic, lang, audience: await letters.audience(topic, lang) } };
    },
  );

  app.post(
    '/admin/letters/test',
    {
      schema: {
        summary: "Send a letter to the administrator's own address, as its readers would get it",
        tags,
        body: letterDraftSchema,
        response: { 200: letterTestResponseSchema, ...sendErrors },
      },
      preHandler: [...admin, limitedBy(tests)],
    },
    async (request) => {
      const user = sessionOf(request).user;
      return { success: true as const, data: await letters.test(request.body, user) };
    },
  );

  app.post(
    '/admin/letters',
    {
      schema: {
        summary: 'Send a letter to every reader of a topic of a language (the audience confirmed must be current)',
        tags,
        body: letterSendBodySchema,
        response: { 200: letterResponseSchema, ...sendErrors },
      },
      preHandler: [...admin, limitedBy(sends)],
    },
    async (request) => ({
      success: true as const,
      data: await letters.send(request.body, sessionOf(request).user.id),
    }),
  );

  app.get(
    '/admin/letters',
    {
      schema: {
        summary: 'Letters sent, newest first, with their delivery counts (format=csv for a CSV download)',
        tags,
        querystring: lettersQuerySchema,
        response: { 200: lettersResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const query = request.query;
      const filters: SQL[] = [sql`true`];
      if (query.topic) filters.push(sql`l.topic = ${query.topic}`);
      if (query.lang) filters.push(sql`l.lang = ${query.lang}`);
      const order = orderBy(
        query,
        { createdAt: 'createdAt', topic: 'topic', lang: 'lang', audience: 'audience', status: 'status' },
        'createdAt',
      );
      const { rows, pagination } = await insights.list<Record<string, unknown>>(
        lettersQuery(sql.join(filters, sql` and `)),
        query,
        order,
      );
      const data = rows.map(toLetter);
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'letters',
          toCsv(data, [
            ['created_at', (row) => row.createdAt],
            ['topic', (row) => row.topic],
            ['lang', (row) => row.lang],
            ['subject', (row) => row.subject],
            ['status', (row) => row.status],
            ['audience', (row) => row.audience],
            ['sent', (row) => row.sent],
            ['skipped', (row) => row.skipped],
            ['author', (row) => row.createdByEmail ?? ''],
            ['finished_at', (row) => row.finishedAt ?? ''],
          ]),
        );
      return { success: true as const, data, pagination };
    },
  );
};
