import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
}

/** Builds the real app on a database of its own for the test file, and tears both down after it. */
export function useTestApp(options: { webDistDir?: string } = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.app = await buildApp({ database: context.database, webDistDir: options.webDistDir });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.destroy();
  });
  return context;
}
