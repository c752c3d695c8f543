import type { FastifyInstance } from 'fastify';
import { embedRoutes } from './embed.ts';
import { oembedRoutes } from './oembed.ts';
import { publicApiRoutes } from './routes.ts';

export { oembedDiscovery } from './oembed.ts';

/**
 * The calendar for other sites and apps: the versioned public API (/api/v1), oEmbed (/api/oembed) and the widgets
 * made to be framed (/embed/...). Registered before the web app, whose not-found handler serves the pages.
 */
export async function registerPublicApi(
  app: FastifyInstance,
  options: { publicUrl: string; now: () => Date },
): Promise<void> {
  await app.register(publicApiRoutes, { prefix: '/api', now: options.now });
  await app.register(oembedRoutes, { prefix: '/api', publicUrl: options.publicUrl });
  await app.register(embedRoutes, options);
}
