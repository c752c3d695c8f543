import { emailPreferencesReplySchema, emailTopicBodySchema, emailTopicReplySchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { EmailTopicService } from './service.ts';

const errors = errorResponses(400, 401, 404, 429);
const tags = ['mailing list'];
const security = [{ bearer: [] }];

/** The signed-in user's email topics per language list (/account/email-preferences). */
export const emailTopicRoutes: FastifyPluginAsyncZod<{ auth: AuthService; topics: EmailTopicService }> = async (
  app,
  { auth, topics },
) => {
  const { required } = sessionHooks(auth);
  // A change may send a confirmation email: a few a minute per user is plenty for a person at a switch.
  const changes = createRateLimiter({ limit: 20, windowMs: 60_000 });

  app.get(
    '/email-preferences',
    {
      schema: {
        summary: 'The topics of every language mailing list for the signed-in user, and whether the address confirmed',
        tags,
        security,
        response: { 200: emailPreferencesReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => ({ success: true as const, data: await topics.preferences(sessionOf(request).user.id) }),
  );

  app.put(
    '/email-preferences/topics',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Turn one topic of a language list on or off (on: consent recorded, double opt-in of the address)',
        tags,
        security,
        body: emailTopicBodySchema,
        response: { 200: emailTopicReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      const userId = sessionOf(request).user.id;
      limitOrThrow(changes, userId);
      const { list, confirmationSent } = await topics.choose(userId, request.body);
      return { success: true as const, data: list, confirmation_sent: confirmationSent };
    },
  );
};
