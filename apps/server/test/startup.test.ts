import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from './helpers/database.ts';

/**
 * Three server processes booting at once on one empty PostgreSQL database all come up: the migrations and the seed
 * run under one advisory lock, so the processes take turns instead of tripping over each other's tables and rows.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const url = process.env.DATABASE_URL;
const name = `hunab_start_${process.pid}_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'hunab-start-'));

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

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
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const logs: string[] = ports.map(() => '');
    ports.forEach((port, index) => {
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../src/main.ts')], {
        cwd: resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          DATABASE_URL: databaseUrlFor(url as string, name),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          JWT_SECRET: 'a'.repeat(40),
          ADMIN_EMAIL: 'boss@example.com',
          ADMIN_PASSWORD: 'a long enough password',
          SCHEDULER_INTERVAL_SECONDS: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => (logs[index] += chunk));
      child.stderr?.on('data', (chunk) => (logs[index] += chunk));
      children.push(child);
    });
    const deadline = Date.now() + 150_000;
    const up = await Promise.all(
      ports.map(async (port, index) => {
        while (Date.now() < deadline) {
          if (children[index]?.exitCode !== null) return `exited: ${logs[index]}`;
          const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          if (health?.ok) return 'up';
          await new Promise((wait) => setTimeout(wait, 500));
        }
        return `timed out: ${logs[index]}`;
      }),
    );
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
