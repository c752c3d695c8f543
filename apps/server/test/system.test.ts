import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { testConfig } from './helpers/config.ts';
import { createTestDatabase } from './helpers/database.ts';
import { client, registration } from './helpers/http.ts';

const webDist = mkdtempSync(join(tmpdir(), 'hunab-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Hunab</title><div id="root"></div>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("hunab")');
writeFileSync(join(webDist, 'manifest.webmanifest'), '{}');

const ctx = useTestApp(() => ({ webDistDir: webDist }));
const http = client(() => ctx.app);

describe('health and status', () => {
  it('answers 200 on /api/health while the database answers', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: ctx.database.kind } });
  });

  it('reports versions and the database on /api/status to administrators', async () => {
    const signedUp = (await http.post('/api/auth/register', registration())).body;
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, signedUp.user.id));
    const body = (await http.get('/api/status', { token: signedUp.token })).body;
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ name: 'hunab', node: process.version, database: { kind: ctx.database.kind } });
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.data.database.version).toMatch(/^\d+/);
    expect(body.data.database.migrations).toBeGreaterThan(0);
  });

  it('answers 503 on /api/health when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, config: testConfig() });
    await database.destroy();
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer.' },
    });
    await app.close();
  });
});

describe('serving the web app', () => {
  it.each(['/', '/dash', '/en', '/en/tzolkin', '/context/2012-12-21'])(
    'serves index.html for the client route %s',
    async (url) => {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    '/payment?test_payment=00000000-0000-4000-8000-000000000000',
    '/payment/success/test?order=00000000-0000-4000-8000-000000000000',
    '/ar/payment/fail/yookassa',
    '/checkout?product=13days',
    '/en/checkout/book-form?product=13days',
    '/checkout/redirect?order=x',
    '/subscription/checkout?plan=basic',
  ])('never lets the browser store the payment page %s, so Back after paying reads it anew', async (url) => {
    const response = await ctx.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the ordinary revalidation for pages that only look like payment pages', async () => {
    for (const url of ['/payments-info', '/en/checkouts', '/subscription']) {
      expect((await ctx.app.inject(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves built assets with a long cache, and real 404s for missing files', async () => {
    const asset = await ctx.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await ctx.app.inject('/favicon-missing.png')).statusCode).toBe(404);
    expect((await ctx.app.inject('/manifest.webmanifest')).statusCode).toBe(200);
  });

  it('answers unknown /api paths with a 404 in the envelope, never the app', async () => {
    for (const url of ['/api/nope', '/api', '/api/calendar/day']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/api/health', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().success).toBe(false);
  });

  it('never answers 5xx to malformed requests', async () => {
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/health',
        payload: '{bad json',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'GET' as const, url: '/api/calendar/day/%E0%A4%A' },
      { method: 'GET' as const, url: `/api/calendar/day/${'9'.repeat(500)}` },
      { method: 'GET' as const, url: '/api/calendar/kin/%00' },
      { method: 'GET' as const, url: '/api/calendar/kin/1?lang=' },
      { method: 'GET' as const, url: '/api/calendar/kin/1?lang=ru&lang=en' },
      { method: 'GET' as const, url: '/api/calendar/day/2020-01-01?lang[]=ru' },
      { method: 'GET' as const, url: '/api/calendar/day/２０２０-０１-０１' },
    ];
    for (const request of requests) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
    }
  });
});
