import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { ConfigError, loadEnv } from './env.ts';
import { defaultWebDistDir } from './lib/paths.ts';
import { appVersion } from './lib/version.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  await seedDatabase(database, appVersion);
  const app = await buildApp({
    database,
    webDistDir: env.WEB_DIST_DIR ?? defaultWebDistDir,
    logger: { level: env.LOG_LEVEL },
    closeDatabase: true,
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: database.kind, location: database.location },
    `Hunab is serving on http://localhost:${env.PORT}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Hunab could not start:', error);
  }
  process.exit(1);
});
