import {
  commentDeleteQuerySchema,
  commentIdParamsSchema,
  commentListResponseSchema,
  commentReportBodySchema,
  commentResponseSchema,
  commentsQuerySchema,
  createCommentBodySchema,
  okResponseSchema,
  updateCommentBodySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { createCommentsRepository } from './repository.ts';
import { createCommentsService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['comments'];
type CommentListResponse = z.infer<typeof commentListResponseSchema>;

export const commentRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService; now: () => Date }> = async (
  app,
  { db, auth, now },
) => {
  const session = sessionHooks(auth);
  const comments = createCommentsService({ db, repo: createCommentsRepository(db), now });
  // Reports per reader an hour: enough for a real reader, not for flooding the moderators' queue.
  const reports = createRateLimiter({ limit: 20, windowMs: 60 * 60_000, now: () => now().getTime() });

  app.post(
    '/comments/:id/report',
    {
      bodyLimit: 4 * 1024,
      schema: {
        summary: "Report a comment to the moderators (once per reader and comment; not one's own)",
        tags,
        params: commentIdParamsSchema,
        body: commentReportBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const reader = sessionOf(request);
      limitOrThrow(reports, reader.user.id);
      await comments.report(request.params.id, reader, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/comments',
    {
      schema: {
        summary: 'A page of the comments of a cycle; a guest gets only the first visibleCount threads',
        tags,
        querystring: commentsQuerySchema,
        response: { 200: commentListResponseSchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request, reply) => {
      const body = await comments.list(request.query, request.session);
      // Already JSON, made from a kept page: sent as it is (the schema above describes it).
      return reply.type('application/json; charset=utf-8').send(body as unknown as CommentListResponse);
    },
  );

  app.post(
    '/comments',
    {
      schema: {
        summary: 'Post a comment on a cycle, or a reply',
        tags,
        body: createCommentBodySchema,
        response: { 201: commentResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request, reply) => {
      const comment = await comments.create(request.body, sessionOf(request));
      return reply.status(201).send({ success: true as const, data: comment, message: 'Comment posted' });
    },
  );

  app.put(
    '/comments/:id',
    {
      schema: {
        summary: 'Edit one’s own comment',
        tags,
        params: commentIdParamsSchema,
        body: updateCommentBodySchema,
        response: { 200: commentResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => ({
      success: true as const,
      data: await comments.update(request.params.id, request.body.content, sessionOf(request)),
      message: 'Comment updated',
    }),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        summary: 'Delete one’s own comment (an administrator: any); it stays as a placeholder with its replies',
        tags,
        params: commentIdParamsSchema,
        querystring: commentDeleteQuerySchema,
        response: { 200: commentResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => ({
      success: true as const,
      data: await comments.remove(request.params.id, sessionOf(request), request.query.reason),
      message: 'Comment deleted',
    }),
  );

  for (const kind of ['like', 'dislike'] as const) {
    app.post(
      `/comments/:id/${kind}`,
      {
        schema: {
          summary: `${kind === 'like' ? 'Like' : 'Dislike'} a comment; the same call again takes the vote back`,
          tags,
          params: commentIdParamsSchema,
          response: { 200: commentResponseSchema, ...errors },
        },
        preHandler: session.required,
      },
      async (request) => ({
        success: true as const,
        data: await comments.vote(request.params.id, kind, sessionOf(request)),
        message: 'Vote saved',
      }),
    );
  }
};
