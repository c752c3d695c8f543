import { createHash } from 'node:crypto';
import {
  createFeedBodySchema,
  errorBodySchema,
  feedFileParamsSchema,
  feedLinkReplySchema,
  feedStatusReplySchema,
  publicFeedQuerySchema,
} from '@hunab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, rateLimited } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { FeedService } from './service.ts';

const errors = errorResponses(400, 401, 404, 429);
const security = [{ bearer: [] }];
const tags = ['feed'];

/**
 * Sends a calendar with a strong ETag of its bytes; a client that already holds them gets a 304. Calendar apps
 * poll often, and the body changes once a day.
 */
function sendCalendar(request: FastifyRequest, reply: FastifyReply, body: string, cacheControl: string): void {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  const held = request.headers['if-none-match'];
  if (
    typeof held === 'string' &&
    held.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag)
  ) {
    reply.status(304).send();
    return;
  }
  reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', 'inline; filename="hunab.ics"')
    .send(body);
}

export const feedRoutes: FastifyPluginAsyncZod<{ auth: AuthService; feeds: FeedService }> = async (
  app,
  { auth, feeds },
) => {
  const { required } = sessionHooks(auth);
  const tokensMade = createRateLimiter({ limit: 10, windowMs: 60 * 60_000 });

  app.get(
    '/feed',
    {
      schema: {
        summary: 'Whether the user has a personal calendar feed, and what it holds',
        tags,
        security,
        response: { 200: feedStatusReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await feeds.status(sessionOf(request).user.id) }),
  );

  app.post(
    '/feed',
    {
      schema: {
        summary: 'Make a new secret address of the personal calendar feed; any earlier address stops working',
        tags,
        security,
        body: createFeedBodySchema,
        response: { 200: feedLinkReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      const wait = tokensMade.hit(user.id);
      if (wait > 0) throw rateLimited(wait, `Too many new addresses. Try again in ${wait} s.`);
      return { success: true as const, data: await feeds.create(user.id, request.body) };
    },
  );

  app.delete(
    '/feed',
    {
      schema: {
        summary: 'Revoke the personal calendar feed: its address answers 404 from now on',
        tags,
        security,
        response: { 200: feedStatusReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      await feeds.revoke(user.id);
      return { success: true as const, data: await feeds.status(user.id) };
    },
  );

  app.get(
    '/feed/daily.ics',
    {
      schema: {
        summary: 'The public iCalendar feed of the kin of each day (no personal data)',
        tags,
        querystring: publicFeedQuerySchema,
        response: { 200: z.string(), 304: z.null(), 400: errorBodySchema },
      },
    },
    (request, reply) => sendCalendar(request, reply, feeds.publicFeed(request.query.lang), 'public, max-age=3600'),
  );

  app.get(
    '/feed/:file',
    {
      schema: {
        summary: 'A personal iCalendar feed by its secret address',
        tags,
        params: feedFileParamsSchema,
        response: { 200: z.string(), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const body = await feeds.personalFeed(request.params.file.slice(0, -'.ics'.length));
      sendCalendar(request, reply, body, 'private, max-age=3600');
    },
  );
};
