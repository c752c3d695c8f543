import { calendarDay, parseDate } from '@hunab/calendar';
import { GUEST_DATE_COOKIE, GUEST_DATE_KEY } from '@hunab/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { guestQueries } from '../src/page-rendering.ts';
import { newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { testConfig } from './helpers/config.ts';
import { client } from './helpers/http.ts';
import { fakeWebBuild } from './helpers/web-build.ts';

const ctx = useTestApp();
const api = client(() => ctx.app);
const TODAY = '2012-12-21';
const FIRST = '2013-01-09';
const SECOND = '2013-02-14';
const sealOf = (date: string) => calendarDay(parseDate(date)).kin.sign.number;
const cookieHeader = (value: string) => ({ cookie: `theme=dark; ${GUEST_DATE_COOKIE}=${value}` });

beforeAll(() => {
  ctx.clock.offsetMs = Date.parse(`${TODAY}T12:00:00Z`) - Date.now();
});
afterAll(() => {
  ctx.clock.offsetMs = 0;
});

/** A reading of a date's seal as the context page asks for it; a 404 means the gate let it through. */
const reading = (date: string, headers: Record<string, string> = {}, token: string | null = null) =>
  api.get(`/api/content/seal/${sealOf(date)}?lang=en&date=${date}&today=${TODAY}`, { headers, token });

describe('a guest’s one free date, decided by the server (spec 000 section 4.8)', () => {
  it('opens today to every guest and remembers nothing for it', async () => {
    const reply = await reading(TODAY);
    expect(reply.status).not.toBe(403);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('remembers the first other date on the device and keeps it open', async () => {
    const first = await reading(FIRST);
    expect(first.status).not.toBe(403);
    expect(String(first.headers['set-cookie'])).toMatch(
      new RegExp(`^${GUEST_DATE_COOKIE}=${FIRST}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    expect(first.headers['cache-control']).toBe('private, no-store');
    const again = await reading(FIRST, cookieHeader(FIRST));
    expect(again.status).not.toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await reading(TODAY, cookieHeader(FIRST))).status).not.toBe(403);
  });

  it('refuses a second date with the reason the page answers with the sign-in prompt', async () => {
    const refused = await reading(SECOND, cookieHeader(FIRST));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      error: { code: 'ACCESS_DENIED', reason: 'guest_date_limit' },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A value that names no date is no free date: the device starts afresh.
    expect((await reading(SECOND, cookieHeader('x'))).status).not.toBe(403);
  });

  it('leaves signed-in readers to their plan, whatever the device remembers', async () => {
    const free = await newAccount(api);
    const refused = await reading(FIRST, cookieHeader(FIRST), free.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.reason).toBe('free_user_restriction');
  });
});

describe('the rendered page of a guest’s date', () => {
  it('carries whether the date is open to this device on /context/{date} only', () => {
    expect(guestQueries(`/en/context/${SECOND}`, FIRST)).toEqual([
      { queryKey: [GUEST_DATE_KEY, SECOND], data: { open: false } },
    ]);
    expect(guestQueries(`/context/${FIRST}`, FIRST)).toEqual([
      { queryKey: [GUEST_DATE_KEY, FIRST], data: { open: true } },
    ]);
    expect(guestQueries(`/ar/context/${SECOND}`, undefined)).toEqual([
      { queryKey: [GUEST_DATE_KEY, SECOND], data: { open: true } },
    ]);
    expect(guestQueries('/en/tzolkin', FIRST)).toEqual([]);
  });

  it('renders a second date with the prompt and the first with the reading’s place, by the device’s cookie', async () => {
    // A renderer that shows what the page would: the prompt when the known query says the date is closed.
    const dist = fakeWebBuild(`export async function pageQueries() { return []; }
export async function renderPage(url, read, { known }) {
  const closed = known.some((q) => q.queryKey[0] === ${JSON.stringify(GUEST_DATE_KEY)} && q.data.open === false);
  return { html: closed ? '<p>prompt</p>' : '<p>reading</p>', lang: 'en', page: 'context', alternates: [] };
}`);
    const pages = await buildApp({
      database: ctx.database,
      config: testConfig({ webDistDir: dist, renderPages: true }),
    });
    const page = (path: string, cookie?: string) =>
      pages.inject({ url: path, headers: cookie ? { cookie: `${GUEST_DATE_COOKIE}=${cookie}` } : {} });
    expect((await page(`/en/context/${SECOND}`, FIRST)).body).toContain('<p>prompt</p>');
    expect((await page(`/en/context/${FIRST}`, FIRST)).body).toContain('<p>reading</p>');
    expect((await page(`/en/context/${SECOND}`)).body).toContain('<p>reading</p>');
    // The same address for another device is not served from the first one's cached page.
    expect((await page(`/en/context/${SECOND}`, FIRST)).body).toContain('<p>prompt</p>');
    await pages.close();
  });
});
