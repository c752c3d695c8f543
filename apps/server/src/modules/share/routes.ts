import {
  errorBodySchema,
  shareCompatQuerySchema,
  shareDayParamsSchema,
  shareDayQuerySchema,
  shareKinParamsSchema,
  shareKinQuerySchema,
} from '@hunab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRateLimiter, rateLimited } from '../../lib/rate-limit.ts';
import type { ShareImage, ShareService } from './service.ts';

const tags = ['share'];
const responses = { 200: z.any(), 304: z.null(), 400: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };
/** The same address always draws the same image. */
const CACHE_CONTROL = 'public, max-age=604800';

/**
 * PNG images of a kin, a day, a birth card and two people, for Open Graph previews and the share button. Kept
 * images answer at once; drawing new ones is limited per client, since each costs tens of milliseconds, and
 * happens on the drawing threads, which answer 503 with Retry-After when too many wait (pages then show the
 * static image).
 */
export const shareRoutes: FastifyPluginAsyncZod<{ share: ShareService }> = async (app, { share }) => {
  const drawings = createRateLimiter({ limit: 120, windowMs: 60_000 });

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    draw: () => Promise<{ image: ShareImage; cached: boolean }>,
  ) {
    if (!share.has(key)) {
      const wait = drawings.hit(request.ip);
      if (wait > 0) throw rateLimited(wait, `Too many new images. Try again in ${wait} s.`);
    }
    const { image, cached } = await draw();
    reply
      .header('etag', image.etag)
      .header('cache-control', CACHE_CONTROL)
      .header('x-image-cache', cached ? 'hit' : 'miss');
    if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
    return reply.header('content-type', 'image/png').send(image.png);
  }

  app.get(
    '/share/kin/:file',
    {
      schema: {
        summary: 'A PNG of a kin (`{n}.png`), or of a birth card with `birth`',
        tags,
        params: shareKinParamsSchema,
        querystring: shareKinQuerySchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { lang, birth } = request.query;
      const n = request.params.file;
      return send(request, reply, `kin ${n} ${lang} ${birth ?? ''}`, () => share.kin(n, lang, birth));
    },
  );

  app.get(
    '/share/day/:file',
    {
      schema: {
        summary: 'A PNG of a day (`{YYYY-MM-DD}.png`): its kin and moon',
        tags,
        params: shareDayParamsSchema,
        querystring: shareDayQuerySchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const date = request.params.file;
      return send(request, reply, `day ${date} ${lang}`, () => share.day(date, lang));
    },
  );

  app.get(
    '/share/compat.png',
    {
      schema: {
        summary: 'A PNG of two birth dates and their composite kin',
        tags,
        querystring: shareCompatQuerySchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { a, b, lang } = request.query;
      return send(request, reply, `compat ${a} ${b} ${lang}`, () => share.compat(a, b, lang));
    },
  );
};
