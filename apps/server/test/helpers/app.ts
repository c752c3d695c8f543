import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { testConfig } from './config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  /** The app's clock; move `clock.offsetMs` to travel in time. */
  clock: { offsetMs: number };
}

/** Builds the real app on a database of its own for the test file, and tears both down after it. */
export function useTestApp(overrides: () => Partial<AppConfig> = () => ({})): TestContext {
  const context = { clock: { offsetMs: 0 } } as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.config = testConfig(overrides());
    context.app = await buildApp({
      database: context.database,
      config: context.config,
      now: () => new Date(Date.now() + context.clock.offsetMs),
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.destroy();
  });
  return context;
}
