import {
  errorBodySchema,
  frontendVersionQuerySchema,
  frontendVersionSchema,
  healthResponseSchema,
  statusResponseSchema,
  successSchema,
} from '@hunab/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, queryRows } from '../../db/client.ts';
import { errorBody } from '../../lib/errors.ts';
import { appVersion } from '../../lib/version.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import { compareVersions, createFrontendVersionReader } from './frontend-version.ts';

export interface SystemRoutesOptions {
  database: Database;
  auth: AuthService;
  startedAt: Date;
  webDistDir: string | undefined;
  minAppVersion: string;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { database, auth, startedAt, webDistDir, minAppVersion },
) => {
  const session = sessionHooks(auth);
  const buildVersion = createFrontendVersionReader(webDistDir);

  app.get(
    '/cache/frontend/version',
    {
      schema: {
        summary: 'The deployed web app version; a new deploy changes cacheVersion',
        tags: ['system'],
        querystring: frontendVersionQuerySchema,
        response: { 200: successSchema(frontendVersionSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const build = buildVersion();
      const below = request.query.version ? compareVersions(request.query.version, minAppVersion) < 0 : false;
      return {
        success: true as const,
        data: {
          frontendVersion: build.frontendVersion,
          cacheVersion: build.cacheVersion,
          minAppVersion,
          lastUpdate: build.builtAt,
          requiresUpdate: below,
          isCritical: below,
        },
      };
    },
  );

  app.get(
    '/health',
    {
      schema: {
        summary: 'Answers 200 while the database answers',
        tags: ['system'],
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database does not answer');
        return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'The database does not answer.'));
      }
      return { success: true as const, data: { status: 'ok' as const, database: database.kind } };
    },
  );

  app.get(
    '/status',
    {
      schema: {
        summary: 'The app version and uptime; administrators also get the Node and database versions',
        tags: ['system'],
        response: { 200: statusResponseSchema },
      },
      preHandler: session.optional,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const uptime = {
        uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
        startedAt: startedAt.toISOString(),
      };
      // What software runs where helps an attacker more than a visitor: only administrators are told.
      if (!request.session?.user.isAdmin) {
        return { success: true as const, data: { name: 'hunab' as const, version: appVersion, ...uptime } };
      }
      const [version] = await queryRows<{ server_version: string }>(database.db, sql`show server_version`);
      return {
        success: true as const,
        data: {
          name: 'hunab' as const,
          version: appVersion,
          node: process.version,
          database: {
            kind: database.kind,
            version: String(version?.server_version ?? ''),
            migrations: await database.appliedMigrations(),
          },
          ...uptime,
        },
      };
    },
  );
};
