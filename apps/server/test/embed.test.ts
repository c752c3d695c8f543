import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calendarDay, formatDate, kinEntity, LANGUAGES, localDateOf, parseDate } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

const ORIGIN = 'https://hunab.example';
const webDist = mkdtempSync(join(tmpdir(), 'hunab-embed-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Hunab</title></head><div id="root"></div>',
);
mkdirSync(join(webDist, 'assets'));
const ctx = useTestApp(() => ({ webDistDir: webDist, publicUrl: ORIGIN }));

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

const json = async (url: string) => {
  const reply = await get(url);
  return { ...reply, json: JSON.parse(reply.body) };
};

const EMBEDS = [
  '/embed/today',
  '/embed/kin/207',
  '/embed/moon',
  '/embed/day/2012-12-21',
  '/embed/moon?date=2026-07-25',
];

describe('the widgets (/embed/...)', () => {
  it.each(EMBEDS)('%s may be framed anywhere, runs no script and sets no cookie', async (url) => {
    const { status, headers, body } = await get(url);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['set-cookie']).toBeUndefined();
    expect(body).not.toMatch(/<script|\son\w+=|<iframe|https?:\/\/(?!hunab\.example)[a-z]/i);
    expect(Buffer.byteLength(body)).toBeLessThan(20_000);
    expect(String(headers['cache-control'])).toMatch(/^public, max-age=\d+$/);
  });

  it('leaves every other page refusing to be framed', async () => {
    for (const url of ['/', '/kin/207', '/context/2012-12-21', '/api/v1/kin/1', '/api/calendar/kin/1']) {
      const { headers } = await get(url);
      expect(String(headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it("shows today's kin with a link to the product's page of the day carrying the referral source", async () => {
    const today = formatDate(localDateOf(new Date()));
    const { body } = await get('/embed/today?lang=en');
    expect(body).toContain(calendarDay(parseDate(today), 'en').kin.name);
    expect(body).toContain(`href="${ORIGIN}/en/context/${today}?utm_source=embed&amp;utm_medium=widget"`);
    expect(body).toContain('target="_blank"');
    const ru = await get('/embed/kin/207');
    expect(ru.body).toContain(`href="${ORIGIN}/kin/207?utm_source=embed&amp;utm_medium=widget"`);
    expect(ru.body).toContain(kinEntity(207, 'ru').name);
  });

  it('speaks the eight languages, Arabic right to left', async () => {
    for (const lang of LANGUAGES) {
      const { body } = await get(`/embed/kin/207?lang=${lang}`);
      expect(body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(body).toContain(kinEntity(207, lang).name.replace(/'/g, '&#39;'));
    }
  });

  it('takes a theme and a size', async () => {
    const light = await get('/embed/kin/1?theme=light');
    const dark = await get('/embed/kin/1?theme=dark&size=large');
    expect(light.body).toContain('background:#ffffff');
    expect(dark.body).toContain('background:#14121f');
    expect(dark.body).toContain('font:20.8px');
  });

  it('shows the 28 days of the moon with the day marked', async () => {
    const { body } = await get('/embed/moon?date=2012-12-21&lang=en');
    expect(body.match(/<td/g)).toHaveLength(28);
    expect(body).toContain('aria-current="date"');
    expect(body).toContain('Dali');
  });

  it('refuses bad input in the error envelope', async () => {
    for (const url of [
      '/embed/kin/0',
      '/embed/kin/abc',
      '/embed/today?lang=xx',
      '/embed/today?theme=pink',
      '/embed/today?size=huge',
      '/embed/moon?date=2023-02-29',
      '/embed/day/nope',
      '/embed/today?unknown=1',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(JSON.parse(body), url).toMatchObject({ success: false, error: { code: expect.any(String) } });
    }
  });
});

describe('GET /api/oembed', () => {
  /** The fields oEmbed 1.0 requires of every answer (section 2.3.4) and of a rich one (2.3.4.4). */
  function expectOembedRich(answer: Record<string, unknown>) {
    expect(answer.type).toBe('rich');
    expect(answer.version).toBe('1.0');
    expect(answer.html).toEqual(expect.stringMatching(/^<iframe src="https:\/\/hunab\.example\/embed\//));
    expect(Number.isInteger(answer.width) && (answer.width as number) > 0).toBe(true);
    expect(Number.isInteger(answer.height) && (answer.height as number) > 0).toBe(true);
    for (const field of ['title', 'provider_name', 'provider_url']) expect(typeof answer[field]).toBe('string');
    expect(answer.provider_url).toBe(`${ORIGIN}/`);
  }

  it('answers a kin page and a day page in their language, with the widget in an iframe', async () => {
    const kin = await json(`/api/oembed?url=${encodeURIComponent(`${ORIGIN}/en/kin/207`)}`);
    expect(kin.status).toBe(200);
    expect(kin.headers['content-type']).toMatch(/^application\/json/);
    expectOembedRich(kin.json);
    expect(kin.json.title).toBe('Blue Crystal Hand');
    expect(kin.json.html).toContain(`src="${ORIGIN}/embed/kin/207?lang=en&amp;size=medium"`);
    expect(kin.json.html).toContain(`width="${kin.json.width}" height="${kin.json.height}"`);
    const day = await json(`/api/oembed?url=${encodeURIComponent(`${ORIGIN}/context/2012-12-21`)}&format=json`);
    expectOembedRich(day.json);
    expect(day.json.html).toContain('/embed/day/2012-12-21?lang=ru');
    const framed = await get(
      day.json.html
        .match(/src="([^"]+)"/)[1]
        .replace(ORIGIN, '')
        .replace(/&amp;/g, '&'),
    );
    expect(framed.status).toBe(200);
  });

  it('keeps within maxwidth and maxheight', async () => {
    const url = encodeURIComponent(`${ORIGIN}/kin/1`);
    for (const [maxwidth, maxheight] of [
      [1000, 1000],
      [330, 1000],
      [250, 160],
      [200, 100],
    ] as const) {
      const { json: answer } = await json(`/api/oembed?url=${url}&maxwidth=${maxwidth}&maxheight=${maxheight}`);
      expectOembedRich(answer);
      expect(answer.width).toBeLessThanOrEqual(maxwidth);
      expect(answer.height).toBeLessThanOrEqual(maxheight);
    }
    expect((await json(`/api/oembed?url=${url}&maxwidth=1000`)).json.html).toContain('size=large');
  });

  it('answers 404 for addresses that are not kin or day pages of the product, 501 for another format', async () => {
    for (const page of [
      'https://elsewhere.example/kin/207',
      `${ORIGIN}/kin/261`,
      `${ORIGIN}/dash`,
      `${ORIGIN}/ru/kin/1`,
      `${ORIGIN}/context/2023-02-29`,
      'not an address',
    ]) {
      const { status, json: answer } = await json(`/api/oembed?url=${encodeURIComponent(page)}`);
      expect(status, page).toBe(404);
      expect(answer, page).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    const xml = await json(`/api/oembed?url=${encodeURIComponent(`${ORIGIN}/kin/1`)}&format=xml`);
    expect(xml.status).toBe(501);
    expect(xml.json).toMatchObject({ success: false, error: { code: 'NOT_IMPLEMENTED' } });
    expect((await json('/api/oembed')).status).toBe(400);
  });

  it('is named by the discovery link of kin and day pages, and only of those', async () => {
    const kin = await get('/en/kin/207');
    const href = `${ORIGIN}/api/oembed?url=${encodeURIComponent(`${ORIGIN}/en/kin/207`)}&amp;format=json`;
    expect(kin.body).toContain(`<link rel="alternate" type="application/json+oembed" href="${href}" title="Hunab">`);
    expect((await get('/context/2012-12-21')).body).toContain('application/json+oembed');
    expect((await get('/dash')).body).not.toContain('application/json+oembed');
    const discovered = kin.body.match(/json\+oembed" href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expectOembedRich((await json(discovered.replace(ORIGIN, ''))).json);
  });
});
