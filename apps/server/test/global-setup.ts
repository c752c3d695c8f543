import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { databaseUrlFor } from './helpers/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database each test file copies: a PGlite folder, or a PostgreSQL template database name. */
    goldenDatabase: string;
  }
}

/**
 * Migrates and seeds one "golden" database per run. Each test file then starts from a copy of it: a copied PGlite folder
 * (reopening is fast, creating is slow), or on PostgreSQL a database created from it as a template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `hunab_golden_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), dataDir: '' });
    await database.migrate();
    await seedDatabase(database, 'test');
    await database.close();
    project.provide('goldenDatabase', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'hunab-golden-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedDatabase(database, 'test');
  await database.close();
  project.provide('goldenDatabase', dir);
  return async () => rmSync(dir, { recursive: true, force: true });
}
