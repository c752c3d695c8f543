import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { orders, reminderSends, subscriptions, users } from '../src/db/schema.ts';
import { testConfig } from './helpers/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { registration } from './helpers/http.ts';
import { startNginx } from './helpers/nginx.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';

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
/** How far the servers' clocks run ahead, for the renewal due in a month. */
let clockOffset = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  const config = {
    ...testConfig(),
    registrationsPerAddressPerHour: REGISTRATIONS_PER_HOUR,
    payments: { testProvider: true },
  };
  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    // Each server with its own connection pool, as a process of its own has.
    const own = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    closers.push(() => own.close());
    // Two hops: the client address the test names (as a front proxy would add it), then nginx.
    const app = await buildApp({ database: own, config, trustProxy: 2, now: () => new Date(Date.now() + clockOffset) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    ports.push((app.server.address() as AddressInfo).port);
    servers.push(app);
  }
  proxy = await startNginx(ports);
  proxyUrl = proxy.url;
});

afterAll(async () => {
  await proxy?.stop();
  for (const app of servers) await app.close();
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

  it('charge a renewal once, however many servers run the billing at once', async () => {
    const buyer = await signUp('192.0.2.70');
    const created = await call(
      'POST',
      '/api/orders',
      { plan_id: 'basic_monthly', provider: 'test', save_payment_method: true },
      buyer.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { amount, currency } = created.body.data.order;
    const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
    const paid = await call('POST', `/api/payments/test-provider/${paymentId}/pay`, {}, buyer.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    for (const app of servers) {
      await app.payments.idle();
      await app.payments.payments.processInbox();
    }
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(subscription).toMatchObject({ planId: 'basic_monthly', status: 'active', autoRenew: true });
    try {
      clockOffset = 30 * DAY + 60_000;
      await Promise.all(servers.flatMap((app) => [app.payments.runDue(), app.payments.runDue()]));
    } finally {
      clockOffset = 0;
    }
    const renewals = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscription?.id ?? -1), eq(orders.kind, 'renewal')));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'paid', amount, currency });
  });
});

/**
 * Graceful stop as production sees it: two server processes of their own behind nginx, and a real SIGTERM to one of
 * them while 100 requests a second arrive. The stopping process takes no new connections, finishes what it has, stops
 * its scheduler and closes its pool, then exits 0; nginx sends the rest to the other, and no request fails.
 */
describe.skipIf(!onPostgres)('a server process stopped with SIGTERM under load', () => {
  const processes: ServerProcess[] = [];
  let front: Awaited<ReturnType<typeof startNginx>> | undefined;

  afterAll(async () => {
    await front?.stop();
    for (const server of processes) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('loses no request while one of two processes stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hunab-stop-'));
    try {
      for (let i = 0; i < 2; i++) {
        processes.push(
          await startServerProcess({ DATABASE_URL: database.url as string, DATA_DIR: dataDir, TRUST_PROXY_HOPS: '1' }),
        );
      }
      expect(await Promise.all(processes.map((server) => server.up()))).toEqual(['up', 'up']);
      front = await startNginx(processes.map((server) => server.port));
      const stopping = processes[1] as ServerProcess;
      const answers: number[] = [];
      const requests: Promise<void>[] = [];
      const started = Date.now();
      for (let i = 0; i < 300; i++) {
        // 100 a second, each a different day so every answer is computed.
        const at = started + i * 10;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
        const day = new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10);
        requests.push(
          fetch(`${front.url}/api/calendar/day/${day}`)
            .then(async (reply) => {
              await reply.arrayBuffer();
              answers.push(reply.status);
            })
            .catch(() => {
              answers.push(0);
            }),
        );
        if (i === 100) stopping.child.kill('SIGTERM');
      }
      await Promise.all(requests);
      expect(await stopping.exited(), stopping.log()).toBe(0);
      expect(answers).toHaveLength(300);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
      // The other process serves on.
      expect((await fetch(`${front.url}/api/health`)).status).toBe(200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 200_000);
});
