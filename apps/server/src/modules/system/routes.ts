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
import { compareVersions, createFrontendVersionReader } from './frontend-version.ts';

export interface SystemRoutesOptions {
  database: Database;
  startedAt: Date;
  webDistDir: string | undefined;
  minAppVersion: string;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { database, startedAt, webDistDir, minAppVersion },
) => {
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
        summary: 'Versions and the kind of database',
        tags: ['system'],
        response: { 200: statusResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
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
          uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
          startedAt: startedAt.toISOString(),
        },
      };
    },
  );
};
