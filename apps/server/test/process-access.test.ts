import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calendarDay, parseDate } from '@hunab/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../src/modules/content/seed.ts';
import { grantPlan, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

// Every tone day has one question, so each outcome can be told from an empty list.
const dir = mkdtempSync(join(tmpdir(), 'hunab-process-'));
mkdirSync(join(dir, 'en/process'), { recursive: true });
const days = Object.fromEntries(
  Array.from({ length: 13 }, (_, i) => [
    String(i + 1),
    { title: `Day ${i + 1}`, assignment: 'Look around.', questions: ['What did you notice?'], polls: [] },
  ]),
);
writeFileSync(join(dir, 'en/process/13days.json'), JSON.stringify(days));

const ctx = useTestApp(() => ({ contentDir: dir }));
const api = client(() => ctx.app);
const TODAY = '2012-12-21'; // Kin 207, tone 12; yesterday Kin 206, tone 11.
const DAY = 86_400_000;

beforeAll(async () => {
  ctx.clock.offsetMs = Date.parse(`${TODAY}T12:00:00Z`) - Date.now();
  await seedContent(ctx.database.db, dir);
});
afterAll(() => {
  ctx.clock.offsetMs = 0;
});

const signUp = () => newAccount(api);
const admin = () => newAdmin(api, ctx.database.db);
const processDay = async (tone: number, token: string | null = null, today = TODAY) =>
  (await api.get(`/api/content/process?cycleType=13days&cycleValue=${tone}&lang=en&today=${today}`, { token })).body;

describe('who may open a day of the 13-day process', () => {
  it('opens today’s and yesterday’s tone days to everyone, and tells guests and free users why not the rest', async () => {
    expect(calendarDay(parseDate(TODAY)).kin.tone.number).toBe(12);
    const free = await signUp();
    for (const token of [null, free.token]) {
      for (const tone of [11, 12]) {
        const open = await processDay(tone, token);
        expect(open.access).toMatchObject({ status: 'allowed', openTones: [12, 11] });
        expect(open.content.length).toBeGreaterThan(0);
      }
    }
    const guest = await processDay(5);
    expect(guest.access.status).toBe('no_access');
    expect(guest.content).toEqual([]);
    const refused = await processDay(5, free.token);
    expect(refused.access.status).toBe('free_user_tone_restriction');
    expect(refused.content).toEqual([]);
    const answer = await api.post(
      '/api/content/submit-response',
      { questionId: '13days_5_question_1', response: 'Nothing', cycleType: '13days', cycleValue: 5, today: TODAY },
      { token: free.token },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'ACCESS_DENIED', reason: 'free_user_tone_restriction' });
  });

  it('opens every day to subscribers and administrators', async () => {
    const boss = await admin();
    const subscriber = await signUp();
    await grantPlan(api, boss, subscriber.id, 'basic', 30);
    for (const token of [boss.token, subscriber.token]) {
      const day = await processDay(3, token);
      expect(day.access.status).toBe('allowed');
      expect(day.content.length).toBeGreaterThan(0);
    }
  });

  it('keeps a bought programme waiting for its activation date, then opens it for 13 days, then ends it', async () => {
    const boss = await admin();
    const buyer = await signUp();
    await api.post(
      `/api/admin/users/${buyer.id}/purchases`,
      { product_name: 'main', product_level: 1, activation_date: '2012-12-22' },
      { token: boss.token },
    );
    const waiting = await processDay(3, buyer.token);
    expect(waiting.access).toMatchObject({ status: 'waiting_activation', targetDate: '2012-12-22' });
    expect(waiting.content).toEqual([]);
    // Meanwhile today's and yesterday's days stay open, as for everyone.
    expect((await processDay(12, buyer.token)).access.status).toBe('allowed');

    ctx.clock.offsetMs += 2 * DAY;
    try {
      const open = await processDay(3, buyer.token, '2012-12-23');
      expect(open.access).toMatchObject({ status: 'allowed', activationDate: '2012-12-22' });
    } finally {
      ctx.clock.offsetMs -= 2 * DAY;
    }
    ctx.clock.offsetMs += 14 * DAY;
    try {
      // 4 January 2013 is the 14th day from 22 December: the programme has ended.
      const ended = await processDay(3, buyer.token, '2013-01-04');
      expect(ended.access.status).toBe('cycle_ended');
      expect(ended.content).toEqual([]);
    } finally {
      ctx.clock.offsetMs -= 14 * DAY;
    }
  });

  it('opens the process for all the days of 260 Days, not 13, and ends it with the programme', async () => {
    const boss = await admin();
    const buyer = await signUp();
    const granted = await api.post(
      `/api/admin/users/${buyer.id}/purchases`,
      { product_name: 'main', product_level: 2, activation_date: '2012-12-01' },
      { token: boss.token },
    );
    expect(granted.status).toBeLessThan(300);
    // 21 December is its 21st day: a 13-day reading would have ended it on the 14th.
    const day21 = await processDay(3, buyer.token);
    expect(day21.access.status).toBe('allowed');
    expect(day21.content.length).toBeGreaterThan(0);
    // The 260th day is 17 August 2013; the 18th is the first without it.
    for (const [date, status] of [
      ['2013-08-17', 'allowed'],
      ['2013-08-18', 'cycle_ended'],
    ] as const) {
      const offset = Date.parse(`${date}T12:00:00Z`) - Date.parse(`${TODAY}T12:00:00Z`);
      ctx.clock.offsetMs += offset;
      try {
        // Months later the first session has lapsed: the buyer signs in again.
        const login = await api.post('/api/auth/login', { email: buyer.email, password: 'correct horse' });
        const tone = calendarDay(parseDate(date)).kin.tone.number;
        const closed = (tone + 5) % 13 || 13;
        expect((await processDay(closed, login.body.token, date)).access.status, date).toBe(status);
      } finally {
        ctx.clock.offsetMs -= offset;
      }
    }
  });

  it('refuses a “today” more than a day away from the server’s date', async () => {
    const reply = await api.get('/api/content/process?cycleType=13days&cycleValue=3&today=2012-12-25');
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('INVALID_DATE');
  });
});

describe('whose plan opens the reading of a date', () => {
  // 21 December 2012: Kin 207, seal 7 (Hand), tone 12. 22 December: Kin 208, seal 8, tone 13. 23 December: seal 9.
  const seal = (n: number, date: string, token: string | null) =>
    api.get(`/api/content/seal/${n}?lang=en&date=${date}&today=${TODAY}`, { token });

  it('opens today to free users, a day either side to basic, any date to premium and administrators', async () => {
    const boss = await admin();
    const free = await signUp();
    const basic = await signUp();
    const premium = await signUp();
    await grantPlan(api, boss, basic.id, 'basic', 30);
    await grantPlan(api, boss, premium.id, 'premium', 30);
    const statusOf = async (token: string, n: number, date: string) => {
      const reply = await seal(n, date, token);
      return reply.status === 403 ? reply.body.error.reason : reply.status;
    };
    // The reading itself is not seeded in this file: a 404 means the gate let the request through.
    expect(await statusOf(free.token, 7, '2012-12-21')).toBe(404);
    expect(await statusOf(free.token, 8, '2012-12-22')).toBe('free_user_restriction');
    expect(await statusOf(basic.token, 8, '2012-12-22')).toBe(404);
    expect(await statusOf(basic.token, 9, '2012-12-23')).toBe('basic_plan_restriction');
    expect(await statusOf(premium.token, 9, '2012-12-23')).toBe(404);
    expect(await statusOf(boss.token, 9, '2012-12-23')).toBe(404);
    const mismatch = await seal(8, '2012-12-21', free.token);
    expect(mismatch.status).toBe(400);
    const tone = await api.get(`/api/content/tone/13?date=2012-12-22&today=${TODAY}`, { token: free.token });
    expect(tone.body.error.reason).toBe('free_user_restriction');
  });

  it('decides from the seal or tone asked for when no date is sent', async () => {
    const boss = await admin();
    const free = await signUp();
    const basic = await signUp();
    await grantPlan(api, boss, basic.id, 'basic', 30);
    const ask = (path: string, token: string | null) =>
      api.get(`/api/content/${path}?lang=en&today=${TODAY}`, { token });
    const reasonOf = async (path: string, token: string) => {
      const reply = await ask(path, token);
      return reply.status === 403 ? reply.body.error.reason : reply.status;
    };
    expect(await reasonOf('seal/7', free.token)).toBe(404);
    expect(await reasonOf('seal/16', free.token)).toBe('free_user_restriction');
    expect(await reasonOf('tone/13', free.token)).toBe('free_user_restriction');
    expect(await reasonOf('seal/8', basic.token)).toBe(404);
    expect(await reasonOf('seal/6', basic.token)).toBe(404);
    expect(await reasonOf('seal/16', basic.token)).toBe('basic_plan_restriction');
    expect(await reasonOf('seal/16', boss.token)).toBe(404);
  });
});
