import { calendarDay, parseDate } from '@hunab/calendar';
import { JOURNAL_FREE_LIMIT } from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalEntries, users } from '../src/db/schema.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const account = (overrides: Record<string, unknown> = {}) => newAccount(http, overrides);

const write = (who: Account, date: string, body: Record<string, unknown>) =>
  http.put(`/api/journal/${date}`, body, { token: who.token });

/** Consecutive dates going back from 2024-03-01: a leap day, a Day Out of Time and ordinary days among them. */
function datesBack(n: number, from = Date.UTC(2024, 2, 1)): string[] {
  return Array.from({ length: n }, (_, i) => new Date(from - i * 86_400_000).toISOString().slice(0, 10));
}

describe('the kin journal', () => {
  it('keeps one entry per day, filed under the day’s kin, seal, tone, wavespell and moon', async () => {
    const me = await account();
    const first = await write(me, '2024-07-25', {
      text: '  Day out of time  ',
      mood: 4,
      tags: ['#Rest', 'rest', ' Sea '],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const day = calendarDay(parseDate('2024-07-25'));
    expect(first.body.data).toMatchObject({
      date: '2024-07-25',
      kin: day.kin.number,
      seal: day.kin.sign.number,
      tone: day.kin.tone.number,
      wavespell: day.kin.waveSpell.number,
      moon: null,
      text: 'Day out of time',
      mood: 4,
      tags: ['rest', 'sea'],
    });
    const again = await write(me, '2024-07-25', { text: 'Rewritten', mood: null });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ text: 'Rewritten', mood: null, tags: ['rest', 'sea'] });
    const rows = await ctx.database.db.select().from(journalEntries).where(eq(journalEntries.userId, me.id));
    expect(rows).toHaveLength(1);
    const read = await http.get('/api/journal/2024-07-25', { token: me.token });
    expect(read.body.data.text).toBe('Rewritten');
  });

  it('refuses a day further ahead than tomorrow and an impossible date', async () => {
    const me = await account();
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await write(me, ahead, { text: 'future' })).body.error.code).toBe('JOURNAL_DATE_AHEAD');
    const bad = await write(me, '2023-02-29', { text: 'no such day' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const tooLong = await write(me, '2023-02-28', { text: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);
  });

  it('removes control characters and keeps the text as plain text', async () => {
    const me = await account();
    const reply = await write(me, '2023-05-05', { text: 'a\u0007b\r\nc\u202e<script>x</script>' });
    expect(reply.body.data.text).toBe('ab\nc<script>x</script>');
  });

  it('filters by seal, tone, wavespell and moon, and finds words', async () => {
    const me = await account();
    await ctx.app.subscriptions.grant(me.id, 'basic_monthly', 30);
    const dates = datesBack(40);
    for (const [i, date] of dates.entries()) {
      const reply = await write(me, date, {
        text: i % 2 ? `Quiet day ${i}` : `Dragon dream ${i} 100%`,
        tags: i % 3 ? [] : ['dream'],
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    const seal = calendarDay(parseDate(dates[0] ?? '')).kin.sign.number;
    const bySeal = await http.get(`/api/journal?seal=${seal}`, { token: me.token });
    const expected = dates.filter((d) => calendarDay(parseDate(d)).kin.sign.number === seal);
    expect(bySeal.body.data.map((e: { date: string }) => e.date).sort()).toEqual([...expected].sort());
    expect(bySeal.body.total).toBe(expected.length);

    for (const [key, of] of [
      ['tone', (d: string) => calendarDay(parseDate(d)).kin.tone.number],
      ['wavespell', (d: string) => calendarDay(parseDate(d)).kin.waveSpell.number],
      ['moon', (d: string) => calendarDay(parseDate(d)).moon ?? 0],
    ] as const) {
      const value = of(dates[5] ?? '');
      const reply = await http.get(`/api/journal?${key}=${value}&limit=100`, { token: me.token });
      expect(reply.status).toBe(200);
      expect(reply.body.total, key).toBe(dates.filter((d) => of(d) === value).length);
      for (const entry of reply.body.data) expect(entry[key] ?? 0).toBe(value);
    }

    const leap = await http.get('/api/journal?moon=0', { token: me.token });
    expect(leap.body.data.map((e: { date: string }) => e.date)).toContain('2024-02-29');

    const search = await http.get(`/api/journal?q=${encodeURIComponent('DRAGON dream')}&limit=100`, {
      token: me.token,
    });
    expect(search.body.total).toBe(20);
    const percent = await http.get(`/api/journal?q=${encodeURIComponent('0%')}&limit=100`, { token: me.token });
    expect(percent.body.total).toBeGreaterThan(0);
    for (const entry of percent.body.data) expect(entry.text).toContain('0%');
    const underscore = await http.get(`/api/journal?q=_`, { token: me.token });
    expect(underscore.body.total).toBe(0);
    const tagged = await http.get('/api/journal?tag=dream&limit=100', { token: me.token });
    expect(tagged.body.total).toBe(14);

    const page2 = await http.get('/api/journal?limit=15&page=2', { token: me.token });
    expect(page2.body.data).toHaveLength(15);
    expect(page2.body.data[0].date).toBe(dates[15]);
  });

  it('exports Markdown and CSV, filtered, with formulas defused', async () => {
    const me = await account({ lang: 'en' });
    await write(me, '2022-01-01', { text: '=HYPERLINK("x")\n# not a heading', mood: 2, tags: ['new year'] });
    await write(me, '2022-01-02', { text: 'Second, "quoted"' });
    const md = await http.get('/api/journal/export?format=md', { token: me.token });
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toContain('attachment');
    const kin = calendarDay(parseDate('2022-01-01'), 'en').kin;
    expect(md.body).toContain(`## 2022-01-01 · Kin ${kin.number} · ${kin.name}`);
    expect(md.body).toContain('\\# not a heading');
    expect(md.body).toContain('#new_year');

    const csv = await http.get('/api/journal/export?format=csv', { token: me.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('date,kin,kin_name,seal,tone,wavespell,moon,mood,tags,text');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")`);
    expect(String(csv.body)).toContain('"Second, ""quoted"""');

    const filtered = await http.get(`/api/journal/export?format=csv&kin=${kin.number}`, { token: me.token });
    expect(String(filtered.body).trim().split('\r\n')).toHaveLength(2);
  });

  it('keeps a free account to its limit and lets a subscriber write on', async () => {
    const me = await account();
    const dates = datesBack(JOURNAL_FREE_LIMIT + 1, Date.UTC(2020, 0, 1));
    for (const date of dates.slice(0, JOURNAL_FREE_LIMIT))
      expect((await write(me, date, { text: 'x' })).status).toBe(200);
    const over = await write(me, dates[JOURNAL_FREE_LIMIT] ?? '', { text: 'one more' });
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'JOURNAL_LIMIT_REACHED', limit: JOURNAL_FREE_LIMIT });
    // Rewriting an entry that exists is always allowed.
    expect((await write(me, dates[0] ?? '', { text: 'changed' })).status).toBe(200);

    await ctx.app.subscriptions.grant(me.id, 'basic_monthly', 30);
    const now = await write(me, dates[JOURNAL_FREE_LIMIT] ?? '', { text: 'one more' });
    expect(now.status).toBe(200);
    expect(now.body.limits).toMatchObject({ limit: null, canAdd: true });
  });

  it('holds the free limit when many saves arrive at once', async () => {
    const me = await account();
    const dates = datesBack(JOURNAL_FREE_LIMIT + 10, Date.UTC(2019, 0, 1));
    const replies = await Promise.all(dates.map((date) => write(me, date, { text: 'race' })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(JOURNAL_FREE_LIMIT);
    expect(replies.filter((r) => r.status === 403)).toHaveLength(10);
  });

  it('summarises the journal for the statistics page', async () => {
    const me = await account();
    const today = new Date(Date.now() + ctx.clock.offsetMs);
    for (const date of datesBack(3, today.getTime())) await write(me, date, { text: 'streak', mood: 5 });
    const reply = await http.get('/api/journal/summary', { token: me.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ total: 3, streak: 3 });
    expect(reply.body.data.byMood[4]).toBe(3);
    expect(reply.body.data.byMonth).toHaveLength(12);
    expect(reply.body.data.bySeal.reduce((a: number, b: number) => a + b, 0)).toBe(3);
  });

  it('deletes one entry, then all of them', async () => {
    const me = await account();
    for (const date of datesBack(5, Date.UTC(2021, 5, 1))) await write(me, date, { text: 'bye' });
    expect((await http.delete('/api/journal/2021-06-01', { token: me.token })).status).toBe(200);
    expect((await http.delete('/api/journal/2021-06-01', { token: me.token })).body.error.code).toBe(
      'JOURNAL_ENTRY_NOT_FOUND',
    );
    const all = await http.delete('/api/journal', { token: me.token });
    expect(all.body).toEqual({ success: true, deleted: 4 });
    expect((await http.get('/api/journal', { token: me.token })).body.total).toBe(0);
  });
});

describe('who reads a journal', () => {
  it('is the owner alone: another user, an administrator and a guest see nothing of it', async () => {
    const owner = await account();
    const other = await account();
    const admin = await account();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    await write(owner, '2023-03-03', { text: 'my secret', tags: ['private'] });

    for (const who of [other, admin]) {
      // A day without an entry of theirs is an expected state: 200 with no entry, never the owner's.
      const day = await http.get('/api/journal/2023-03-03', { token: who.token });
      expect(day.status).toBe(200);
      expect(day.body.data).toBeNull();
      const list = await http.get('/api/journal?q=secret', { token: who.token });
      expect(list.body.total).toBe(0);
      const exported = await http.get('/api/journal/export?format=csv', { token: who.token });
      expect(String(exported.body)).not.toContain('my secret');
      // Their own write on the same day is theirs, and deleting all removes only theirs.
      expect((await write(who, '2023-03-03', { text: 'mine' })).status).toBe(200);
      await http.delete('/api/journal', { token: who.token });
      expect((await http.delete('/api/journal/2023-03-03', { token: who.token })).status).toBe(404);
    }
    for (const [method, url] of [
      ['GET', '/api/journal'],
      ['GET', '/api/journal/2023-03-03'],
      ['GET', '/api/journal/export'],
      ['GET', '/api/journal/summary'],
      ['PUT', '/api/journal/2023-03-03'],
      ['DELETE', '/api/journal'],
      ['DELETE', '/api/journal/2023-03-03'],
    ] as const) {
      const reply = await http.call(method, url, method === 'PUT' ? { text: 1 } : undefined);
      expect(reply.status, `${method} ${url}`).toBe(401);
      expect(reply.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await http.get('/api/journal/2023-03-03', { token: owner.token })).body.data.text).toBe('my secret');
  });
});
