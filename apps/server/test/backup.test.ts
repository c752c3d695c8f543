import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { newAccount } from './helpers/accounts.ts';
import { testConfig } from './helpers/config.ts';
import { createTestDatabase, databaseUrlFor } from './helpers/database.ts';
import { client } from './helpers/http.ts';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` on the database the test runs on: PostgreSQL backed
 * up live with pg_dump, the embedded database once its server has stopped. The copy, restored into a fresh
 * database, serves the same account with the same cards, payments and journal.
 */
const url = process.env.DATABASE_URL;
const root = resolve(import.meta.dirname, '../../..');
const folder = mkdtempSync(join(tmpdir(), 'hunab-backup-'));
const file = join(folder, 'hunab.backup');
const fresh = `hunab_restored_${process.pid}_${randomBytes(4).toString('hex')}`;
const closers: Array<() => Promise<unknown>> = [];

function script(name: 'db:backup' | 'db:restore', env: Record<string, string | undefined>, ...flags: string[]) {
  return spawnSync('npm', ['run', '--silent', name, '--', file, ...flags], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

function npm(name: 'db:backup' | 'db:restore', env: Record<string, string | undefined>) {
  const result = script(name, env);
  expect(result.status, `${name}: ${result.stdout}${result.stderr}`).toBe(0);
}

/** The mode bits of the backup file. */
const modeOf = (path: string) => statSync(path).mode & 0o777;

async function postgres(query: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  if (url) await postgres(`drop database if exists ${fresh} with (force)`);
  rmSync(folder, { recursive: true, force: true });
});

async function serve(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ database, config: testConfig() });
  await app.ready();
  return app;
}

describe('backing up and restoring the database', () => {
  it('restores into a fresh database an account with its cards, payments and journal', async () => {
    const original = await createTestDatabase();
    closers.push(() => original.destroy());
    let app = await serve(original);
    let http = client(() => app);
    const reader = await newAccount(http, { password: 'kept across the backup' });
    const token = { token: reader.token };
    expect((await http.post('/api/cards', { name: 'Mila', birth_date: '1987-07-26' }, token)).status).toBeLessThan(300);
    expect(
      (await http.put('/api/journal/2024-07-25', { text: 'Day out of time', mood: 4 }, token)).status,
    ).toBeLessThan(300);
    const order = await http.post('/api/orders', { product_id: '13days', provider: 'test' }, token);
    expect(order.status, JSON.stringify(order.body)).toBeLessThan(300);
    const read = async (auth: { token: string }) => ({
      cards: (await http.get('/api/cards', auth)).body,
      payments: (await http.get('/api/payments', auth)).body,
      journal: (await http.get('/api/journal/2024-07-25', auth)).body,
    });
    const before = await read(token);
    expect(JSON.stringify(before.cards)).toContain('Mila');
    expect(JSON.stringify(before.journal)).toContain('Day out of time');

    let restored: Database;
    // A file left world-readable from before is narrowed: the copy holds every account.
    writeFileSync(file, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    if (url && original.url) {
      npm('db:backup', { DATABASE_URL: original.url });
      expect(modeOf(file)).toBe(0o600);
      // A database that holds tables is not replaced without --force.
      const refused = script('db:restore', { DATABASE_URL: original.url });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toMatch(/already holds \d+ tables.*--force/);
      expect((await http.get('/api/journal/2024-07-25', token)).body).toEqual(before.journal);
      await app.close();
      await postgres(`create database ${fresh}`);
      npm('db:restore', { DATABASE_URL: databaseUrlFor(url, fresh) });
      restored = await openDatabase({ databaseUrl: databaseUrlFor(url, fresh), dataDir: '' });
    } else {
      // The embedded database is copied while its server is stopped.
      await app.close();
      await original.close();
      npm('db:backup', { DATABASE_URL: '', DATA_DIR: dirname(original.location) });
      expect(modeOf(file)).toBe(0o600);
      const refused = script('db:restore', { DATABASE_URL: '', DATA_DIR: dirname(original.location) });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toMatch(/already holds a database.*--force/);
      const dataDir = join(folder, 'restored');
      npm('db:restore', { DATABASE_URL: '', DATA_DIR: dataDir });
      restored = await openDatabase({ dataDir });
    }
    closers.push(() => restored.close());
    app = await serve(restored);
    closers.push(() => app.close());
    http = client(() => app);
    const signedIn = await http.post('/api/auth/login', { email: reader.email, password: 'kept across the backup' });
    expect(signedIn.status).toBe(200);
    expect(await read({ token: signedIn.body.token })).toEqual(before);
  }, 240_000);

  it('gives pg_dump the password in PGPASSWORD, never on its command line', () => {
    const tools = join(folder, 'tools');
    mkdirSync(tools, { recursive: true });
    const seen = join(folder, 'seen.txt');
    writeFileSync(
      join(tools, 'pg_dump'),
      `#!/bin/sh\nprintf 'args=%s\\npassword=%s\\n' "$*" "$PGPASSWORD" > '${seen}'\n: > "$4"\n`,
      { mode: 0o755 },
    );
    npm('db:backup', {
      DATABASE_URL: 'postgres://hunab:s3cret%21pw@127.0.0.1:1/hunab?sslmode=disable',
      PATH: `${tools}:${process.env.PATH}`,
    });
    const [args, password] = readFileSync(seen, 'utf8').split('\n');
    expect(args).not.toContain('s3cret');
    expect(args).toContain('postgres://hunab@127.0.0.1:1/hunab?sslmode=disable');
    expect(password).toBe('password=s3cret!pw');
    expect(modeOf(file)).toBe(0o600);
  });
});
