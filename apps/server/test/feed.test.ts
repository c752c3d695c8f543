import { calendarDay, calendarNames, kinNumberOfDate, parseDate } from '@hunab/calendar';
import { FEED_DAYS } from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, users } from '../src/db/schema.ts';
import { foldLine } from '../src/modules/feed/ics.ts';
import { buildFeed, hashFeedToken } from '../src/modules/feed/service.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const account = (overrides: Record<string, unknown> = {}) => newAccount(http, overrides);

/** Parses a calendar the way calendar apps do; throws on anything RFC 5545 does not allow. */
function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      stamp: vevent.getFirstPropertyValue('dtstamp'),
    };
  });
}

const feedPath = (url: string) => new URL(url).pathname;

describe('the calendar feed as iCalendar', () => {
  it('holds one all-day event per day with the kin, tone, seal and moon in the language asked for', async () => {
    const reply = await http.get('/api/feed/daily.ics?lang=en');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/calendar/);
    const text = reply.body as string;
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const events = parse(text);
    expect(events).toHaveLength(FEED_DAYS);
    expect(events.every((event) => event.allDay)).toBe(true);
    expect(new Set(events.map((event) => event.uid)).size).toBe(FEED_DAYS);
    const today = new Date().toISOString().slice(0, 10);
    const todays = events.find((event) => event.start === today);
    const day = calendarDay(parseDate(today), 'en');
    expect(todays?.summary).toContain(`Kin ${day.kin.number} · ${day.kin.name}`);
    expect(todays?.description).toContain(`Tone ${day.kin.tone.number}: ${day.kin.tone.name}`);
    expect(todays?.description).toContain(`Seal ${day.kin.sign.number}: ${day.kin.sign.name}`);
    if (day.moon !== null) expect(todays?.description).toContain(`${day.moonName}, day ${day.day}`);
  });

  it('writes every language, Arabic and Chinese included, and folds long lines without breaking a character', async () => {
    for (const lang of ['ru', 'ja', 'zh', 'ar'] as const) {
      const reply = await http.get(`/api/feed/daily.ics?lang=${lang}`);
      expect(reply.status).toBe(200);
      const events = parse(reply.body);
      const first = events[0];
      const day = calendarDay(parseDate(first?.start ?? ''), lang);
      expect(first?.summary).toContain(day.kin.name);
      expect(first?.description).toContain(day.kin.sign.name);
      // The product's name is Hunab in every language.
      expect(reply.body, lang).toMatch(/^X-WR-CALNAME:Hunab/m);
    }
  });

  it('folds at 75 octets without splitting a character, emoji and surrogate pairs included', () => {
    for (const line of [`DESCRIPTION:${'🙂'.repeat(60)}`, `SUMMARY:${'кин '.repeat(40)}`, `X:${'a'.repeat(200)}`]) {
      const folded = foldLine(line);
      const physical = folded.split('\r\n');
      expect(physical.every((part) => new TextEncoder().encode(part).length <= 75)).toBe(true);
      expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
      expect(folded.replaceAll('\r\n ', '')).toBe(line);
      expect(folded).not.toMatch(/[\ud800-\udbff]\r|\n [\udc00-\udfff]/);
    }
  });

  it('names the Day Out of Time and 0.0 Hunab Ku on their days', () => {
    const text = buildFeed({
      lang: 'en',
      start: { year: 2028, month: 2, day: 27 },
      days: 160,
      stamp: new Date(Date.UTC(2028, 1, 27)),
    });
    const events = parse(text);
    const names = calendarNames('en');
    expect(events.find((event) => event.start === '2028-02-29')?.summary).toContain(names.hunabKu);
    expect(events.find((event) => event.start === '2028-07-25')?.summary).toContain(names.dayOutOfTime);
    expect(events.find((event) => event.start === '2028-02-29')?.end).toBe('2028-03-01');
  });

  it('keeps the public feed free of personal events', async () => {
    const text = (await http.get('/api/feed/daily.ics?lang=en')).body as string;
    expect(text).not.toContain('Galactic return');
    expect(text).not.toContain('Birthday');
  });

  it('refuses a language it does not have', async () => {
    const reply = await http.get('/api/feed/daily.ics?lang=xx');
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
  });
});

describe('ETag', () => {
  it('answers 304 to a client holding the same feed, and the full feed to one holding another', async () => {
    const first = await http.get('/api/feed/daily.ics?lang=de');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await http.get('/api/feed/daily.ics?lang=de', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await http.get('/api/feed/daily.ics?lang=es', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // "*" matches any current representation (RFC 9110 section 13.1.2).
    const any = await http.get('/api/feed/daily.ics?lang=es', { headers: { 'if-none-match': '*' } });
    expect(any.status).toBe(304);
    expect(any.body).toBe('');
  });

  it('changes the ETag when the day moves on', async () => {
    const today = (await http.get('/api/feed/daily.ics?lang=en')).headers.etag;
    ctx.clock.offsetMs = 86_400_000;
    try {
      const tomorrow = await http.get('/api/feed/daily.ics?lang=en', { headers: { 'if-none-match': String(today) } });
      expect(tomorrow.status).toBe(200);
      expect(tomorrow.headers.etag).not.toBe(today);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});

describe('the personal feed', () => {
  let owner: Account;
  let httpsUrl = '';

  beforeAll(async () => {
    owner = await account({ lang: 'en', birth_date: '1987-07-26' });
    const card = await http.post('/api/cards', { name: 'Mila', birth_date: '1990-03-15' }, { token: owner.token });
    expect(card.status).toBe(201);
  });

  it('starts inactive, and a new address is answered once as https and webcal', async () => {
    expect((await http.get('/api/feed', { token: owner.token })).body.data.active).toBe(false);
    const made = await http.post('/api/feed', {}, { token: owner.token });
    expect(made.status).toBe(200);
    httpsUrl = made.body.data.https_url;
    expect(httpsUrl).toMatch(/^http:\/\/hunab\.test\/api\/feed\/[\w-]{43}\.ics$/);
    expect(made.body.data.webcal_url).toBe(httpsUrl.replace(/^http:/, 'webcal:'));
    const status = await http.get('/api/feed', { token: owner.token });
    expect(status.body.data).toMatchObject({ active: true, include_returns: true, include_cards: true });
    expect(JSON.stringify(status.body)).not.toContain(feedPath(httpsUrl).slice(10, 53));
  });

  it('keeps only a hash of the token', async () => {
    const [row] = await ctx.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    const token = feedPath(httpsUrl).slice('/api/feed/'.length, -4);
    expect(row?.tokenHash).toBe(hashFeedToken(token));
    expect(row?.tokenHash).not.toContain(token);
  });

  it('holds the days, the galactic returns of the user and the birthdays of their cards', async () => {
    const reply = await http.get(feedPath(httpsUrl));
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toContain('private');
    const events = parse(reply.body);
    const birthKin = kinNumberOfDate(1987, 7, 26);
    const returns = events.filter((event) => event.summary.startsWith('Galactic return'));
    expect(returns.length).toBeGreaterThanOrEqual(1);
    for (const event of returns) {
      expect(calendarDay(parseDate(event.start), 'en').kin.number).toBe(birthKin);
    }
    const birthdays = events.filter((event) => event.summary === 'Birthday: Mila');
    expect(birthdays.length).toBeGreaterThanOrEqual(1);
    expect(birthdays.every((event) => event.start.endsWith('-03-15'))).toBe(true);
    expect(events.filter((event) => event.uid.includes('-kin-'))).toHaveLength(FEED_DAYS);
  });

  it('follows the user’s language', async () => {
    await ctx.database.db.update(users).set({ lang: 'ar' }).where(eq(users.id, owner.id));
    const events = parse((await http.get(feedPath(httpsUrl))).body);
    expect(events[0]?.summary).toContain('كين');
    await ctx.database.db.update(users).set({ lang: 'en' }).where(eq(users.id, owner.id));
  });

  it('leaves out returns and birthdays when asked to', async () => {
    const made = await http.post('/api/feed', { include_returns: false, include_cards: false }, { token: owner.token });
    httpsUrl = made.body.data.https_url;
    const events = parse((await http.get(feedPath(httpsUrl))).body);
    expect(events).toHaveLength(FEED_DAYS);
    await http.post('/api/feed', {}, { token: owner.token }).then((r) => {
      httpsUrl = r.body.data.https_url;
    });
  });

  it('answers 304 with the ETag of the personal feed', async () => {
    const first = await http.get(feedPath(httpsUrl));
    const again = await http.get(feedPath(httpsUrl), { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('stops the old address when a new one is made', async () => {
    const old = httpsUrl;
    const made = await http.post('/api/feed', {}, { token: owner.token });
    httpsUrl = made.body.data.https_url;
    expect(httpsUrl).not.toBe(old);
    const gone = await http.get(feedPath(old));
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await http.get(feedPath(httpsUrl))).status).toBe(200);
  });

  it('revokes the address', async () => {
    const revoked = await http.delete('/api/feed', { token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.active).toBe(false);
    expect((await http.get(feedPath(httpsUrl))).status).toBe(404);
  });

  it('answers 404 to a made-up token and 400 to something that is not a token', async () => {
    expect((await http.get(`/api/feed/${'a'.repeat(43)}.ics`)).status).toBe(404);
    const bad = await http.get('/api/feed/short.ics');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });
});

describe('who may manage a feed', () => {
  it('asks a guest to sign in before reading the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/feed'],
      ['POST', '/api/feed'],
      ['DELETE', '/api/feed'],
    ] as const) {
      const reply = await http.call(method, url, method === 'POST' ? { unknown: 1 } : undefined);
      expect(reply.status, `${method} ${url}`).toBe(401);
    }
  });

  it('gives each user their own address: another user’s revocation does not touch it', async () => {
    const owner = await account();
    const other = await account();
    const made = await http.post('/api/feed', {}, { token: owner.token });
    await http.post('/api/feed', {}, { token: other.token });
    await http.delete('/api/feed', { token: other.token });
    expect((await http.get(feedPath(made.body.data.https_url))).status).toBe(200);
    expect((await http.get('/api/feed', { token: other.token })).body.data.active).toBe(false);
    expect((await http.get('/api/feed', { token: owner.token })).body.data.active).toBe(true);
  });

  it('lets an administrator manage only their own feed', async () => {
    const admin = await account();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const owner = await account();
    await http.post('/api/feed', {}, { token: owner.token });
    expect((await http.get('/api/feed', { token: admin.token })).body.data.active).toBe(false);
  });

  it('limits how often a new address is made', async () => {
    const owner = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await http.post('/api/feed', {}, { token: owner.token })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
