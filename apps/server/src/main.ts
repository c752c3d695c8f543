import { buildApp } from './app.ts';
import { appConfigFromEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { ConfigError, loadEnv } from './env.ts';
import { contentDir, defaultWebDistDir } from './lib/paths.ts';
import { logDestination } from './lib/request-log.ts';
import { keepTickObjectShapes } from './lib/tick-shapes.ts';
import { appVersion } from './lib/version.ts';
import { bootstrapAdmin } from './modules/auth/admin-bootstrap.ts';
import { seedContent } from './modules/content/seed.ts';
import { seedEducation } from './modules/education/seed.ts';

async function main(): Promise<void> {
  keepTickObjectShapes();
  const env = loadEnv();
  const config = appConfigFromEnv(env, defaultWebDistDir, contentDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let content: Awaited<ReturnType<typeof seedContent>> | undefined;
  let education: Awaited<ReturnType<typeof seedEducation>> | undefined;
  let admin: Awaited<ReturnType<typeof bootstrapAdmin>> | undefined;
  await database.prepare(async () => {
    await seedDatabase(database, appVersion);
    content = await seedContent(database.db, contentDir);
    education = await seedEducation(database.db, contentDir);
    admin = await bootstrapAdmin(database.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      allowDemo: database.kind === 'pglite',
      now: new Date(),
    });
  });
  if (!admin) throw new Error('the database was not prepared');
  const app = await buildApp({
    database,
    config,
    logger: { level: env.LOG_LEVEL, stream: logDestination() },
    trustProxy: env.TRUST_PROXY_HOPS ?? (env.TRUST_PROXY ? 1 : 0),
    closeDatabase: true,
  });

  if (content && !content.skipped) app.log.info(content, 'content loaded from content/');
  if (education && !education.skipped) app.log.info(education, 'courses loaded from content/education/');
  if (admin.action === 'demo-created') {
    // Printed once, on the first start of a new embedded database; the password is stored only as a hash.
    const outbox = env.SMTP_URL
      ? ''
      : `  No SMTP_URL is set: letters (address confirmation, password reset) are kept, and this administrator\n  reads them, links and all, at ${config.publicUrl}/admin/outbox\n`;
    console.log(
      `\n  A demo administrator was created for this new database:\n    email:    ${admin.email}\n    password: ${admin.password}\n  Change it after signing in, or set ADMIN_EMAIL and ADMIN_PASSWORD.\n${outbox}`,
    );
  } else if (admin.action === 'created' || admin.action === 'promoted') {
    app.log.info({ email: admin.email }, `administrator ${admin.action}`);
  } else if (admin.action === 'none' && admin.email) {
    app.log.warn(
      { email: admin.email },
      'ADMIN_EMAIL has no account yet and ADMIN_PASSWORD is not set: no administrator created',
    );
  }

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
  app.log.info({ database: database.kind, location: database.location }, `Hunab is serving on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Hunab could not start:', error);
  }
  process.exit(1);
});
