import { LANGUAGES } from '@hunab/calendar';
import {
  acceptedResponseSchema,
  adminTestimonialsQuerySchema,
  adminTestimonialsReplySchema,
  adminTestimonialUpdateSchema,
  adminVideoCreateSchema,
  myTestimonialsReplySchema,
  TESTIMONIALS_CACHE_SECONDS,
  testimonialIdParamsSchema,
  testimonialReplySchema,
  testimonialSubmitSchema,
  testimonialTextsFileSchema,
  testimonialVideosFileSchema,
} from '@hunab/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import { createSharedRateLimiter, sharedLimitOrThrow } from '../../lib/shared-rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { TestimonialService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['testimonials'];
/** A screenshot's base64 and the rest of the form, with room for JSON. */
const SUBMIT_BODY_LIMIT = 1_450_000;

/** What a screenshot is served with: its own type only, never run as a page, never guessed by the browser. */
function sendImage(reply: FastifyReply, image: { bytes: Buffer; type: string; published: boolean }, id: number) {
  return reply
    .header('content-type', image.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `inline; filename="testimonial-${id}.${image.type === 'image/png' ? 'png' : 'jpg'}"`)
    .header('cache-control', image.published ? `public, max-age=${TESTIMONIALS_CACHE_SECONDS}` : 'private, no-store')
    .send(image.bytes);
}

/** A reader's testimonials, their screenshots, and the administrators' review. */
export const testimonialRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  testimonials: TestimonialService;
  now: () => Date;
}> = async (app, { db, auth, testimonials, now }) => {
  const session = sessionHooks(auth);
  // Counted in the database, so the limit holds across processes: a few testimonials an hour per reader.
  const submissions = createSharedRateLimiter(db, { name: 'testimonials', limit: 5, windowMs: 3_600_000, now });
  const reads = createRateLimiter({ limit: 120, windowMs: 60_000 });
  const changes = createRateLimiter({ limit: 120, windowMs: 60_000 });

  app.post(
    '/testimonials',
    {
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: {
        summary: 'Send a testimonial (text, optional PNG or JPEG screenshot, consent to publish with the first name)',
        tags,
        security: [{ bearer: [] }],
        body: testimonialSubmitSchema,
        response: { 200: testimonialReplySchema, ...errors },
      },
      // Who sends it is known before the body is read.
      onRequest: session.required,
    },
    async (request) => {
      const me = sessionOf(request).user;
      await sharedLimitOrThrow(submissions, me.id);
      return { success: true as const, data: await testimonials.submit(me.id, request.body) };
    },
  );

  app.get(
    '/testimonials/mine',
    {
      schema: {
        summary: "The signed-in reader's testimonials and where each stands",
        tags,
        security: [{ bearer: [] }],
        response: { 200: myTestimonialsReplySchema, ...errors },
      },
      onRequest: session.required,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await testimonials.mine(sessionOf(request).user.id) };
    },
  );

  app.delete(
    '/testimonials/:id',
    {
      schema: {
        summary: 'Withdraw a testimonial (its owner) or remove one (an administrator)',
        tags,
        security: [{ bearer: [] }],
        params: testimonialIdParamsSchema,
        response: { 202: acceptedResponseSchema, ...errors },
      },
      onRequest: session.required,
    },
    async (request, reply) => {
      const me = sessionOf(request).user;
      if (me.isAdmin) limitOrThrow(changes, me.id);
      await testimonials.remove(me, request.params.id);
      return reply.status(202).send({ success: true as const });
    },
  );

  app.get(
    '/testimonials/:id/screenshot',
    {
      schema: {
        summary: "A testimonial's screenshot: public once approved, else its owner's and the administrators' only",
        tags,
        security: [{ bearer: [] }, {}],
        params: testimonialIdParamsSchema,
        response: { 200: z.any(), ...errors },
      },
      onRequest: session.optional,
    },
    async (request, reply) => {
      limitOrThrow(reads, request.ip);
      const viewer = request.session?.user ?? null;
      const image = await testimonials.screenshot(viewer, request.params.id);
      return sendImage(reply, image, request.params.id);
    },
  );

  const admin = { preHandler: [session.required, session.admin] };

  app.get(
    '/admin/testimonials',
    {
      schema: {
        summary: 'Every testimonial, the ones waiting for review first (administrators only)',
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: adminTestimonialsQuerySchema,
        response: { 200: adminTestimonialsReplySchema, ...errors },
      },
      ...admin,
    },
    async (request) => {
      const { page, limit } = request.query;
      const list = await testimonials.adminList(request.query);
      return {
        success: true as const,
        data: list.data,
        pagination: { page, limit, total: list.total, pages: Math.max(1, Math.ceil(list.total / limit)) },
      };
    },
  );

  app.put(
    '/admin/testimonials/:id',
    {
      schema: {
        summary: 'Approve or reject, correct, translate and order a testimonial (administrators only)',
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: testimonialIdParamsSchema,
        body: adminTestimonialUpdateSchema,
        response: { 200: testimonialReplySchema, ...errors },
      },
      ...admin,
    },
    async (request) => {
      const me = sessionOf(request).user;
      limitOrThrow(changes, me.id);
      if (request.body.video_url !== undefined) {
        const parsed = adminVideoCreateSchema.shape.video_url.safeParse(request.body.video_url);
        if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'The video link is not one we publish.');
      }
      return { success: true as const, data: await testimonials.adminUpdate(me.id, request.params.id, request.body) };
    },
  );

  app.post(
    '/admin/testimonials/videos',
    {
      schema: {
        summary: 'Link a video testimonial a person gave (administrators only)',
        tags: ['admin'],
        security: [{ bearer: [] }],
        body: adminVideoCreateSchema,
        response: { 200: testimonialReplySchema, ...errors },
      },
      ...admin,
    },
    async (request) => {
      const me = sessionOf(request).user;
      limitOrThrow(changes, me.id);
      return { success: true as const, data: await testimonials.adminAddVideo(me.id, request.body) };
    },
  );
};

const FILE = /^testimonial_(texts|videos)_([a-z]{2})\.json$/;

/**
 * The published testimonials as the static files the landings read (spec 001 section 7):
 * /content/{lang}/products/testimonial_texts_{lang}.json and testimonial_videos_{lang}.json, kept 5 minutes.
 */
export function registerTestimonialFiles(app: FastifyInstance, testimonials: TestimonialService): void {
  const languages: readonly string[] = LANGUAGES;
  app.get(
    '/content/:lang/products/:file',
    {
      schema: {
        summary: 'The published testimonials of a language, as the landings read them (kept 5 minutes)',
        tags,
      },
    },
    async (request, reply) => {
      const { lang, file } = request.params as { lang: string; file: string };
      const match = FILE.exec(file);
      if (!match || match[2] !== lang || !languages.includes(lang)) {
        throw new ApiError(404, 'NOT_FOUND', 'Not found');
      }
      const body =
        match[1] === 'texts'
          ? testimonialTextsFileSchema.parse(await testimonials.textsFile(lang))
          : testimonialVideosFileSchema.parse(await testimonials.videosFile(lang));
      return reply
        .header('cache-control', `public, max-age=${TESTIMONIALS_CACHE_SECONDS}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send(body);
    },
  );
}
