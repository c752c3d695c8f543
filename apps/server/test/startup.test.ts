import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from './helpers/database.ts';
import { startServerProcess } from './helpers/server-process.ts';

/**
 * Three server processes booting at once on one empty PostgreSQL database all come up: the migrations and the seed
 * run under one advisory lock, so the processes take turns instead of tripping over each other's tables and rows.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const url = process.env.DATABASE_URL;
const name = `hunab_start_${process.pid}_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'hunab-start-'));

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const client = new pg.Client({ connectionString: database ? databaseUrlFor(url as string, database) : url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (url) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
});

describe.skipIf(!url)('three processes starting at once on an empty database', () => {
  it('all come up, with the migrations applied once and the seed written once', async () => {
    await admin((client) => client.query(`create database ${name}`));
    const processes = await Promise.all(
      [0, 1, 2].map(() =>
        startServerProcess({
          DATABASE_URL: databaseUrlFor(url as string, name),
          DATA_DIR: dataDir,
          ADMIN_EMAIL: 'boss@example.com',
          ADMIN_PASSWORD: 'a long enough password',
        }),
      ),
    );
    children.push(...processes.map((server) => server.child));
    const ports = processes.map((server) => server.port);
    const up = await Promise.all(processes.map((server) => server.up()));
    expect(up).toEqual(['up', 'up', 'up']);
    const counts = await admin(async (client) => {
      const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const installations = await client.query(`select count(*)::int as n from app_meta where key = 'installation'`);
      const admins = await client.query(`select count(*)::int as n from users where is_admin`);
      const products = await client.query('select count(*)::int as n, count(distinct slug)::int as d from products');
      return {
        migrations: migrations.rows[0].n,
        installations: installations.rows[0].n,
        admins: admins.rows[0].n,
        productsDistinct: products.rows[0].n === products.rows[0].d && products.rows[0].n > 0,
      };
    }, name);
    expect(counts).toMatchObject({ installations: 1, admins: 1, productsDistinct: true });
    expect(counts.migrations).toBeGreaterThan(0);
    for (const port of ports) {
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: 'a long enough password' }),
      });
      expect(login.status).toBe(200);
    }
  }, 200_000);
});
