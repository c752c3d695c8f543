import {
  acceptedResponseSchema,
  crmViewBodySchema,
  errorBodySchema,
  keptAddress,
  storableJson,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { crmEvents } from '../../db/schema.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';

const errors = errorResponses(400, 401, 404, 409);

/** The views of the subscription page, kept as events for the CRM. */
export const crmViewRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService; now: () => Date }> = async (
  app,
  { db, auth, now },
) => {
  const session = sessionHooks(auth);
  const crmViews = createRateLimiter({ limit: 20, windowMs: 60_000 });

  app.post(
    '/amocrm/subscription-view',
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Note a view of the subscription page for the CRM',
        tags: ['purchases'],
        security: [{ bearer: [] }],
        body: crmViewBodySchema,
        response: { 202: acceptedResponseSchema, 429: errorBodySchema, ...errors },
      },
      onRequest: session.required,
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      limitOrThrow(crmViews, userId);
      // Written before the answer: a client that floods the endpoint waits for the database instead of piling up
      // writes in this process's memory.
      const { pageUrl, referrer, ...view } = request.body;
      await db.insert(crmEvents).values({
        userId,
        kind: 'subscription_view',
        // Addresses keep their path and kept parameters only (the referrer its site too), never a link's token.
        payload: storableJson({
          ...view,
          ...(pageUrl === undefined ? {} : { pageUrl: keptAddress(pageUrl) }),
          ...(referrer === undefined ? {} : { referrer: keptAddress(referrer, { withOrigin: true }) }),
        }) as Record<string, unknown>,
        createdAt: now(),
      });
      return reply.status(202).send({ success: true as const });
    },
  );
};
