import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, frontendErrors } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const webDist = mkdtempSync(join(tmpdir(), 'hunab-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
const ctx = useTestApp(() => ({ webDistDir: webDist }));
const http = client(() => ctx.app);

async function signUp() {
  const reply = await http.post('/api/auth/register', registration());
  return { token: reply.body.token as string, user: reply.body.user };
}

describe('PUT /api/user/me/birth-date', () => {
  it('saves the birth date of the signed-in user', async () => {
    const { token } = await signUp();
    const reply = await http.put('/api/user/me/birth-date', { birthDate: '2000-02-29' }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.user.birth_date).toBe('2000-02-29');
    expect((await http.get('/api/auth/me', { token })).body.user.birth_date).toBe('2000-02-29');
  });

  it('refuses a guest, an invalid date and a future date', async () => {
    const { token } = await signUp();
    expect((await http.put('/api/user/me/birth-date', { birthDate: '2000-01-01' })).status).toBe(401);
    expect((await http.put('/api/user/me/birth-date', { birthDate: '2001-02-29' }, { token })).status).toBe(400);
    expect((await http.put('/api/user/me/birth-date', { birthDate: '3000-01-01' }, { token })).status).toBe(400);
    expect((await http.put('/api/user/me/birth-date', { birthDate: 19870726 }, { token })).status).toBe(400);
  });
});

describe('PUT /api/users/language', () => {
  it('accepts each of the eight languages', async () => {
    const { token } = await signUp();
    for (const lang of ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar']) {
      const reply = await http.put('/api/users/language', { lang }, { token });
      expect(reply.status).toBe(200);
      expect(reply.body.user.lang).toBe(lang);
    }
  });

  it('refuses any other language with 400', async () => {
    const { token } = await signUp();
    for (const lang of ['fr', 'EN', '', 'ru-RU', null, 1]) {
      const reply = await http.put('/api/users/language', { lang }, { token });
      expect(reply.status, String(lang)).toBe(400);
    }
    expect((await http.get('/api/auth/me', { token })).body.user.lang).toBe('en');
  });
});

describe('POST /api/frontend-error/log-error', () => {
  it('stores a client error with its React errorInfo, and the user when signed in', async () => {
    const { token, user } = await signUp();
    const reply = await http.post(
      '/api/frontend-error/log-error',
      {
        error: { message: 'Cannot read x of undefined', stack: 'TypeError\n at Dash', type: 'runtime' },
        errorInfo: { componentStack: '\n in Dash' },
      },
      { token, ip: newAddress() },
    );
    expect(reply.body).toEqual({ success: true });
    const [row] = await ctx.database.db.select().from(frontendErrors).orderBy(desc(frontendErrors.id)).limit(1);
    expect(row).toMatchObject({
      message: 'Cannot read x of undefined',
      userId: user.id,
      errorInfo: { componentStack: '\n in Dash' },
    });
  });

  it('caps what it keeps: long strings are cut, NUL removed', async () => {
    await http.post(
      '/api/frontend-error/log-error',
      { error: { message: 'big\u0000one', stack: 'x'.repeat(15_000) } },
      { ip: newAddress() },
    );
    const [row] = await ctx.database.db.select().from(frontendErrors).orderBy(desc(frontendErrors.id)).limit(1);
    expect(row?.message).toBe('bigone');
    expect(JSON.stringify(row?.error).length).toBeLessThan(5000);
  });

  it('limits one address, and apart from it each signed-in reader, to 30 reports a minute', async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await http.post('/api/frontend-error/log-error', { error: `e${i}` }, { ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // A signed-in reader behind the same address has 30 of their own.
    const { token } = await signUp();
    const own: number[] = [];
    for (let i = 0; i < 31; i++) {
      own.push((await http.post('/api/frontend-error/log-error', { error: `r${i}` }, { ip, token })).status);
    }
    expect(own.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(own[30]).toBe(429);
  });
});

describe('POST /api/analytics/track', () => {
  it('stores an event, with the user when a valid bearer comes and as a guest otherwise', async () => {
    const { token, user } = await signUp();
    const event = {
      event: 'kin_viewed',
      category: 'calendar',
      label: 'dash',
      value: 207,
      customData: { kin: 207 },
      platform: 'web',
      timestamp: '2026-11-21T10:00:00.000Z',
      url: 'http://hunab.test/dash',
      session_id: 's-1',
    };
    expect((await http.post('/api/analytics/track', event, { token })).body).toEqual({ success: true });
    expect(
      (await http.post('/api/analytics/track', { event: 'guest_event' }, { token: 'tampered.token.here' })).status,
    ).toBe(200);
    const rows = await ctx.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.event, 'kin_viewed'));
    expect(rows[0]).toMatchObject({ userId: user.id, value: '207', platform: 'web', sessionId: 's-1' });
    const [guest] = await ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.event, 'guest_event'));
    expect(guest?.userId).toBeNull();
  });

  // 720 stored events: well over the default 30 s on a loaded two-core machine, even twenty at a time.
  it('counts a signed-in reader apart from the guests and readers sharing their address', {
    timeout: 120_000,
  }, async () => {
    const ip = newAddress();
    const first = await signUp();
    const second = await signUp();
    const send = (token?: string) => http.post('/api/analytics/track', { event: 'page_view' }, { token, ip });
    // Hundreds of stored events: sent twenty at a time (the budget is counted in the process, exactly either way).
    const spend = async (count: number, token?: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 20) {
        const batch = Array.from({ length: Math.min(20, count - i) }, () => send(token).then((reply) => reply.status));
        statuses.push(...(await Promise.all(batch)));
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
    };
    await spend(120, first.token);
    const over = await send(first.token);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    expect(over.headers['retry-after']).toBeDefined();
    expect((await send(second.token)).status).toBe(200);
    // Guests behind one address share a larger budget.
    await spend(600);
    expect((await send()).status).toBe(429);
    expect((await send(second.token)).status).toBe(200);
  });

  it('refuses an event without a name', async () => {
    expect((await http.post('/api/analytics/track', { category: 'x' })).status).toBe(400);
    expect((await http.post('/api/analytics/track', { event: '   ' })).status).toBe(400);
  });
});

describe('GET /api/cache/frontend/version', () => {
  it('answers the version the web build wrote, and a new build changes cacheVersion', async () => {
    writeFileSync(
      join(webDist, 'version.json'),
      JSON.stringify({ frontendVersion: '0.1.0', cacheVersion: 'aaa111', builtAt: '2026-11-20T00:00:00.000Z' }),
    );
    const first = await http.get('/api/cache/frontend/version');
    expect(first.body).toEqual({
      success: true,
      data: {
        frontendVersion: '0.1.0',
        cacheVersion: 'aaa111',
        minAppVersion: '1.0.0',
        lastUpdate: '2026-11-20T00:00:00.000Z',
        requiresUpdate: false,
        isCritical: false,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(
      join(webDist, 'version.json'),
      JSON.stringify({ frontendVersion: '0.1.1', cacheVersion: 'bbb222', builtAt: '2026-11-21T00:00:00.000Z' }),
    );
    expect((await http.get(`/api/cache/frontend/version?_t=${Date.now()}`)).body.data.cacheVersion).toBe('bbb222');
  });

  it('tells a client below the minimum version that it must update', async () => {
    expect((await http.get('/api/cache/frontend/version?version=0.9.9')).body.data).toMatchObject({
      requiresUpdate: true,
      isCritical: true,
    });
    expect((await http.get('/api/cache/frontend/version?version=1.2.0')).body.data.requiresUpdate).toBe(false);
  });
});

describe('health, status and the API description', () => {
  it('answers HEAD /api/health', async () => {
    const reply = await ctx.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(reply.statusCode).toBe(200);
  });

  it('describes every endpoint in OpenAPI at /api/docs', async () => {
    const spec = (await http.get('/api/docs/json')).body;
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/me',
      '/api/calendar/day/{date}',
      '/api/frontend-error/log-error',
      '/api/analytics/track',
      '/api/cache/frontend/version',
      '/api/users/language',
      '/api/user/me/birth-date',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    expect(spec.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toContain(
      'email',
    );
    const ui = await ctx.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
