import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { reminderSends, users } from '../src/db/schema.ts';
import { testConfig } from './helpers/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { registration } from './helpers/http.ts';
import { startNginx } from './helpers/nginx.ts';

/**
 * Two servers on one PostgreSQL database behind Debian's nginx with the product's own configuration
 * (deploy/nginx/hunab.conf), as a deployment scaled out runs: the rules that must hold across processes (sign-in
 * limits, view counts, comments, the scheduler) hold as with one, and stopping one server loses no request.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
const servers: FastifyInstance[] = [];
const closers: Array<() => Promise<void>> = [];
let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
let proxyUrl = '';
const closed = new Set<FastifyInstance>();

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  const config = { ...testConfig(), registrationsPerAddressPerHour: REGISTRATIONS_PER_HOUR };
  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    // Each server with its own connection pool, as a process of its own has.
    const own = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    closers.push(() => own.close());
    // Two hops: the client address the test names (as a front proxy would add it), then nginx.
    const app = await buildApp({ database: own, config, trustProxy: 2 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    ports.push((app.server.address() as AddressInfo).port);
    servers.push(app);
  }
  proxy = await startNginx(ports);
  proxyUrl = proxy.url;
});

afterAll(async () => {
  await proxy?.stop();
  for (const app of servers) if (!closed.has(app)) await app.close();
  for (const close of closers) await close();
  await database?.destroy();
});

async function call(method: string, path: string, body?: unknown, token?: string, client = '198.51.100.1') {
  const response = await fetch(`${proxyUrl}${path}`, {
    method,
    headers: {
      'x-forwarded-for': client,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a reply body is whatever JSON the endpoint sends; tests assert its shape
  const answer: any = await response.json().catch(() => null);
  return { status: response.status, body: answer };
}

async function signUp(client: string) {
  const body = registration();
  const reply = await call('POST', '/api/auth/register', body, undefined, client);
  expect(reply.status).toBe(200);
  return { ...body, token: reply.body.token as string, id: reply.body.user.id as string };
}

const REGISTRATIONS_PER_HOUR = 6;

describe.skipIf(!onPostgres)('two servers on one database behind nginx', () => {
  it('hold one sign-in limit between them, also for simultaneous guesses', async () => {
    const owner = await signUp('198.51.100.20');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call('POST', '/api/auth/login', { email: owner.email, password: `no-${i}` })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const other = await signUp('198.51.100.21');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/api/auth/login', { email: other.email, password: `x-${i}` }, undefined, '198.51.100.2'),
      ),
    );
    expect(burst.filter((reply) => reply.status === 401).length).toBeLessThanOrEqual(10);
  });

  it('hold one per-address limit on new accounts between them', async () => {
    const client = '198.51.100.60';
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS_PER_HOUR + 2; i++) {
      statuses.push((await call('POST', '/api/auth/register', registration(), undefined, client)).status);
    }
    expect(statuses).toEqual([...Array(REGISTRATIONS_PER_HOUR).fill(200), 429, 429]);
  });

  it('count views once, whichever server a view reaches', async () => {
    const user = await signUp('198.51.100.30');
    const today = new Date().toISOString().slice(0, 10);
    const kinds = ['context_matrix', 'kin_matrix', 'moon_matrix'];
    for (const kind of [...kinds, ...kinds, ...kinds]) {
      await call('POST', '/api/matrices/track-view', { content_id: kind, date_viewed: today }, user.token);
    }
    for (let i = 0; i < 2; i++) {
      expect((await call('GET', '/api/matrices/view-limit', undefined, user.token)).body.data.views_used).toBe(3);
    }
  });

  it('keep every comment, hold the per-user comment limit between them, and read back the same from both', async () => {
    const user = await signUp('198.51.100.40');
    const posted = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          'POST',
          '/api/comments',
          { cycleType: 'kin', cycleValue: 77, content: `A thought number ${i}` },
          user.token,
        ),
      ),
    );
    const created = posted.filter((reply) => reply.status === 201).length;
    // Five a minute per user (COMMENT_RATE_LIMITS), whichever server each post reached.
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThanOrEqual(5);
    expect(posted.filter((reply) => reply.status === 429)).toHaveLength(10 - created);
    const stored = await database.db.execute(sql`select count(*)::int as n from comments where cycle_value = 77`);
    expect(Number((stored as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(created);
    const lists = [];
    for (let i = 0; i < 2; i++) {
      const list = await call(
        'GET',
        '/api/comments?cycleType=kin&cycleValue=77&lang=en&limit=50',
        undefined,
        user.token,
      );
      lists.push((list.body.data.comments as { id: number }[]).map((comment) => comment.id));
    }
    // Both servers answer the same page, and it holds every stored comment (a guest would see the first three).
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[0]).toHaveLength(created);
  });

  it('run each due transition of the scheduler once, however many servers run it', async () => {
    const boss = await signUp('198.51.100.50');
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
    const subscriber = await signUp('198.51.100.51');
    const granted = await call(
      'POST',
      `/api/admin/users/${subscriber.id}/subscription`,
      { plan_id: 'basic', days: 3 },
      boss.token,
    );
    expect(granted.status).toBe(200);
    const later = new Date(Date.now() + 5 * 86_400_000);
    const runs = await Promise.all(
      servers.flatMap((app) => [app.subscriptions.runDue(later), app.subscriptions.runDue(later)]),
    );
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
  });

  it('accept a session on every server, whichever one opened it', async () => {
    const reader = await signUp('192.0.2.60');
    for (const app of servers) {
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(reader.id);
    }
  });

  it('send each reader’s daily reminder once, however many servers run the reminders at once', async () => {
    const reader = await signUp('192.0.2.61');
    const saved = await call(
      'PUT',
      '/api/reminders',
      { email: false, push: true, daily: true, returns: false, local_time: '08:00', time_zone: 'UTC' },
      reader.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const at = new Date(Date.UTC(2031, 2, 4, 8, 1));
    await Promise.all(servers.flatMap((app) => [app.reminders.runDue(at), app.reminders.runDue(at)]));
    const sends = await database.db.select().from(reminderSends).where(eq(reminderSends.userId, reader.id));
    expect(sends).toHaveLength(1);
  });

  it('lose no request while one server stops (SIGTERM) under 100 requests a second', async () => {
    const answers: number[] = [];
    const requests: Promise<void>[] = [];
    const started = Date.now();
    let stopping: Promise<void> | undefined;
    for (let i = 0; i < 300; i++) {
      // 100 a second, each day a different one so every answer is computed.
      const at = started + i * 10;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      const day = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      requests.push(
        fetch(`${proxyUrl}/api/calendar/day/${day}`)
          .then(async (reply) => {
            await reply.arrayBuffer();
            answers.push(reply.status);
          })
          .catch(() => {
            answers.push(0);
          }),
      );
      // After one second, the second server stops as on SIGTERM (main.ts closes the app).
      if (i === 100) {
        const second = servers[1] as FastifyInstance;
        closed.add(second);
        stopping = second.close();
      }
    }
    await Promise.all(requests);
    await stopping;
    expect(answers).toHaveLength(300);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  });
});
