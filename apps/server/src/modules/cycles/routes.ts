import { errorBodySchema, personalCyclesQuerySchema, personalCyclesReplySchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import { readerToday } from '../subscriptions/access.ts';
import type { CyclesService } from './service.ts';

export const cyclesRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cycles: CyclesService;
  now: () => Date;
}> = async (app, { auth, cycles, now }) => {
  const { optional } = sessionHooks(auth);

  app.get(
    '/cycles/personal',
    {
      schema: {
        summary:
          'The personal cycles of a birth date: the current cycle to everyone, all of them with a plan that opens them',
        tags: ['calendar'],
        security: [{ bearer: [] }, {}],
        querystring: personalCyclesQuerySchema,
        response: { 200: personalCyclesReplySchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      onRequest: optional,
    },
    async (request, reply) => {
      const { birth_date, today } = request.query;
      const user = request.session?.user ?? null;
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await cycles.personal(user, birth_date, readerToday(today, now())),
      };
    },
  );
};
