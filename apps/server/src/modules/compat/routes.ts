import { compatQuerySchema, compatReplySchema, errorBodySchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import type { CompatService } from './service.ts';

export const compatRoutes: FastifyPluginAsyncZod<{ auth: AuthService; compat: CompatService }> = async (
  app,
  { auth, compat },
) => {
  const { optional } = sessionHooks(auth);

  app.get(
    '/compat',
    {
      schema: {
        summary:
          'Two birth dates side by side: oracle relations, composite kin, summary; the whole reading for subscribers',
        tags: ['compat'],
        security: [{ bearer: [] }, {}],
        querystring: compatQuerySchema,
        response: { 200: compatReplySchema, 400: errorBodySchema },
      },
      onRequest: optional,
    },
    async (request, reply) => {
      const { a, b, lang } = request.query;
      const user = request.session?.user ?? null;
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await compat.compare(user, a, b, lang) };
    },
  );
};
