import {
  birthDateBodySchema,
  interestBodySchema,
  interestReplySchema,
  languageBodySchema,
  userResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { toUserDto } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';

const errors = errorResponses(400, 401, 429);

export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const session = sessionHooks(auth);
  const interestChanges = createRateLimiter({ limit: 20, windowMs: 60_000 });

  app.put(
    '/user/me/birth-date',
    {
      schema: {
        summary: 'Save the birth date of the signed-in user',
        tags: ['users'],
        body: birthDateBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const user = await auth.updateProfile(sessionOf(request), { birthDate: request.body.birthDate });
      return { success: true as const, message: 'Birth date saved', user: toUserDto(user) };
    },
  );

  app.put(
    '/users/language',
    {
      schema: {
        summary: 'Save the interface language of the signed-in user',
        tags: ['users'],
        body: languageBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const user = await auth.updateProfile(sessionOf(request), { lang: request.body.lang });
      return { success: true as const, message: 'Language saved', user: toUserDto(user) };
    },
  );

  app.put(
    '/user/me/interest',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Save what the signed-in user came for (the interest of registration), as chosen at onboarding',
        tags: ['users'],
        body: interestBodySchema,
        response: { 200: interestReplySchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      limitOrThrow(interestChanges, sessionOf(request).user.id);
      const user = await auth.updateProfile(sessionOf(request), { interest: request.body.interest });
      return { success: true as const, interest: user.interest as typeof request.body.interest };
    },
  );
};
