import {
  adminLessonBodySchema,
  adminLessonParamsSchema,
  adminLessonReplySchema,
  courseListReplySchema,
  courseParamsSchema,
  courseReplySchema,
  educationQuerySchema,
  errorBodySchema,
  lessonParamsSchema,
  lessonReplySchema,
  myProgressReplySchema,
  progressBodySchema,
  progressReplySchema,
  subscriptionLessonsReplySchema,
} from '@hunab/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { PlanDeps } from '../subscriptions/service.ts';
import { createEducationService, type Viewer } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errors, 429: errorBodySchema };
const tags = ['education'];
const security = [{ bearer: [] }];

const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.session ? { id: request.session.user.id, isAdmin: request.session.user.isAdmin } : null;

/**
 * The education area (docs/decisions/024-education.md): courses and lessons for anyone, with the locks decided here
 * from the reader's level and purchases; progress for the signed-in reader alone; lesson edits for administrators.
 */
export const educationRoutes: FastifyPluginAsyncZod<PlanDeps & { auth: AuthService }> = async (
  app,
  { db, auth, subscriptions, now },
) => {
  const session = sessionHooks(auth);
  const education = createEducationService({ db, subscriptions, now });
  const progressWrites = createRateLimiter({ limit: 120, windowMs: 60_000, now: () => now().getTime() });

  app.get(
    '/education/courses',
    {
      schema: {
        summary: 'The courses readable in a language, with whether the reader may open them and their progress',
        tags,
        querystring: educationQuerySchema,
        response: { 200: courseListReplySchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => ({
      success: true as const,
      data: await education.courses(viewerOf(request), request.query.lang),
    }),
  );

  app.get(
    '/education/courses/:courseId',
    {
      schema: {
        summary: 'A course with its lessons, each marked open or locked (and why) and with the reader’s progress',
        tags,
        params: courseParamsSchema,
        querystring: educationQuerySchema,
        response: { 200: courseReplySchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => ({
      success: true as const,
      data: await education.course(viewerOf(request), request.params.courseId, request.query.lang),
    }),
  );

  app.get(
    '/education/courses/:courseId/lessons/:lessonId',
    {
      schema: {
        summary: 'A lesson’s text; for a lesson closed to the reader, data is null and locked says why',
        tags,
        params: lessonParamsSchema,
        querystring: educationQuerySchema,
        response: { 200: lessonReplySchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => ({
      success: true as const,
      ...(await education.lesson(
        viewerOf(request),
        request.params.courseId,
        request.params.lessonId,
        request.query.lang,
      )),
    }),
  );

  app.get(
    '/lessons/courses/subscription',
    {
      schema: {
        summary: 'The lessons of the subscription programme (spec 001 section 7)',
        tags,
        querystring: educationQuerySchema,
        response: { 200: subscriptionLessonsReplySchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      const course = await education.course(viewerOf(request), 'subscription', request.query.lang);
      return {
        success: true as const,
        lessons: course.lessons.map((lesson) => ({
          id: lesson.id,
          slug: lesson.slug,
          lesson_number: lesson.lesson_number,
          title: lesson.title,
          is_unlocked: lesson.is_unlocked,
          translation: { title_key: `education.subscription.${lesson.slug}.title` },
        })),
      };
    },
  );

  app.post(
    '/education/progress',
    {
      schema: {
        summary: 'Mark a lesson viewed (with the reading position) or completed for the signed-in reader',
        tags,
        security,
        body: progressBodySchema,
        response: { 200: progressReplySchema, ...writeErrors },
      },
      // Before the body is read: a guest learns nothing about the body’s shape.
      onRequest: async (request, reply) => {
        await session.required(request, reply);
        if (reply.sent || !request.session) return;
        limitOrThrow(progressWrites, request.session.user.id);
      },
    },
    async (request) => ({
      success: true as const,
      data: await education.saveProgress(sessionOf(request).user, request.body),
    }),
  );

  app.get(
    '/education/progress',
    {
      schema: {
        summary: 'The signed-in reader’s progress per course, the lessons they opened, and where to continue',
        tags,
        security,
        querystring: educationQuerySchema,
        response: { 200: myProgressReplySchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => ({
      success: true as const,
      data: await education.myProgress(sessionOf(request).user, request.query.lang),
    }),
  );

  app.put(
    '/admin/education/lessons/:id',
    {
      schema: {
        summary: 'Change a lesson’s text in one language or its settings (administrators only)',
        tags,
        security,
        params: adminLessonParamsSchema,
        body: adminLessonBodySchema,
        response: { 200: adminLessonReplySchema, ...writeErrors },
      },
      onRequest: async (request, reply) => {
        await session.required(request, reply);
        if (reply.sent) return;
        await session.admin(request);
      },
    },
    async (request) => ({
      success: true as const,
      data: await education.updateLesson(request.params.id, request.body),
    }),
  );
};
