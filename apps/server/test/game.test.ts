import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gamePractices, users } from '../src/db/schema.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const account = (birth_date = '1987-07-26') => newAccount(http, { birth_date });

let admin: Account;

async function subscriber(birth_date?: string): Promise<Account> {
  const who = await account(birth_date);
  const reply = await http.post(
    `/api/admin/users/${who.id}/subscription`,
    { plan_id: 'basic_monthly', days: 365 },
    { token: admin.token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return who;
}

let aliasCounter = 0;
const alias = (label = 'Player') => `${label} ${String.fromCharCode(97 + (aliasCounter++ % 26))}${aliasCounter}`;

async function player(timeZone = 'Europe/Berlin', extra: Record<string, unknown> = {}): Promise<Account> {
  const who = await subscriber();
  const reply = await http.put(
    '/api/game/profile',
    { alias: alias(), time_zone: timeZone, ...extra },
    { token: who.token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return who;
}

/** Moves the app's clock to an instant. */
function at(iso: string) {
  ctx.clock.offsetMs = new Date(iso).getTime() - Date.now();
}

const practise = (who: Account, body: Record<string, unknown> = { kind: 'checkin' }) =>
  http.post('/api/game/practice', body, { token: who.token });

beforeAll(async () => {
  admin = await account();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
});

describe('who may play', () => {
  it('asks a guest to sign in before reading any body, on every game call', async () => {
    for (const [method, url] of [
      ['GET', '/api/game/me'],
      ['PUT', '/api/game/profile'],
      ['POST', '/api/game/goal'],
      ['GET', '/api/game/today'],
      ['POST', '/api/game/practice'],
      ['GET', '/api/game/stats'],
      ['GET', '/api/game/activity'],
      ['GET', '/api/game/leaderboard'],
    ] as const) {
      const reply = await http.call(method, url, method === 'GET' ? undefined : { alias: 1 });
      expect(reply.status, url).toBe(401);
      expect(reply.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a free user with GAME_ACCESS_REQUIRED and keeps nothing', async () => {
    const free = await account();
    const me = await http.get('/api/game/me', { token: free.token });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('GAME_ACCESS_REQUIRED');
    const put = await http.put('/api/game/profile', { alias: alias(), time_zone: 'UTC' }, { token: free.token });
    expect(put.status).toBe(403);
    expect((await practise(free)).status).toBe(403);
  });

  it('lets a subscriber and an administrator in', async () => {
    const paying = await subscriber();
    expect((await http.get('/api/game/me', { token: paying.token })).status).toBe(200);
    const me = await http.get('/api/game/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ profile: null, goal: null, has_birth_date: true });
  });

  it('closes the game again when the subscription ends', async () => {
    const paying = await subscriber();
    await http.delete(`/api/admin/users/${paying.id}/subscription`, { token: admin.token });
    expect((await http.get('/api/game/me', { token: paying.token })).body.error.code).toBe('GAME_ACCESS_REQUIRED');
  });
});

describe('setting up', () => {
  it('keeps an alias once, whatever its case, and refuses a bad zone or a date in the alias', async () => {
    const a = await player();
    const taken = (await http.get('/api/game/me', { token: a.token })).body.data.profile.alias as string;
    const b = await subscriber();
    const clash = await http.put(
      '/api/game/profile',
      { alias: taken.toUpperCase(), time_zone: 'UTC' },
      { token: b.token },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('ALIAS_TAKEN');
    const zone = await http.put('/api/game/profile', { alias: alias(), time_zone: 'Mars/Olympus' }, { token: b.token });
    expect(zone.status).toBe(400);
    expect(zone.body.error.code).toBe('INVALID_TIME_ZONE');
    const dated = await http.put('/api/game/profile', { alias: 'Mila 1987', time_zone: 'UTC' }, { token: b.token });
    expect(dated.status).toBe(400);
  });

  it('asks for a profile before a practice or a goal', async () => {
    const fresh = await subscriber();
    expect((await practise(fresh)).body.error.code).toBe('GAME_NOT_SET_UP');
    expect((await http.post('/api/game/goal', { cycle: 'moon' }, { token: fresh.token })).body.error.code).toBe(
      'GAME_NOT_SET_UP',
    );
  });

  it('sets a goal to the end of the chosen cycle and counts the days practised in it', async () => {
    at('2026-11-24T10:00:00Z');
    const who = await player('UTC');
    const goal = await http.post('/api/game/goal', { cycle: 'wavespell' }, { token: who.token });
    expect(goal.status).toBe(201);
    expect(goal.body.data).toMatchObject({ cycle: 'wavespell', starts_on: '2026-11-24', done: 0, ended: false });
    expect(goal.body.data.target).toBeGreaterThanOrEqual(1);
    expect(goal.body.data.target).toBeLessThanOrEqual(13);
    await practise(who);
    const me = await http.get('/api/game/me', { token: who.token });
    expect(me.body.data.goal.done).toBe(1);
    at(`${goal.body.data.ends_on}T12:00:00Z`);
    ctx.clock.offsetMs += 2 * 86_400_000;
    expect((await http.get('/api/game/me', { token: who.token })).body.data.goal.ended).toBe(true);
    ctx.clock.offsetMs = 0;
  });
});

describe('the mirror of the day', () => {
  it('reads today’s kin against the player’s own and refuses a second practice the same day', async () => {
    at('2026-11-24T10:00:00Z');
    const who = await player('UTC');
    const today = await http.get('/api/game/today', { token: who.token });
    expect(today.status).toBe(200);
    expect(today.body.data).toMatchObject({ date: '2026-11-24', practice: null });
    expect(today.body.data.own_kin).toBeGreaterThanOrEqual(1);
    const written = await practise(who, { kind: 'reflection', answer: '  To listen first.  ' });
    expect(written.status).toBe(201);
    expect(written.body.data.practice).toMatchObject({
      day: '2026-11-24',
      kind: 'reflection',
      answer: 'To listen first.',
    });
    expect(written.body.data.practice.kin).toBe(today.body.data.kin);
    expect(written.body.data.streak.current).toBe(1);
    const again = await practise(who);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_PRACTISED');
    expect((await http.get('/api/game/today', { token: who.token })).body.data.practice.id).toBe(
      written.body.data.practice.id,
    );
    ctx.clock.offsetMs = 0;
  });

  it('counts two check-ins sent at once as one', async () => {
    at('2026-11-24T10:00:00Z');
    const who = await player('UTC');
    const replies = await Promise.all([practise(who), practise(who), practise(who)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await ctx.database.db.select().from(gamePractices).where(eq(gamePractices.userId, who.id))).toHaveLength(1);
    ctx.clock.offsetMs = 0;
  });
});

describe('streaks in the player’s own time zone', () => {
  async function streakAfter(who: Account, iso: string) {
    at(iso);
    const reply = await practise(who);
    expect(reply.status, `${iso} ${JSON.stringify(reply.body)}`).toBe(201);
    return reply.body.data as { practice: { day: string }; streak: { current: number }; repaired: boolean };
  }

  it('counts local days: 23:30 in Tokyo and 00:30 the next day are two days', async () => {
    const who = await player('Asia/Tokyo');
    expect((await streakAfter(who, '2026-03-02T14:30:00Z')).practice.day).toBe('2026-03-02');
    const next = await streakAfter(who, '2026-03-02T15:30:00Z');
    expect(next.practice.day).toBe('2026-03-03');
    expect(next.streak.current).toBe(2);
    ctx.clock.offsetMs = 0;
  });

  it('keeps the streak across the spring and autumn DST switches in Berlin', async () => {
    at('2026-03-28T12:00:00Z');
    const who = await player('Europe/Berlin');
    // 28 March 23:30 CET, then 29 March 23:30 CEST: only 23 hours apart, one day each.
    await streakAfter(who, '2026-03-28T22:30:00Z');
    const spring = await streakAfter(who, '2026-03-29T21:30:00Z');
    expect(spring.practice.day).toBe('2026-03-29');
    expect(spring.streak.current).toBe(2);
    const third = await streakAfter(who, '2026-03-30T05:00:00Z');
    expect(third.streak.current).toBe(3);

    at('2026-10-24T12:00:00Z');
    const autumn = await player('Europe/Berlin');
    // 25 October 00:30 CEST, then 23:30 CET the same day (a 25-hour day): the same local day.
    await streakAfter(autumn, '2026-10-24T22:30:00Z');
    at('2026-10-25T22:30:00Z');
    expect((await practise(autumn)).body.error.code).toBe('ALREADY_PRACTISED');
    const nextDay = await streakAfter(autumn, '2026-10-25T23:10:00Z');
    expect(nextDay.practice.day).toBe('2026-10-26');
    expect(nextDay.streak.current).toBe(2);
    ctx.clock.offsetMs = 0;
  });

  it('never breaks a streak when the player flies east or west', async () => {
    // East: Monday 23:00 in Los Angeles is Tuesday 16:00 in Tokyo; the next practice is Wednesday in Tokyo.
    const east = await player('America/Los_Angeles');
    await streakAfter(east, '2026-06-08T06:00:00Z');
    const one = await streakAfter(east, '2026-06-09T06:00:00Z');
    expect(one.practice.day).toBe('2026-06-08');
    expect(one.streak.current).toBe(2);
    const moved = await http.put(
      '/api/game/profile',
      { alias: alias('East'), time_zone: 'Asia/Tokyo' },
      { token: east.token },
    );
    expect(moved.status).toBe(200);
    const wednesday = await streakAfter(east, '2026-06-09T23:30:00Z');
    expect(wednesday.practice.day).toBe('2026-06-10');
    expect(wednesday.streak.current).toBe(3);
    expect(wednesday.repaired).toBe(false);

    // West: Tuesday 08:00 in Tokyo is Monday 16:00 in Los Angeles; Tuesday 10:00 there is a new day.
    const west = await player('Asia/Tokyo');
    await streakAfter(west, '2026-06-08T23:00:00Z');
    await http.put(
      '/api/game/profile',
      { alias: alias('West'), time_zone: 'America/Los_Angeles' },
      { token: west.token },
    );
    const tuesday = await streakAfter(west, '2026-06-09T17:00:00Z');
    expect(tuesday.practice.day).toBe('2026-06-09');
    expect(tuesday.streak.current).toBe(2);
    ctx.clock.offsetMs = 0;
  });

  it('mends one missed day a week on its own, not two', async () => {
    const who = await player('UTC');
    await streakAfter(who, '2026-06-01T09:00:00Z'); // Monday
    await streakAfter(who, '2026-06-02T09:00:00Z');
    const mended = await streakAfter(who, '2026-06-04T09:00:00Z'); // Wednesday missed
    expect(mended.repaired).toBe(true);
    expect(mended.streak.current).toBe(3);
    at('2026-06-05T09:00:00Z');
    expect((await http.get('/api/game/me', { token: who.token })).body.data.streak.repairs_left).toBe(0);
    const broken = await streakAfter(who, '2026-06-06T09:00:00Z'); // Friday missed: the week's repair is spent
    expect(broken.repaired).toBe(false);
    expect(broken.streak.current).toBe(1);
    const nextWeek = await streakAfter(who, '2026-06-07T09:00:00Z');
    expect(nextWeek.streak.current).toBe(2);
    const mendedAgain = await streakAfter(who, '2026-06-09T09:00:00Z'); // Monday 8 June missed, a new week
    expect(mendedAgain.repaired).toBe(true);
    expect(mendedAgain.streak.current).toBe(3);
    ctx.clock.offsetMs = 0;
  });

  it('shows a lapsed streak as 0 and keeps the best', async () => {
    const who = await player('UTC');
    await streakAfter(who, '2026-07-01T09:00:00Z');
    await streakAfter(who, '2026-07-02T09:00:00Z');
    at('2026-07-10T09:00:00Z');
    const stats = await http.get('/api/game/stats', { token: who.token });
    expect(stats.body.data.streak).toMatchObject({ current: 0, best: 2 });
    expect(stats.body.data.days_practised).toBe(2);
    expect(stats.body.data.kins).toHaveLength(260);
    expect(stats.body.data.kins.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect(stats.body.data.tones.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    ctx.clock.offsetMs = 0;
  });
});

describe('own history', () => {
  it('lists only the player’s own practices, newest first', async () => {
    const who = await player('UTC');
    const other = await player('UTC');
    at('2026-08-01T09:00:00Z');
    await practise(who, { kind: 'reflection', answer: 'mine' });
    await practise(other, { kind: 'reflection', answer: 'theirs' });
    at('2026-08-02T09:00:00Z');
    await practise(who);
    const list = await http.get('/api/game/activity', { token: who.token });
    expect(list.body.data.practices.map((p: { day: string }) => p.day)).toEqual(['2026-08-02', '2026-08-01']);
    expect(JSON.stringify(list.body)).not.toContain('theirs');
    const older = await http.get('/api/game/activity?before=2026-08-02', { token: who.token });
    expect(older.body.data.practices).toHaveLength(1);
    ctx.clock.offsetMs = 0;
  });
});

describe('the weekly leaderboard', () => {
  it('shows only players who opted in, by alias, with no birth date nor kin anywhere in the reply', async () => {
    const birth = '1979-03-14';
    const shown = await subscriber(birth);
    const shownAlias = alias('Shown');
    await http.put(
      '/api/game/profile',
      { alias: shownAlias, time_zone: 'UTC', leaderboard_opt_in: true },
      { token: shown.token },
    );
    const hidden = await player('UTC');
    const hiddenAlias = (await http.get('/api/game/me', { token: hidden.token })).body.data.profile.alias;
    at('2026-09-08T09:00:00Z');
    await practise(shown);
    await practise(hidden);
    const board = await http.get('/api/game/leaderboard', { token: shown.token });
    expect(board.status).toBe(200);
    expect(board.body.data).toMatchObject({ week_start: '2026-09-07', week_end: '2026-09-13', opted_in: true });
    const mine = board.body.data.entries.find((e: { you: boolean }) => e.you);
    expect(mine).toMatchObject({ alias: shownAlias, days: 1 });
    const text = JSON.stringify(board.body);
    expect(text).not.toContain(hiddenAlias);
    expect(text).not.toContain(birth);
    expect(text).not.toMatch(/kin|birth|seal|tone|email|user_id/i);
    for (const entry of board.body.data.entries)
      expect(Object.keys(entry).sort()).toEqual(['alias', 'days', 'rank', 'you']);

    const outside = await http.get('/api/game/leaderboard', { token: hidden.token });
    expect(outside.body.data).toMatchObject({ opted_in: false, entries: [] });
    ctx.clock.offsetMs = 0;
  });
});
