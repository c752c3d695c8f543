import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { analyticsEvents, crmEvents, mailingSubscriptions, outboxEmails, users } from '../src/db/schema.ts';
import { testConfig } from './helpers/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { client, newAddress, newEmail, registration } from './helpers/http.ts';
import { linkToken, startSmtpServer } from './helpers/smtp.ts';
import { fakeWebBuild } from './helpers/web-build.ts';

let database: TestDatabase;
let app: FastifyInstance;
/** The same product behind one proxy, with the registration limit of production. */
let proxied: FastifyInstance;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logLines: string[] = [];
const http = client(() => app);
const viaProxy = client(() => proxied);

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  proxied = await buildApp({
    database,
    config: testConfig({ registrationsPerAddressPerHour: 3 }),
    trustProxy: 1,
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  app = await buildApp({
    database,
    config: testConfig({ smtpUrl: smtp.url }),
    httpLimits: {
      requestTimeoutMs: 600,
      headersTimeoutMs: 400,
      checkIntervalMs: 100,
      maxConnectionsPerAddress: 8,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await smtp?.close();
  await database?.destroy();
});

async function signUp(overrides: Record<string, unknown> = {}) {
  const reply = await http.post('/api/auth/register', registration(overrides), { ip: newAddress() });
  expect(reply.status).toBe(200);
  return { token: reply.body.token as string, user: reply.body.user as { id: string; email: string } };
}

/** A raw connection that sends `text` and collects what comes back until the server closes it. */
function rawConnection(text: string, localAddress = '127.0.0.1') {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => {
    const start = Date.now();
    socket.on('close', () => resolve(Date.now() - start));
  });
  socket.write(text);
  return { socket, closed, received: () => received };
}

const slowBody =
  'POST /api/analytics/track HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"ev';

/** JSON nested `depth` levels deep under one key. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('slow and greedy clients', () => {
  it('closes a connection whose body never finishes, with a 408 in the envelope, and serves others meanwhile', async () => {
    const slow = rawConnection(slowBody);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const after = await slow.closed;
    expect(after).toBeLessThan(3000);
    expect(slow.received()).toMatch(/^HTTP\/1.1 408/);
    expect(JSON.parse(slow.received().split('\r\n\r\n')[1] ?? '')).toMatchObject({
      success: false,
      error: { code: 'REQUEST_TIMEOUT' },
    });
  });

  it('closes connections of one address over its cap while other addresses are served', async () => {
    const held = Array.from({ length: 8 }, () => rawConnection(slowBody));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = rawConnection(slowBody);
    expect(await extra.closed).toBeLessThan(300);
    expect(extra.received()).toBe('');
    const other = rawConnection('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.2');
    await other.closed;
    expect(other.received()).toMatch(/^HTTP\/1.1 200/);
    await Promise.all(held.map((connection) => connection.closed));
  });

  it('answers oversized headers and malformed HTTP in the envelope', async () => {
    const big = rawConnection(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await big.closed;
    expect(big.received()).toMatch(/^HTTP\/1.1 431/);
    expect(big.received()).toContain('"code":"HEADERS_TOO_LARGE"');
    const bad = rawConnection('NOT HTTP AT ALL\r\n\r\n');
    await bad.closed;
    expect(bad.received()).toMatch(/^HTTP\/1.1 400/);
    expect(bad.received()).toContain('"success":false');
  });
});

describe('stored JSON from clients', () => {
  it('refuses JSON nested thousands of levels deep with a 400 in the envelope, everywhere', async () => {
    const { token } = await signUp();
    // Written as text: JSON.stringify itself cannot nest this deep.
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`;
    const json = { 'content-type': 'application/json' };
    const send = (url: string, body: string, options: { token?: string } = {}) =>
      http.call('POST', url, body, { ...options, ip: newAddress(), headers: json });
    const replies = [
      // Each as deep as the endpoint's body limit lets through.
      await send('/api/analytics/track', `{"event":"x","customData":${deep(1300)}}`),
      await send('/api/frontend-error/log-error', `{"error":${deep(5000)}}`),
      await send('/api/amocrm/subscription-view', `{"pageUrl":"/subscription","extra":${deep(1300)}}`, { token }),
      await send('/api/auth/login', `{"email":${deep(20_000)},"password":"x"}`),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('keeps analytics and error reports small: depth and size of stored JSON are capped', async () => {
    const ip = newAddress();
    expect((await http.post('/api/analytics/track', { event: 'x', customData: nested(7) }, { ip })).status).toBe(400);
    expect(
      (await http.post('/api/analytics/track', { event: 'x', customData: { text: 'a'.repeat(5000) } }, { ip })).status,
    ).toBe(400);
    expect((await http.post('/api/analytics/track', { event: 'x', label: 'y'.repeat(9000) }, { ip })).status).toBe(413);
    expect((await http.post('/api/frontend-error/log-error', { error: nested(9) }, { ip })).status).toBe(400);
    const ok = await http.post('/api/analytics/track', { event: 'kept', customData: { page: '/dash' } }, { ip });
    expect(ok.status).toBe(200);
    const rows = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.event, 'kept'));
    expect(rows).toHaveLength(1);
  });

  it('takes only the known fields of a CRM view, small, limited per user, and stored before the answer', async () => {
    const { token, user } = await signUp();
    expect((await http.post('/api/amocrm/subscription-view', { pageUrl: '/s', junk: 'x' }, { token })).status).toBe(
      400,
    );
    const huge = await http.post('/api/amocrm/subscription-view', { pageUrl: 'a'.repeat(9000) }, { token });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    const accepted = await http.post('/api/amocrm/subscription-view', { pageUrl: '/subscription' }, { token });
    expect(accepted.status).toBe(202);
    const rows = await database.db.select().from(crmEvents).where(eq(crmEvents.userId, user.id));
    expect(rows).toHaveLength(1);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await http.post('/api/amocrm/subscription-view', { pageUrl: '/s' }, { token })).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const last = await http.post('/api/amocrm/subscription-view', { pageUrl: '/s' }, { token });
    expect(last.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('accounts', () => {
  it('retires reset links and ends other sessions when the email changes', async () => {
    const password = 'correct horse';
    const { user, token } = await signUp({ password });
    const other = (await http.post('/api/auth/login', { email: user.email, password }, { ip: newAddress() })).body
      .token as string;
    await http.post('/api/auth/reset-password', { email: user.email });
    const resetLink = linkToken((await smtp.waitFor(user.email, /reset/i)).text);
    const next = newEmail('moved');
    const changed = await http.post('/api/auth/email', { email: next, password }, { token });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toEqual(expect.any(String));
    const reset = await http.post('/api/auth/reset-password/confirm', { token: resetLink, password: 'taken over' });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe('INVALID_TOKEN');
    expect((await http.get('/api/auth/me', { token: other })).status).toBe(401);
    expect((await http.get('/api/auth/me', { token })).status).toBe(401);
    expect((await http.get('/api/auth/me', { token: changed.body.token })).body.user.email).toBe(user.email);
    // A reset link sent to the old address while the move waits dies when the move is confirmed.
    const sent = smtp.received.length;
    await http.post('/api/auth/reset-password', { email: user.email });
    const lateReset = linkToken((await smtp.waitFor(user.email, /reset/i, 5000, sent)).text);
    const confirmation = linkToken((await smtp.waitFor(next)).text);
    expect((await http.get(`/api/auth/verify-email/${confirmation}`)).body.user.email).toBe(next);
    const late = await http.post('/api/auth/reset-password/confirm', { token: lateReset, password: 'taken over' });
    expect(late.body.error.code).toBe('INVALID_TOKEN');
    expect((await http.get('/api/auth/me', { token: changed.body.token })).body.user.email).toBe(next);
    expect((await http.post('/api/auth/login', { email: next, password }, { ip: newAddress() })).status).toBe(200);
  });

  it('checks at most ten passwords of 50 simultaneous wrong guesses from one address', async () => {
    const { user } = await signUp();
    const ip = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        http.post('/api/auth/login', { email: user.email, password: `no-${i}` }, { ip }),
      ),
    );
    const checked = replies.filter((reply) => reply.status === 401).length;
    // Each guess is counted before its check: the ones that meet ten others on the count are refused unchecked.
    expect(checked).toBeLessThanOrEqual(10);
    expect(replies.filter((reply) => reply.status === 429).length).toBe(50 - checked);
  });

  it('limits password guesses on the email change too', async () => {
    const { token } = await signUp();
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push(
        (await http.post('/api/auth/email', { email: newEmail(), password: `no-${i}` }, { token, ip })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
  });

  it('keeps an attacker throttled without locking the owner out', async () => {
    const password = 'correct horse';
    const { user } = await signUp({ password });
    const home = newAddress();
    expect((await http.post('/api/auth/login', { email: user.email, password }, { ip: home })).status).toBe(200);
    const attacker = newAddress();
    for (let i = 0; i < 10; i++) {
      await http.post('/api/auth/login', { email: user.email, password: `guess-${i}` }, { ip: attacker });
    }
    expect((await http.post('/api/auth/login', { email: user.email, password }, { ip: attacker })).status).toBe(429);
    expect((await http.post('/api/auth/login', { email: user.email, password }, { ip: newAddress() })).status).toBe(
      200,
    );
    // Guesses spread over a hundred addresses close the account to new addresses, not to the owner's own.
    for (let i = 0; i < 100; i++) {
      await http.post('/api/auth/login', { email: user.email, password: `spread-${i}` }, { ip: newAddress() });
    }
    expect((await http.post('/api/auth/login', { email: user.email, password }, { ip: newAddress() })).status).toBe(
      429,
    );
    expect((await http.post('/api/auth/login', { email: user.email, password }, { ip: home })).status).toBe(200);
  }, 120_000);

  it('limits registrations per address and puts no chosen text into mail to an unconfirmed address', async () => {
    const ip = '203.0.113.9';
    const forwarded = { 'x-forwarded-for': ip };
    const statuses: number[] = [];
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) {
      const body = registration({ username: 'Win a prize at evil.example', name: 'Win a prize at evil.example' });
      emails.push(body.email);
      statuses.push((await viaProxy.post('/api/auth/register', body, { headers: forwarded })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const [mail] = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, emails[0] as string));
    expect(mail?.kind).toBe('verifyEmail');
    expect(mail?.textBody).not.toContain('evil.example');
    expect(mail?.htmlBody).not.toContain('evil.example');
  });

  it('limits mailing-list sign-ups per address', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.10' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await viaProxy.post(
            '/api/subscriptions/subscribe',
            { email: newEmail(), interest: 'general' },
            { headers: forwarded },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('reads the client address the proxy wrote, not what the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const spoofed = { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7` };
      statuses.push(
        (
          await viaProxy.post(
            '/api/auth/login',
            { email: newEmail('spray'), password: 'guess123' },
            { headers: spoofed },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('answers the mailing-list check, reset and resend alike for known and unknown addresses', async () => {
    const { user, token } = await signUp();
    const unknown = newEmail('nobody');
    await http.post('/api/subscriptions/subscribe', { email: user.email, interest: 'general' }, { ip: newAddress() });
    const check = (email: string, options = {}) =>
      http.post('/api/subscriptions/check', { email, interest: 'general' }, { ip: newAddress(), ...options });
    expect((await check(user.email)).body).toEqual((await check(unknown)).body);
    // Unconfirmed (double opt-in) it is not on the list yet; once confirmed, its signed-in owner hears so.
    expect((await check(user.email, { token })).body.subscribed).toBe(false);
    await database.db
      .update(mailingSubscriptions)
      .set({ confirmedAt: new Date() })
      .where(sql`lower(${mailingSubscriptions.email}) = lower(${user.email})`);
    expect((await check(user.email)).body).toEqual((await check(unknown)).body);
    expect((await check(user.email, { token })).body.subscribed).toBe(true);
    const again = await http.post(
      '/api/subscriptions/subscribe',
      { email: user.email, interest: 'general' },
      { ip: newAddress() },
    );
    const fresh = await http.post(
      '/api/subscriptions/subscribe',
      { email: newEmail(), interest: 'general' },
      { ip: newAddress() },
    );
    expect(again.body).toEqual(fresh.body);

    for (const url of ['/api/auth/reset-password', '/api/auth/verify-email/resend']) {
      const times = { known: [] as number[], unknown: [] as number[] };
      let bodies: unknown[] = [];
      for (let i = 0; i < 12; i++) {
        for (const [kind, email] of [
          ['known', user.email],
          ['unknown', unknown],
        ] as const) {
          const start = performance.now();
          const reply = await http.post(url, { email }, { ip: newAddress() });
          times[kind].push(performance.now() - start);
          expect(reply.status).toBe(200);
          bodies = [...bodies, reply.body];
        }
      }
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
      // A known address answered only after its mail went out would take the SMTP round trip longer: tens of ms.
      expect(median(times.known)).toBeLessThan(median(times.unknown) * 2 + 5);
    }
  });
});

describe('disclosure', () => {
  async function admin() {
    const account = await signUp();
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.user.id));
    return account;
  }

  it('tells the Node and database versions on /api/status to administrators only', async () => {
    const guest = (await http.get('/api/status')).body.data;
    expect(guest).toMatchObject({ name: 'hunab', version: expect.any(String) });
    expect(guest.node).toBeUndefined();
    expect(guest.database).toBeUndefined();
    const { token } = await admin();
    const full = (await http.get('/api/status', { token })).body.data;
    expect(full.node).toBe(process.version);
    expect(full.database.version).toMatch(/^\d+/);
  });

  it('documents admin and debug operations to administrators only, and marks which operations take a token', async () => {
    const publicPaths = Object.keys((await http.get('/api/docs/json')).body.paths);
    expect(publicPaths.some((path) => /^\/api\/(admin|debug)\//.test(path))).toBe(false);
    expect(publicPaths).toContain('/api/cards');
    const { token } = await admin();
    const spec = (await http.get('/api/docs/json', { token })).body;
    expect(Object.keys(spec.paths)).toContain('/api/admin/promo-codes');
    expect(spec.paths['/api/cards'].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/admin/promo-codes'].post.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/analytics/track'].post.security).toEqual([{ bearer: [] }, {}]);
    expect(spec.paths['/api/auth/login'].post.security).toEqual([]);
    const operations = Object.values(spec.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(
      (methods) => Object.values(methods),
    );
    expect(operations.filter((operation) => operation.security?.length).length).toBeGreaterThan(30);
  });

  it('keeps emailed links out of the log and out of the outbox once sent or expired', async () => {
    const { user } = await signUp();
    await http.post('/api/auth/reset-password', { email: user.email });
    const token = linkToken((await smtp.waitFor(user.email, /reset/i)).text);
    await app.mailer.flush();
    const sent = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email));
    expect(sent.length).toBeGreaterThan(0);
    for (const row of sent) {
      expect(row.link).toBeNull();
      expect(row.textBody + row.htmlBody).not.toContain(token);
    }

    // Without SMTP the outbox keeps the link for local use, never the log, and only while links live.
    const kept = registration();
    await viaProxy.post('/api/auth/register', kept, { headers: { 'x-forwarded-for': '203.0.113.40' } });
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, kept.email));
    expect(row?.link).toMatch(/token=/);
    expect(logLines.join('\n')).toContain('outbox_emails');
    expect(logLines.join('\n')).not.toContain('token=');
    await database.db
      .update(outboxEmails)
      .set({ createdAt: new Date(Date.now() - 72 * 3_600_000) })
      .where(eq(outboxEmails.toAddress, kept.email));
    await viaProxy.post('/api/auth/register', registration(), { headers: { 'x-forwarded-for': '203.0.113.41' } });
    const [aged] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, kept.email));
    expect(aged?.link).toBeNull();
    expect(aged?.textBody).not.toMatch(/token=/);
  });

  it('logs one line per request on a real server, with every secret of its address redacted', async () => {
    await proxied.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(proxied.server.address() as { port: number }).port}`;
    const secret = 'Zx9SecretValue0123456789abcdefGHIJ';
    const addresses = [
      `/api/feed/${secret}.ics`,
      `/api/auth/verify-email/${secret}`,
      `/api/subscriptions/confirm?token=${secret}&lang=en`,
      `/api/subscriptions/unsubscribe?lang=en&token=${secret}`,
      `/api/team-invites/${secret}`,
      `/api/reminders/unsubscribe/${secret}`,
      `/api/nothing/here/${secret}`,
    ];
    const before = logLines.length;
    for (const address of addresses) await fetch(`${base}${address}`, { redirect: 'manual' });
    const lines = logLines.slice(before).map((line) => JSON.parse(line) as { msg: string; url?: string });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.url?.split(/[/?]/)[2])).toEqual(addresses.map((a) => a.split(/[/?]/)[2]));
    expect(lines.filter((line) => /incoming request|request completed/.test(line.msg))).toEqual([]);
    expect(logLines.slice(before).join('\n')).not.toContain(secret);
    expect(requests[0]).toMatchObject({ url: '/api/feed/[redacted].ics', route: '/api/feed/:file' });
    expect(requests[2]?.url).toBe('/api/subscriptions/confirm?token=[redacted]&lang=en');

    // The line is the one pino writes for a request's own logger: the same text but for the time and the values.
    const written = logLines.slice(before).find((line) => line.includes('"msg":"request"')) ?? '';
    const fields = JSON.parse(written) as Record<string, unknown>;
    proxied.log.child({ reqId: fields.reqId }).info(
      {
        method: fields.method,
        url: fields.url,
        route: fields.route,
        status: fields.status,
        ms: fields.ms,
        ip: fields.ip,
      },
      'request',
    );
    const byPino = logLines.at(-1) ?? '';
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(written)).toBe(withoutTime(byPino));
    expect(Object.keys(fields)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'route',
      'status',
      'ms',
      'ip',
      'msg',
    ]);
  });

  it('publishes the number of accounts only roughly', async () => {
    const reply = await http.post('/api/bot-stats/process-shortcodes', { content: '[users_count]', language: 'en' });
    const shown = reply.body.processedContent.processedContent as string;
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(Number(row?.n)).toBeGreaterThan(10);
    expect(shown).toMatch(/^[\d,]+\+$/);
    const shownNumber = Number(shown.replace(/\D/g, ''));
    expect(shownNumber).toBeLessThanOrEqual(Number(row?.n));
    expect(String(shownNumber).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
  });

  it('asks for the token before looking at the body of protected operations', async () => {
    const guestCard = await http.post('/api/cards', { nonsense: true });
    expect(guestCard.status).toBe(401);
    expect(guestCard.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    const guestPromo = await http.post('/api/admin/promo-codes', { code: 1 });
    expect(guestPromo.status).toBe(401);
    const { token } = await signUp();
    const userPromo = await http.post('/api/admin/promo-codes', { code: 1 }, { token });
    expect(userPromo.status).toBe(403);
    expect(userPromo.body.error.code).toBe('FORBIDDEN');
  });

  it('answers 401 or 403 before parsing the body on every protected operation, even an empty or broken one', async () => {
    const boss = await signUp();
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.user.id));
    const { token } = await signUp();
    const spec = (await http.get('/api/docs/json', { token: boss.token })).body as {
      paths: Record<string, Record<string, { security?: object[] }>>;
    };
    const protectedOps = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method !== 'get' && op.security?.length === 1)
        .map(([method]) => ({ method: method.toUpperCase() as 'POST', url: path.replace(/\{[^}]+\}/g, 'x1') })),
    );
    expect(protectedOps.length).toBeGreaterThan(40);
    for (const { method, url } of protectedOps) {
      for (const payload of ['', '{"broken":']) {
        const headers = { 'content-type': 'application/json' };
        const guest = await app.inject({ method, url, payload, headers });
        expect(guest.statusCode, `${method} ${url} as a guest with ${JSON.stringify(payload)}`).toBe(401);
        if (url.startsWith('/api/admin/')) {
          const user = await app.inject({
            method,
            url,
            payload,
            headers: { ...headers, authorization: `Bearer ${token}` },
          });
          expect(user.statusCode, `${method} ${url} as a user`).toBe(403);
        }
      }
    }
  });
});

describe('a lost database', () => {
  it('answers 503 in the envelope, not 500, on every operation that needs it', async () => {
    const lost = await createTestDatabase();
    const lonely = await buildApp({ database: lost, config: testConfig() });
    const api = client(() => lonely);
    const { token } = (await api.post('/api/auth/register', registration())).body;
    await lost.destroy();
    for (const reply of [
      await api.get('/api/auth/me', { token }),
      await api.get('/api/cards', { token }),
      await api.post('/api/auth/login', { email: newEmail(), password: 'whatever1' }),
      await api.get('/api/comments?cycleType=kin&cycleValue=1'),
    ]) {
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(reply.headers['retry-after']).toBe('5');
    }
    await lonely.close();
  });
});

describe('a database that refuses connections', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'answers 503 with Retry-After, not 500, while PostgreSQL refuses new connections to the database',
    async () => {
      const refusing = await createTestDatabase();
      const app = await buildApp({ database: refusing, config: testConfig() });
      const api = client(() => app);
      const { token } = (await api.post('/api/auth/register', registration())).body;
      const name = new URL(String((refusing as { url?: string }).url)).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        for (const reply of [
          await api.get('/api/auth/me', { token }),
          await api.post('/api/auth/login', { email: newEmail(), password: 'whatever1' }),
          await api.get('/api/journal', { token }),
          await api.get('/api/comments?cycleType=kin&cycleValue=1'),
        ]) {
          expect(reply.status).toBe(503);
          expect(reply.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
          expect(reply.headers['retry-after']).toBe('5');
        }
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
        await app.close();
        await refusing.destroy();
      }
    },
  );
});

describe('security headers', () => {
  it('sends a JSON answer a policy that loads and frames nothing, with no sniffing and no framing', async () => {
    const reply = await http.get('/api/health');
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['permissions-policy']).toBeUndefined();
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    const secure = await viaProxy.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toContain('max-age=');
    // An error is JSON too.
    const missing = await http.get('/api/no-such-thing');
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends a page a CSP without inline scripts but hashed ones, no framing, and the document headers', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'hunab-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Hunab</title></head><body></body></html>',
    );
    const pages = await buildApp({ database, config: testConfig({ webDistDir: webDist, renderPages: false }) });
    const reply = await pages.inject('/dash');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers['permissions-policy']).toContain('camera=()');
    expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
    await pages.close();
  });

  it('allows exactly the inline scripts of the page it sends, by hash', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'hunab-web-'));
    const script = 'document.documentElement.dataset.ready="1"';
    writeFileSync(
      join(webDist, 'index.html'),
      `<!doctype html><html><head><title>Hunab</title><script>${script}</script></head><body><div id="root"></div><script type="application/json" id="data">{}</script></body></html>`,
    );
    const pages = await buildApp({ database, config: testConfig({ webDistDir: webDist, renderPages: false }) });
    const reply = await pages.inject('/dash');
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp.match(/sha256-/g)).toHaveLength(1);
    await pages.close();
  });
});

describe('rendered pages', () => {
  /** A built web app whose page renderer notes every render, slowly, as a real one under load would be. */
  function webBuild() {
    return fakeWebBuild(
      `globalThis.renders = { urls: [], running: 0, most: 0 };
export async function pageQueries() { return []; }
export async function renderPage(url) {
  const r = globalThis.renders;
  r.urls.push(url); r.running++; r.most = Math.max(r.most, r.running);
  await new Promise((done) => setTimeout(done, 100));
  r.running--;
  return { html: '<p>' + url.replace(/[<&]/g, '') + '</p>', lang: 'en', page: 'dash', alternates: [] };
}`,
    );
  }
  const renders = () => (globalThis as unknown as { renders: { urls: string[]; most: number } }).renders;

  it('renders a page once for any made-up query string, and by its known parameters', async () => {
    const pages = await buildApp({ database, config: testConfig({ webDistDir: webBuild(), renderPages: true }) });
    for (let i = 0; i < 20; i++) {
      const reply = await pages.inject(`/en/dash?nonce=${i}&utm_x=${i}`);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<p>/en/dash</p>');
    }
    expect(renders().urls).toEqual(['/en/dash']);
    const tab = await pages.inject('/en/dash?zzz=1&tab=tone');
    expect(tab.body).toContain('<p>/en/dash?tab=tone</p>');
    expect(renders().urls).toEqual(['/en/dash', '/en/dash?tab=tone']);
    await pages.close();
  });

  it('renders a bounded number of pages at once and sends the app shell beyond the queue', async () => {
    const pages = await buildApp({ database, config: testConfig({ webDistDir: webBuild(), renderPages: true }) });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        pages.inject(`/en/dash?birthDate=1990-01-${String(i + 1).padStart(2, '0')}`),
      ),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(renders().most).toBeLessThanOrEqual(2);
    const rendered = replies.filter((reply) => reply.body.includes('data-ssr')).length;
    // The rest, arriving while two renders and eight waiting ones were under way, got the app shell.
    expect(rendered).toBeGreaterThan(0);
    await pages.close();
  });
});
