import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';

export function databaseUrlFor(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export interface TestDatabase extends Database {
  /** Closes and deletes the copy. */
  destroy(): Promise<void>;
  /** The copy's address on PostgreSQL, for a second connection (a second server process); absent on PGlite. */
  url?: string;
}

/** A fresh, migrated database of its own for one test file, on PGlite or on PostgreSQL when DATABASE_URL is set. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const golden = inject('goldenDatabase');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `hunab_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${golden}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), dataDir: '' });
    return Object.assign(database, {
      url: databaseUrlFor(url, name),
      async destroy() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'hunab-test-'));
  cpSync(golden, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  return Object.assign(database, {
    async destroy() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
