import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerWebApp } from './web.ts';

export interface AppOptions {
  database: Database;
  /** The built web app (apps/web/dist); not served when absent. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Close the database when the app closes (main.ts: yes; tests that share one database: no). */
  closeDatabase?: boolean;
}

/** The Fastify instance of the product, used by main.ts and by the tests through inject or a real port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const startedAt = new Date();
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { database: options.database, startedAt });
      await api.register(calendarRoutes);
    },
    { prefix: '/api' },
  );

  if (options.webDistDir) await registerWebApp(app, options.webDistDir);
  else {
    await registerWebApp(app, '/nonexistent-web-dist');
  }

  if (options.closeDatabase) app.addHook('onClose', async () => options.database.close());
  return app;
}
