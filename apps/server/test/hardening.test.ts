import { connect, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { analyticsEvents, crmEvents } from '../src/db/schema.ts';
import { testConfig } from './helpers/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { client, newAddress, registration } from './helpers/http.ts';

let database: TestDatabase;
let app: FastifyInstance;
let port: number;
const http = client(() => app);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    database,
    config: testConfig(),
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
