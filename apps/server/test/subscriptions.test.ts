import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { subscriptionEvents, subscriptions, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, registration } from './helpers/http.ts';

const ctx = useTestApp();
const api = client(() => ctx.app);
const DAY = 86_400_000;

async function signUp(overrides: Record<string, unknown> = {}) {
  const reply = await api.post('/api/auth/register', registration(overrides));
  expect(reply.status).toBe(200);
  return { token: reply.body.token as string, id: reply.body.user.id as string };
}

async function admin() {
  const account = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
  return account;
}

async function grant(adminToken: string, userId: string, plan_id: string, days: number) {
  const reply = await api.post(`/api/admin/users/${userId}/subscription`, { plan_id, days }, { token: adminToken });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.subscription;
}

const status = async (token: string | null) => (await api.get('/api/subscriptions/active-status', { token })).body;
const eventsOf = (id: number) =>
  ctx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));

describe('plans and levels', () => {
  it('lists the catalogue: free, basic, premium and their monthly and yearly variants with RUB and USD prices', async () => {
    const reply = await api.get('/api/subscriptions/plans');
    expect(reply.status).toBe(200);
    expect(reply.body.plans.map((p: { id: string }) => p.id)).toEqual([
      'free',
      'basic',
      'premium',
      'basic_monthly',
      'premium_monthly',
      'basic_yearly',
      'premium_yearly',
    ]);
    const premiumYearly = reply.body.plans.find((p: { id: string }) => p.id === 'premium_yearly');
    expect(premiumYearly).toMatchObject({ level: 2, billing_period: 'yearly', days: 365 });
    expect(premiumYearly.price_rub).toBeGreaterThan(0);
    expect(premiumYearly.features['cards.maxSaved']).toBe(40);
  });

  it('reads level 0 for guests and users without a subscription, 3 and active for an administrator', async () => {
    expect(await status(null)).toMatchObject({ subscriptionLevel: 0, subscriptionActive: false, plan: 'free' });
    const user = await signUp();
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 0, subscriptionActive: false });
    expect((await api.get('/api/subscriptions/current', { token: user.token })).body).toEqual({
      success: true,
      subscription: null,
    });
    const boss = await admin();
    expect(await status(boss.token)).toMatchObject({ subscriptionLevel: 3, subscriptionActive: true });
  });

  it('lets only administrators grant and revoke, for users that exist', async () => {
    const user = await signUp();
    const other = await signUp();
    const refused = await api.post(
      `/api/admin/users/${user.id}/subscription`,
      { plan_id: 'premium', days: 30 },
      { token: other.token },
    );
    expect(refused.status).toBe(403);
    expect((await api.delete(`/api/admin/users/${user.id}/subscription`, { token: other.token })).status).toBe(403);
    expect((await api.post(`/api/admin/users/${user.id}/subscription`, { plan_id: 'premium', days: 30 })).status).toBe(
      401,
    );
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 0 });

    const boss = await admin();
    const missing = await api.post(
      '/api/admin/users/00000000-0000-4000-8000-000000000000/subscription',
      { plan_id: 'basic', days: 30 },
      { token: boss.token },
    );
    expect(missing.status).toBe(404);
    for (const body of [
      { plan_id: 'free', days: 30 },
      { plan_id: 'gold', days: 30 },
      { plan_id: 'basic', days: 0 },
    ]) {
      const bad = await api.post(`/api/admin/users/${user.id}/subscription`, body, { token: boss.token });
      expect(bad.status).toBe(400);
      expect(bad.body.success).toBe(false);
    }

    await grant(boss.token, user.id, 'basic_monthly', 30);
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 1, subscriptionActive: true, plan: 'basic' });
    const upgraded = await grant(boss.token, user.id, 'premium_yearly', 365);
    expect(upgraded).toMatchObject({ plan_id: 'premium_yearly', level: 2, status: 'active', active: true });
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 2, plan: 'premium' });
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['active', 'expired']);

    const revoked = await api.delete(`/api/admin/users/${user.id}/subscription`, { token: boss.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.subscription.status).toBe('expired');
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 0, subscriptionActive: false });
    expect((await api.delete(`/api/admin/users/${user.id}/subscription`, { token: boss.token })).body.error.code).toBe(
      'NO_SUBSCRIPTION',
    );
  });
});

describe('pause, resume and cancel', () => {
  it('pauses an active subscription for 7, 14 or 30 days only, and a paused one gives no access', async () => {
    const boss = await admin();
    const user = await signUp();
    const granted = await grant(boss.token, user.id, 'premium_monthly', 30);
    for (const days of [0, 5, 31, '7']) {
      const bad = await api.post('/api/subscriptions/pause', { days }, { token: user.token });
      expect(bad.status, String(days)).toBe(400);
    }
    expect((await api.get('/api/subscriptions/current', { token: user.token })).body.subscription.status).toBe(
      'active',
    );

    const paused = await api.post(
      '/api/subscriptions/pause',
      { days: 14, reason: 'travelling' },
      { token: user.token },
    );
    expect(paused.status).toBe(200);
    // Pausing leaves auto-renewal as it was.
    expect(paused.body.subscription).toMatchObject({ status: 'paused', auto_renew: granted.auto_renew, active: false });
    const until = Date.parse(paused.body.subscription.pause_until);
    expect(Math.round((until - Date.now()) / DAY)).toBe(14);
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 0, subscriptionActive: false });

    const again = await api.post('/api/subscriptions/pause', { days: 7 }, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_TRANSITION');
  });

  it('resumes a paused subscription and gives the paused days back', async () => {
    const boss = await admin();
    const user = await signUp();
    const granted = await grant(boss.token, user.id, 'basic', 30);
    expect((await api.post('/api/subscriptions/resume', {}, { token: user.token })).status).toBe(409);
    await api.post('/api/subscriptions/pause', { days: 7 }, { token: user.token });
    ctx.clock.offsetMs += 3 * DAY;
    try {
      const resumed = await api.post('/api/subscriptions/resume', { reason: 'back home' }, { token: user.token });
      expect(resumed.status).toBe(200);
      expect(resumed.body.subscription).toMatchObject({ status: 'active', pause_until: null, active: true });
      const extended =
        Date.parse(resumed.body.subscription.current_period_end) - Date.parse(granted.current_period_end);
      expect(Math.round(extended / DAY)).toBe(3);
      expect(await status(user.token)).toMatchObject({ subscriptionLevel: 1, subscriptionActive: true });
    } finally {
      ctx.clock.offsetMs -= 3 * DAY;
    }
  });

  it('cancels an active or paused subscription, keeping access to the end of the period, then refuses changes', async () => {
    const boss = await admin();
    const user = await signUp();
    await grant(boss.token, user.id, 'premium', 30);
    await api.post('/api/subscriptions/pause', { days: 30 }, { token: user.token });
    const cancelled = await api.post('/api/subscriptions/cancel', { reason: 'too expensive' }, { token: user.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ status: 'cancelled', auto_renew: false, active: true });
    expect(cancelled.body.subscription.cancelled_at).toBeTruthy();
    expect(await status(user.token)).toMatchObject({ subscriptionLevel: 2, subscriptionActive: true });
    for (const path of ['pause', 'resume', 'cancel']) {
      const refused = await api.post(`/api/subscriptions/${path}`, path === 'pause' ? { days: 7 } : {}, {
        token: user.token,
      });
      expect(refused.status, path).toBe(409);
    }
    const none = await signUp();
    const nothing = await api.post('/api/subscriptions/cancel', {}, { token: none.token });
    expect(nothing.status).toBe(404);
    expect(nothing.body.error.code).toBe('NO_SUBSCRIPTION');
  });

  it('makes one of two simultaneous cancellations win', async () => {
    const boss = await admin();
    const user = await signUp();
    const granted = await grant(boss.token, user.id, 'basic', 30);
    const replies = await Promise.all(
      [1, 2, 3].map(() => api.post('/api/subscriptions/cancel', {}, { token: user.token })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const events = await eventsOf(granted.id);
    expect(events.filter((e) => e.toStatus === 'cancelled')).toHaveLength(1);
  });
});

describe('the scheduler', () => {
  it('expires subscriptions at the end of their period and resumes pauses when they end, once', async () => {
    const boss = await admin();
    const ending = await signUp();
    const pausing = await signUp();
    const cancelling = await signUp();
    const a = await grant(boss.token, ending.id, 'basic', 10);
    const b = await grant(boss.token, pausing.id, 'premium', 60);
    const c = await grant(boss.token, cancelling.id, 'premium', 5);
    await api.post('/api/subscriptions/pause', { days: 7 }, { token: pausing.token });
    await api.post('/api/subscriptions/cancel', {}, { token: cancelling.token });

    expect(await ctx.app.subscriptions.runDue()).toEqual({ expired: 0, resumed: 0 });
    const at = (days: number) => new Date(Date.now() + ctx.clock.offsetMs + days * DAY);
    expect(await ctx.app.subscriptions.runDue(at(6))).toMatchObject({ expired: 1 });
    expect(await ctx.app.subscriptions.runDue(at(8))).toMatchObject({ resumed: 1 });
    expect(await ctx.app.subscriptions.runDue(at(11))).toMatchObject({ expired: 1 });
    expect(await ctx.app.subscriptions.runDue(at(11))).toEqual({ expired: 0, resumed: 0 });

    ctx.clock.offsetMs += 11 * DAY;
    try {
      expect(await status(ending.token)).toMatchObject({ subscriptionLevel: 0, subscriptionActive: false });
      expect(await status(cancelling.token)).toMatchObject({ subscriptionLevel: 0 });
      expect(await status(pausing.token)).toMatchObject({ subscriptionLevel: 2, subscriptionActive: true });
      const resumed = (await api.get('/api/subscriptions/current', { token: pausing.token })).body.subscription;
      // Resumed after its 7 days, with those 7 days added to the 60 paid for.
      expect(Math.round((Date.parse(resumed.current_period_end) - Date.parse(b.current_period_start)) / DAY)).toBe(67);
      expect((await api.get('/api/subscriptions/current', { token: ending.token })).body.subscription).toBeNull();
    } finally {
      ctx.clock.offsetMs -= 11 * DAY;
    }
    for (const [row, to] of [
      [a, 'expired'],
      [b, 'active'],
      [c, 'expired'],
    ] as const) {
      const events = (await eventsOf(row.id)).filter((e) => e.actor === 'scheduler');
      expect(events.map((e) => e.toStatus)).toEqual([to]);
    }
  });

  it('catches up after a stop: everything that fell due while no process ran moves at the next run', async () => {
    const boss = await admin();
    const users = await Promise.all([1, 2, 3].map(() => signUp()));
    for (const [i, user] of users.entries()) await grant(boss.token, user.id, 'basic', i + 1);
    const later = new Date(Date.now() + ctx.clock.offsetMs + 30 * DAY);
    const moved = await ctx.app.subscriptions.runDue(later);
    expect(moved.expired).toBeGreaterThanOrEqual(3);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'moves each due subscription exactly once when two server processes run it at the same moment',
    async () => {
      const url = ctx.database.url;
      if (!url) throw new Error('a PostgreSQL test database has an address');
      const second = await openDatabase({ databaseUrl: url, dataDir: '' });
      const other = await buildApp({ database: second, config: ctx.config, closeDatabase: true });
      try {
        const boss = await admin();
        const accounts = await Promise.all(Array.from({ length: 40 }, () => signUp()));
        await Promise.all(
          accounts.map((user, i) => grant(boss.token, user.id, i % 2 ? 'basic' : 'premium', 1 + (i % 3))),
        );
        const at = new Date(Date.now() + ctx.clock.offsetMs + 10 * DAY);
        const runs = await Promise.all([
          ctx.app.subscriptions.runDue(at),
          other.subscriptions.runDue(at),
          ctx.app.subscriptions.runDue(at),
          other.subscriptions.runDue(at),
        ]);
        const ids = sql.join(
          accounts.map((user) => sql`${user.id}`),
          sql`, `,
        );
        const [counts] = await queryRows<{ expired: number; events: number }>(
          ctx.database.db,
          sql`select
                (select count(*)::int from subscriptions where user_id in (${ids}) and status = 'expired') as expired,
                (select count(*)::int from subscription_events e join subscriptions s on s.id = e.subscription_id
                  where s.user_id in (${ids}) and e.actor = 'scheduler') as events`,
        );
        expect(counts).toEqual({ expired: 40, events: 40 });
        expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(40);
      } finally {
        await other.close();
      }
    },
  );
});
