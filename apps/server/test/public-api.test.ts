import { calendarDay, kinEntity, parseDate } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { newAddress } from './helpers/http.ts';

const ctx = useTestApp();

async function get(url: string, headers: Record<string, string> = {}, ip = newAddress()) {
  const response = await ctx.app.inject({ method: 'GET', url, headers, remoteAddress: ip });
  return {
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : null,
    headers: response.headers,
  };
}

/** The shape of a JSON value: the type of every leaf, keys sorted, arrays by their first element and length. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [`${value.length} ×`, shapeOf(value[0])] : [];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

describe('the public API v1 keeps its shape', () => {
  // The promise of v1: these snapshots change only when a field is added (a new version for anything else).
  it.each([
    ['a day in a moon', '/api/v1/day/2012-12-21'],
    ['the Day Out of Time', '/api/v1/day/2026-07-25'],
    ['0.0 Hunab Ku', '/api/v1/day/2024-02-29'],
    ['a kin', '/api/v1/kin/207'],
    ['a moon', '/api/v1/moon/2012-12-21'],
    ['a year', '/api/v1/year/2027'],
  ])('%s', async (_label, url) => {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(shapeOf(body)).toMatchSnapshot();
  });
});

describe('GET /api/v1/...', () => {
  it("answers the engine's records, every value of the day record, in the language asked", async () => {
    const day = await get('/api/v1/day/2012-12-21?lang=en');
    expect(day.body).toEqual({
      success: true,
      data: JSON.parse(JSON.stringify(calendarDay(parseDate('2012-12-21'), 'en'))),
    });
    expect(day.body?.data.kin.name).toBe('Blue Crystal Hand');
    for (const field of ['psiKin', 'newSirius', 'heptad', 'moonPhase']) expect(day.body?.data).toHaveProperty(field);
    for (const field of ['fifthForce', 'harmonic', 'chromatic']) expect(day.body?.data.kin).toHaveProperty(field);
    const kin = await get('/api/v1/kin/207?lang=ar');
    expect(kin.body?.data).toEqual(JSON.parse(JSON.stringify(kinEntity(207, 'ar'))));
  });

  it('gives the 28 days of the moon of a date, each with its whole record', async () => {
    const { body } = await get('/api/v1/moon/2012-12-21?lang=en');
    expect(body?.data.moon.number).toBe(6);
    expect(body?.data.yearStart).toBe(2012);
    expect(body?.data.days).toHaveLength(28);
    expect(body?.data.days[8]).toEqual(JSON.parse(JSON.stringify(calendarDay(parseDate('2012-12-21'), 'en'))));
    // The Day Out of Time shows the Cosmic Moon it closes.
    expect((await get('/api/v1/moon/2026-07-25')).body?.data.moon.number).toBe(13);
  });

  it('gives the 13 moons of a year, its Day Out of Time and its 0.0 Hunab Ku', async () => {
    const { body } = await get('/api/v1/year/2027?lang=en');
    expect(body?.data.moons).toHaveLength(13);
    expect(body?.data.moons[0]).toMatchObject({ number: 1, start: '2027-07-26', end: '2027-08-22' });
    expect(body?.data.dayOutOfTime).toBe('2028-07-25');
    expect(body?.data.hunabKu).toBe('2028-02-29');
    expect((await get('/api/v1/year/2026')).body?.data.hunabKu).toBeNull();
    expect(body?.data.yearKin.number).toBe(calendarDay(parseDate('2027-07-26')).kin.number);
  });

  it('is open to every origin and lets scripts read its quota and tag', async () => {
    const { headers } = await get('/api/v1/kin/1', { origin: 'https://blog.example' });
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(String(headers['access-control-expose-headers'])).toMatch(/ETag.*RateLimit-Remaining/);
    const refused = await get('/api/v1/kin/0');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('tags a day with an ETag, keeps it for a day, and answers 304 when the tag is known', async () => {
    const first = await get('/api/v1/day/2026-12-06');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/v1/day/2026-12-06', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.etag).toBe(etag);
    expect((await get('/api/v1/day/2026-12-06', { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304);
    expect((await get('/api/v1/day/2026-12-06', { 'if-none-match': '"other"' })).status).toBe(200);
    // Another language is another answer, with another tag.
    expect((await get('/api/v1/day/2026-12-06?lang=en')).headers.etag).not.toBe(etag);
  });

  it('counts each address against its own quota with RateLimit fields, and answers 429 past it', async () => {
    const ip = newAddress();
    const first = await get('/api/v1/kin/5', {}, ip);
    expect(first.headers['ratelimit-limit']).toBe('120');
    expect(first.headers['ratelimit-remaining']).toBe('119');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(first.headers['ratelimit-policy']).toBe('120;w=60');
    for (let i = 0; i < 119; i++) await get('/api/v1/kin/5', {}, ip);
    const refused = await get('/api/v1/kin/5', {}, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // Another address is not held back.
    expect((await get('/api/v1/kin/5')).status).toBe(200);
  });

  it('refuses bad input in the error envelope', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/v1/day/2023-02-29', 400, 'INVALID_DATE'],
      ['/api/v1/day/nope', 400, 'INVALID_DATE'],
      ['/api/v1/day/2012-12-21?lang=xx', 400, 'VALIDATION_ERROR'],
      ['/api/v1/kin/261', 400, 'INVALID_KIN'],
      ['/api/v1/moon/0000-01-01', 400, 'DATE_OUT_OF_RANGE'],
      ['/api/v1/year/9999', 400, 'DATE_OUT_OF_RANGE'],
      ['/api/v1/year/abc', 400, 'DATE_OUT_OF_RANGE'],
      ['/api/v1/kin/1?extra=1', 400, 'VALIDATION_ERROR'],
    ];
    for (const [url, status, code] of cases) {
      const reply = await get(url);
      expect(reply.status, url).toBe(status);
      expect(reply.body, url).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
    }
  });

  it('is described in the API document with examples, and the unversioned routes stay', async () => {
    const spec = (await get('/api/docs/json')).body;
    for (const path of ['/api/v1/day/{date}', '/api/v1/kin/{n}', '/api/v1/moon/{date}', '/api/v1/year/{year}']) {
      const operation = spec.paths[path]?.get;
      expect(operation?.summary, path).toMatch(/public API v1/);
      expect(operation?.responses['200'].content['application/json'].schema.example, path).toMatchObject({
        success: true,
      });
    }
    expect(spec.paths['/api/oembed']?.get).toBeDefined();
    expect(spec.paths['/embed/today']).toBeUndefined();
    expect((await get('/api/calendar/day/2012-12-21')).status).toBe(200);
  });
});
