import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { adminAudit, analyticsEvents, outboxEmails, products, users } from '../src/db/schema.ts';
import { addDays, bucketOf, utcDay } from '../src/modules/insights/service.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';
import { useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const ctx = useTestApp(() => ({ smtpUrl: smtp.url }));
const http = client(() => ctx.app);

async function register(overrides: Record<string, unknown> = {}) {
  const reply = await http.post('/api/auth/register', registration(overrides), { ip: newAddress() });
  expect(reply.status).toBe(200);
  return { token: reply.body.token as string, id: reply.body.user.id as string };
}

let boss: { token: string; id: string };
let user: { token: string; id: string };
beforeAll(async () => {
  boss = await register();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
  user = await register();
});

const today = () => utcDay(new Date());
const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

const ADMIN_READS = [
  '/api/admin/overview',
  '/api/admin/analytics/chart',
  '/api/admin/analytics/events',
  '/api/admin/stats/users',
  '/api/admin/stats/email',
  '/api/admin/stats/email/messages',
  '/api/admin/stats/clicks',
  '/api/admin/stats/clicks/list',
  '/api/admin/settings',
];

describe('who may read the admin figures', () => {
  it('answers guests 401, users 403 and administrators 200', async () => {
    for (const url of ADMIN_READS) {
      expect((await http.get(url)).status, url).toBe(401);
      const refused = await http.get(url, { token: user.token });
      expect(refused.status, url).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
      expect((await http.get(url, { token: boss.token })).status, url).toBe(200);
    }
    for (const [method, url, body] of [
      ['POST', '/api/admin/stats/email/retry', { kind: 'verify_email' }],
      ['PUT', '/api/admin/settings', { thirteenMoonsTarget: '2030-01-01' }],
    ] as const) {
      expect((await http.call(method, url, body)).status, url).toBe(401);
      expect((await http.call(method, url, body, { token: user.token })).status, url).toBe(403);
    }
  });
});

describe('the overview', () => {
  it('counts users, subscriptions, revenue, accounts and guests active, comments and failed mail', async () => {
    const db = ctx.database.db;
    const before = (await http.get('/api/admin/overview', { token: boss.token })).body.data;
    const newcomer = await register();
    await http.post('/api/analytics/track', { event: 'page_view', session_id: 's-1' }, { token: newcomer.token });
    await http.post('/api/analytics/track', { event: 'page_view', session_id: 's-2' }, { ip: newAddress() });
    await http.post(
      `/api/admin/users/${newcomer.id}/subscription`,
      { plan_id: 'premium_monthly', days: 30 },
      { token: boss.token },
    );
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.execute(sql`insert into orders (user_id, product_id, kind, status, amount, list_amount, currency,
                                             provider, lang, paid_at, refunded_amount)
                         values (${newcomer.id}, ${product?.id}, 'purchase', 'paid', 99000, 99000, 'RUB', 'test', 'ru', now(), 0),
                                (${newcomer.id}, ${product?.id}, 'purchase', 'partially_refunded', 50000, 50000, 'RUB', 'test', 'ru', now(), 10000),
                                (${newcomer.id}, ${product?.id}, 'purchase', 'failed', 70000, 70000, 'USD', 'test', 'en', null, 0)`);
    await db.insert(outboxEmails).values({
      toAddress: 'x@example.com',
      kind: 'verify_email',
      lang: 'en',
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      status: 'failed',
    });

    const reply = await http.get('/api/admin/overview', { token: boss.token });
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.users.total).toBe(before.users.total + 1);
    expect(data.users.today).toBe(before.users.today + 1);
    expect(data.users.week).toBeGreaterThanOrEqual(data.users.today);
    expect(data.subscriptionsByPlan).toContainEqual({ planId: expect.any(String), count: expect.any(Number) });
    const rub = data.revenue.find((row: { currency: string }) => row.currency === 'RUB');
    expect(
      rub.thisMonth - (before.revenue.find((r: { currency: string }) => r.currency === 'RUB')?.thisMonth ?? 0),
    ).toBe(99000 + 40000);
    expect(data.revenue.find((row: { currency: string }) => row.currency === 'USD')).toBeUndefined();
    expect(data.activeToday.accounts).toBe(before.activeToday.accounts + 1);
    expect(data.activeToday.guests).toBe(before.activeToday.guests + 1);
    expect(data.letters.failed).toBe(before.letters.failed + 1);
    expect(data.series.registrations).toHaveLength(30);
    expect(data.series.registrations.at(-1)).toEqual({ day: today(), count: data.users.today });
    expect(data.series.visitors.at(-1).count).toBe(data.activeToday.accounts + data.activeToday.guests);
  });
});

describe('the analytics chart', () => {
  beforeAll(async () => {
    const rows = [];
    for (const [offset, event, platform, n] of [
      [-3, 'signup', 'web', 2],
      [-3, 'purchase', 'android', 1],
      [-10, 'signup', null, 4],
      [-40, 'signup', 'web', 5],
    ] as const)
      for (let i = 0; i < n; i++)
        rows.push({ event, platform, createdAt: atNoon(addDays(today(), offset)), sessionId: `chart-${offset}-${i}` });
    await ctx.database.db.insert(analyticsEvents).values(rows);
  });

  it('counts events per day, by event and by platform, from the rollup and today', async () => {
    await http.post('/api/analytics/track', { event: 'signup', platform: 'ios' }, { ip: newAddress() });
    const reply = await http.get(`/api/admin/analytics/chart?from=${addDays(today(), -12)}&event=signup`, {
      token: boss.token,
    });
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.series).toHaveLength(13);
    expect(data.total).toBe(7);
    expect(data.series.find((b: { bucket: string }) => b.bucket === addDays(today(), -3)).count).toBe(2);
    expect(data.series.at(-1)).toEqual({ bucket: today(), count: 1 });
    expect(data.byEvent).toEqual([{ event: 'signup', count: 7 }]);
    expect(data.byPlatform).toEqual([
      { platform: '', count: 4 },
      { platform: 'web', count: 2 },
      { platform: 'ios', count: 1 },
    ]);
    // The rollup is in place: the daily table holds the closed days.
    const [rolled] = await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from analytics_daily where event = 'signup'`,
    );
    expect(Number(rolled?.count)).toBeGreaterThanOrEqual(3);
  });

  it('groups by week and month and filters by platform', async () => {
    const from = addDays(today(), -60);
    const weekly = (
      await http.get(`/api/admin/analytics/chart?from=${from}&granularity=week&platform=web`, {
        token: boss.token,
      })
    ).body.data;
    expect(weekly.total).toBe(7);
    expect(weekly.series[0].bucket).toBe(bucketOf(from, 'week'));
    for (const { bucket } of weekly.series) expect(new Date(`${bucket}T00:00:00Z`).getUTCDay()).toBe(1);
    const monthly = (
      await http.get(`/api/admin/analytics/chart?from=${from}&granularity=month`, {
        token: boss.token,
      })
    ).body.data;
    for (const { bucket } of monthly.series) expect(bucket.endsWith('-01')).toBe(true);
    expect(monthly.byEvent.map((row: { event: string }) => row.event)).toContain('purchase');
  });

  it('refuses reversed, over-long and malformed ranges with 400', async () => {
    for (const query of [
      `from=${today()}&to=${addDays(today(), -1)}`,
      'from=2020-01-01&to=2024-01-01',
      'from=2024-02-30',
      'granularity=hour',
      'event=%3Cscript%3E',
    ]) {
      const reply = await http.get(`/api/admin/analytics/chart?${query}`, { token: boss.token });
      expect(reply.status, query).toBe(400);
      expect(reply.body.success).toBe(false);
    }
  });

  it('lists the raw events a page at a time, and as CSV', async () => {
    const page = await http.get(`/api/admin/analytics/events?from=${addDays(today(), -12)}&limit=2&event=signup`, {
      token: boss.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination).toMatchObject({ page: 1, limit: 2, total: 7, pages: 4 });
    const csv = await http.get(`/api/admin/analytics/events?from=${addDays(today(), -12)}&format=csv`, {
      token: boss.token,
    });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toContain('created_at,event,category');
    expect(lines.length).toBeGreaterThan(8);
    expect((await http.get('/api/admin/analytics/events?sort=password', { token: boss.token })).status).toBe(400);
  });
});

describe('user statistics', () => {
  it('counts sign-ups by source and language, verification and retention', async () => {
    const a = await register({ registration_source: 'telegram', lang: 'es' });
    await register({ registration_source: 'telegram', lang: 'es' });
    await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, a.id));
    await http.post('/api/analytics/track', { event: 'page_view' }, { token: a.token });
    const reply = await http.get('/api/admin/stats/users', { token: boss.token });
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.bySource).toContainEqual({ source: 'telegram', count: 2 });
    expect(data.byLanguage.find((row: { lang: string }) => row.lang === 'es').count).toBe(2);
    expect(data.verified).toBeGreaterThanOrEqual(1);
    expect(data.total).toBe(data.registrations.reduce((sum: number, row: { count: number }) => sum + row.count, 0));
    const thisWeek = data.retention.at(-1);
    expect(thisWeek.size).toBeGreaterThanOrEqual(2);
    expect(thisWeek.weeks).toHaveLength(8);
    expect(thisWeek.weeks[0]).toBeGreaterThanOrEqual(1);
  });
});

describe('the outbox', () => {
  it('counts emails per kind and status, lists them, and sends failed ones again with an audit row', async () => {
    const db = ctx.database.db;
    const [failed] = await db
      .insert(outboxEmails)
      .values({
        toAddress: 'again@example.com',
        kind: 'payment_receipt',
        lang: 'en',
        subject: 'Your receipt',
        textBody: 'Thank you',
        htmlBody: '<p>Thank you</p>',
        status: 'failed',
        error: 'connection refused',
      })
      .returning({ id: outboxEmails.id });
    const overview = await http.get('/api/admin/stats/email', { token: boss.token });
    expect(overview.body.data.kinds).toContainEqual({
      kind: 'payment_receipt',
      sent: 0,
      failed: 1,
      pending: 0,
      notSent: 0,
    });
    const list = await http.get('/api/admin/stats/email/messages?status=failed&kind=payment_receipt', {
      token: boss.token,
    });
    expect(list.body.data).toEqual([expect.objectContaining({ id: failed?.id, error: 'connection refused' })]);
    expect((await http.get('/api/admin/stats/email/messages?format=csv', { token: boss.token })).body).toContain(
      'again@example.com',
    );

    const reply = await http.post('/api/admin/stats/email/retry', { ids: [failed?.id] }, { token: boss.token });
    expect(reply.status).toBe(200);
    expect(reply.body.retried).toBe(1);
    await smtp.waitFor('again@example.com', /Your receipt/);
    await ctx.app.mailer.flush();
    const [row] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.id, failed?.id ?? ''));
    expect(row?.status).toBe('sent');
    const audit = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'email.retry'), eq(adminAudit.actorId, boss.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.targetId).toBe(failed?.id);
    // Nothing failed is left: a second retry changes nothing and writes no audit row.
    expect(
      (await http.post('/api/admin/stats/email/retry', { ids: [failed?.id] }, { token: boss.token })).body.retried,
    ).toBe(0);
    expect(await db.select().from(adminAudit).where(eq(adminAudit.action, 'email.retry'))).toHaveLength(1);
  });

  it('refuses a retry that names nothing', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { kind: '' }]) {
      expect((await http.post('/api/admin/stats/email/retry', body, { token: boss.token })).status).toBe(400);
    }
  });
});

describe('tracked clicks and settings', () => {
  it('counts the chat-bot links and sends them on to the bot of the settings', async () => {
    const go = await ctx.app.inject({ method: 'GET', url: '/go/bot/es?source=landing', remoteAddress: newAddress() });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://t.me/hunab_app_bot?start=es');
    const moons = await ctx.app.inject({ method: 'GET', url: '/go/bot/13moons?source=top_banner' });
    expect(moons.headers.location).toBe('https://t.me/hunab_13moons_bot');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/go/bot/xx' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/');

    const stats = (await http.get('/api/admin/stats/clicks?kind=bot', { token: boss.token })).body.data;
    expect(stats.total).toBe(2);
    expect(stats.bySource).toContainEqual({ kind: 'bot', source: 'landing', count: 1 });
    expect(stats.series.at(-1)).toEqual({ day: today(), count: 2 });
    const list = (await http.get('/api/admin/stats/clicks/list', { token: boss.token })).body;
    expect(list.data.map((row: { target: string }) => row.target).sort()).toEqual(['13moons', 'es']);
  });

  it('reads public settings with their defaults, and lets administrators change them with an audit row', async () => {
    const defaults = await http.get('/api/settings');
    expect(defaults.status).toBe(200);
    expect(defaults.body.data.thirteenMoonsTarget).toBe('2025-07-26');
    // No CRM is configured here: the app is told so, and notes no page views for one.
    expect(defaults.body.data.crm).toBe(false);

    const changed = await http.put(
      '/api/admin/settings',
      { thirteenMoonsTarget: '2031-07-26', thirteenMoonsBotUrl: 'https://t.me/other_moons_bot', reason: 'new year' },
      { token: boss.token },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.thirteenMoonsTarget).toBe('2031-07-26');
    expect(changed.body.changes.map((c: { key: string }) => c.key).sort()).toEqual([
      'thirteenMoonsBotUrl',
      'thirteenMoonsTarget',
    ]);
    expect((await http.get('/api/settings')).body.data.thirteenMoonsTarget).toBe('2031-07-26');
    const moons = await ctx.app.inject({ method: 'GET', url: '/go/bot/13moons', remoteAddress: newAddress() });
    expect(moons.headers.location).toBe('https://t.me/other_moons_bot');

    const audit = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'setting.update'), eq(adminAudit.targetId, 'thirteenMoonsTarget')));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: boss.id, before: '2025-07-26', after: '2031-07-26', reason: 'new year' }),
    ]);
    // The same value again changes nothing and is not audited.
    await http.put('/api/admin/settings', { thirteenMoonsTarget: '2031-07-26' }, { token: boss.token });
    expect(await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'setting.update'))).toHaveLength(
      2,
    );
  });

  it('refuses values that do not pass, changing nothing', async () => {
    const before = (await http.get('/api/admin/settings', { token: boss.token })).body.data;
    for (const body of [
      { thirteenMoonsTarget: '2031-02-30' },
      { thirteenMoonsTarget: 'tomorrow' },
      { thirteenMoonsBotUrl: 'https://evil.example/bot' },
      { thirteenMoonsBotUrl: 'javascript:alert(1)' },
      { chatBotLinks: { ru: 'https://t.me/a_bot' } },
      { unknown: 1 },
    ]) {
      const reply = await http.put('/api/admin/settings', body, { token: boss.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await http.get('/api/admin/settings', { token: boss.token })).body.data).toEqual(before);
  });
});

describe('the daily rollup at midnight', () => {
  it('counts again, for an hour, the day that just closed, so an event committed after midnight joins its day', async () => {
    const closed = addDays(today(), 1);
    const next = addDays(today(), 2);
    const clockAt = (time: string) => {
      ctx.clock.offsetMs = new Date(time).getTime() - Date.now();
    };
    const countOn = async (day: string) => {
      const reply = await http.get(`/api/admin/analytics/chart?from=${day}&to=${day}&event=midnight`, {
        token: boss.token,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data.total as number;
    };
    try {
      await ctx.database.db
        .insert(analyticsEvents)
        .values({ event: 'midnight', createdAt: new Date(`${closed}T12:00:00Z`), sessionId: 'midnight-1' });
      clockAt(`${next}T00:05:00Z`);
      expect(await countOn(closed)).toBe(1);
      // A request under way at midnight writes its event a moment later, into the day that closed.
      await ctx.database.db
        .insert(analyticsEvents)
        .values({ event: 'midnight', createdAt: new Date(`${closed}T23:59:59.900Z`), sessionId: 'midnight-2' });
      clockAt(`${next}T00:20:00Z`);
      expect(await countOn(closed)).toBe(2);
      // Once the hour has passed the day is settled and read from the rollup as it stands.
      clockAt(`${next}T02:00:00Z`);
      expect(await countOn(closed)).toBe(2);
    } finally {
      ctx.clock.offsetMs = 0;
      await ctx.database.db.execute(sql`delete from analytics_events where event = 'midnight'`);
      await ctx.database.db.execute(sql`delete from analytics_daily where day >= ${today()}::date`);
      await ctx.database.db.execute(sql`delete from analytics_daily_actives where day >= ${today()}::date`);
    }
  });
});
