import { crmAuthorizeReplySchema, crmConnectBodySchema, crmStatusReplySchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { CrmService } from './service.ts';

const errors = errorResponses(400, 401, 403, 409, 424, 429);
const tags = ['admin'];

/** The CRM connection, for administrators: its state, the grant page to start it, and the return of /amoauth. */
export const crmRoutes: FastifyPluginAsyncZod<{ auth: AuthService; crm: CrmService }> = async (app, { auth, crm }) => {
  const session = sessionHooks(auth);
  const connects = createRateLimiter({ limit: 10, windowMs: 60_000 });

  app.get(
    '/admin/crm/status',
    {
      schema: {
        summary: 'Whether the CRM is configured and connected, and until when its token works (administrators only)',
        tags,
        response: { 200: crmStatusReplySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async () => ({ success: true as const, data: await crm.status() }),
  );

  app.get(
    '/admin/crm/authorize-url',
    {
      schema: {
        summary: "The CRM's page where an administrator grants access; it sends them back to /amoauth",
        tags,
        response: { 200: crmAuthorizeReplySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => ({ success: true as const, url: crm.authorizeUrl(sessionOf(request).user.id) }),
  );

  app.post(
    '/admin/crm/connect',
    {
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Trade the code of /amoauth for the CRM tokens, kept on the server (administrators only)',
        tags,
        body: crmConnectBodySchema,
        response: { 200: crmStatusReplySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      const adminId = sessionOf(request).user.id;
      limitOrThrow(connects, adminId);
      return { success: true as const, data: await crm.connect(adminId, request.body) };
    },
  );
};
