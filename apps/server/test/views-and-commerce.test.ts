import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmEvents, mailingSubscriptions } from '../src/db/schema.ts';
import { grantPlan, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newEmail } from './helpers/http.ts';

const ctx = useTestApp();
const api = client(() => ctx.app);
const DAY = 86_400_000;

const signUp = () => newAccount(api);
const admin = () => newAdmin(api, ctx.database.db);

/** Sets the app's clock to a UTC instant. */
const travelTo = (iso: string) => {
  ctx.clock.offsetMs = Date.parse(iso) - Date.now();
};

describe('view limits', () => {
  it('counts one view per user, UTC day and kind, 20 a month, and starts again on the first of the next month', async () => {
    try {
      travelTo('2031-01-01T10:00:00Z');
      const user = await signUp();
      const track = (content_id: string, date_viewed: string) =>
        api.post('/api/matrices/track-view', { content_id, date_viewed }, { token: user.token });
      const empty = await api.get('/api/matrices/view-limit', { token: user.token });
      expect(empty.body.data).toEqual({
        views_used: 0,
        views_limit: 20,
        views_remaining: 20,
        reset_at: '2031-02-01T00:00:00.000Z',
        is_exceeded: false,
        has_subscription: false,
      });
      const first = await track('moon_matrix', '2031-01-01');
      expect(first.body.data).toMatchObject({
        views_used: 1,
        views_remaining: 19,
        is_limit_exceeded: false,
        counted: true,
      });
      const again = await track('moon_matrix', '2030-12-31');
      expect(again.body.data).toMatchObject({ views_used: 1, counted: false });
      await api.post('/api/dash/track-view', { tab_id: 'oracle', date_viewed: '2031-01-01' }, { token: user.token });
      expect((await api.get('/api/dash/view-limit', { token: user.token })).body.data.views_used).toBe(2);

      // Three more days of six kinds reach the limit of 20; the 21st view is refused.
      const kinds = ['context_matrix', 'kin_matrix', 'moon_matrix', 'oracle_matrix', 'plasma_matrix', 'process_matrix'];
      let last: { views_used: number; is_limit_exceeded: boolean } | undefined;
      for (const day of [2, 3, 4]) {
        travelTo(`2031-01-0${day}T12:00:00Z`);
        for (const kind of kinds) last = (await track(kind, '2031-01-01')).body.data;
      }
      expect(last).toMatchObject({ views_used: 20, is_limit_exceeded: true });
      travelTo('2031-01-20T23:59:00Z');
      const refused = await track('tzolkin_matrix', '2031-01-20');
      expect(refused.body.data).toMatchObject({
        views_used: 20,
        views_remaining: 0,
        is_limit_exceeded: true,
        counted: false,
      });

      travelTo('2031-02-01T00:00:01Z');
      // A month on, the first token has expired: sign in again.
      const login = await api.post('/api/auth/login', { email: user.email, password: 'correct horse' });
      user.token = login.body.token;
      const february = await api.get('/api/matrices/view-limit', { token: user.token });
      expect(february.body.data).toMatchObject({
        views_used: 0,
        is_exceeded: false,
        reset_at: '2031-03-01T00:00:00.000Z',
      });
      expect((await track('tzolkin_matrix', '2031-02-01')).body.data).toMatchObject({ views_used: 1, counted: true });
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('does not count subscribers or administrators, and answers guests 401', async () => {
    const boss = await admin();
    const subscriber = await signUp();
    await grantPlan(api, boss, subscriber.id, 'basic', 30);
    for (const who of [boss, subscriber]) {
      const reply = await api.post(
        '/api/matrices/track-view',
        { content_id: 'kin_matrix', date_viewed: '2031-01-05' },
        { token: who.token },
      );
      expect(reply.body.data).toMatchObject({ has_subscription: true, counted: false, is_limit_exceeded: false });
    }
    expect((await api.get('/api/dash/view-limit')).status).toBe(401);
    const bad = await api.post(
      '/api/matrices/track-view',
      { content_id: 'nowhere', date_viewed: '2031-02-30' },
      { token: subscriber.token },
    );
    expect(bad.status).toBe(400);
  });
});

describe('promo codes, mailing lists, purchases and CRM views', () => {
  it('lists valid promo codes, the best first; only administrators create or withdraw them', async () => {
    const boss = await admin();
    const user = await signUp();
    expect(
      (
        await api.post(
          '/api/admin/promo-codes',
          { code: 'MOON13', discount_percentage: 13, valid_until: '2099-07-25' },
          { token: user.token },
        )
      ).status,
    ).toBe(403);
    await api.post(
      '/api/admin/promo-codes',
      { code: 'moon13', discount_percentage: 13, valid_until: '2099-07-25', public: true },
      { token: boss.token },
    );
    await api.post(
      '/api/admin/promo-codes',
      { code: 'KIN260', discount_percentage: 26, valid_until: '2099-01-01', public: true },
      { token: boss.token },
    );
    // A private code (the default) is never listed, whatever its discount.
    await api.post(
      '/api/admin/promo-codes',
      { code: 'GIFT100', discount_percentage: 100, valid_until: '2099-01-01' },
      { token: boss.token },
    );
    await api.post(
      '/api/admin/promo-codes',
      { code: 'OLD', discount_percentage: 50, valid_until: '2001-01-01', public: true },
      { token: boss.token },
    );
    const bad = await api.post(
      '/api/admin/promo-codes',
      { code: 'X', discount_percentage: 120, valid_until: '2099-01-01' },
      { token: boss.token },
    );
    expect(bad.status).toBe(400);
    const list = (await api.get('/api/promo/active')).body.data;
    expect(list.map((p: { code: string }) => p.code).slice(0, 2)).toEqual(['KIN260', 'MOON13']);
    expect(list[0].discount_percentage).toBe('26.00');
    expect(list.some((p: { code: string }) => p.code === 'OLD' || p.code === 'GIFT100')).toBe(false);
    expect((await api.delete('/api/admin/promo-codes/KIN260', { token: boss.token })).status).toBe(200);
    expect((await api.get('/api/promo/active')).body.data.map((p: { code: string }) => p.code)).not.toContain('KIN260');
  });

  it('keeps mailing-list interest once per address and can create an account with it', async () => {
    const owner = await signUp();
    const email = owner.email;
    const check = (token?: string) =>
      api.post('/api/subscriptions/check', { email, interest: '13secrets' }, { token: token ?? null });
    expect((await check(owner.token)).body).toMatchObject({ success: true, subscribed: false });
    const joined = await api.post('/api/subscriptions/subscribe', { email, interest: '13secrets', lang: 'es' });
    // Double opt-in: the address is on the list only once it follows the emailed link (test/growth-mailing.test.ts).
    expect(joined.body).toMatchObject({ success: true, subscribed: false, token: null });
    // Only the owner learns whether it is on the list: anyone else hears what an address not on the list gets.
    expect((await check()).body.subscribed).toBe(false);
    await api.post('/api/subscriptions/subscribe', { email: email.toUpperCase(), interest: '13secrets' });
    const rows = await ctx.database.db.select().from(mailingSubscriptions);
    expect(rows.filter((row) => row.email.toLowerCase() === email.toLowerCase())).toHaveLength(1);

    const newcomer = newEmail('newcomer');
    const noPassword = await api.post('/api/subscriptions/subscribe', { email: newcomer, register: true });
    expect(noPassword.status).toBe(400);
    const registered = await api.post('/api/subscriptions/subscribe', {
      email: newcomer,
      interest: 'coach',
      register: true,
      password: 'correct horse',
      birth_date: '1990-01-01',
      name: 'Ana Lima',
    });
    expect(registered.status).toBe(200);
    expect(registered.body.token).toEqual(expect.any(String));
    // The new account as a sign-in gives it, so the client stores it the same way.
    expect(registered.body.user).toMatchObject({ email: newcomer, name: 'Ana Lima', birth_date: '1990-01-01' });
    expect((await api.get('/api/auth/me', { token: registered.body.token })).body.user.email).toBe(newcomer);
    const twice = await api.post('/api/subscriptions/subscribe', {
      email: newcomer,
      interest: 'essence',
      register: true,
      password: 'correct horse',
      birth_date: '1990-01-01',
    });
    expect(twice.status).toBe(409);
    const lists = (await ctx.database.db.select().from(mailingSubscriptions)).filter((row) => row.email === newcomer);
    expect(lists.map((row) => row.interest)).toEqual(['coach']);
  });

  it('answers the access record of a product: bought, its level, and when and how its content opens', async () => {
    const boss = await admin();
    const user = await signUp();
    const check = () =>
      api.get('/api/bot/payments/by-product?product_name=main&product_level=1', { token: user.token });
    expect((await check()).body.data).toEqual({
      hasPurchase: false,
      hasAccess: false,
      productLevel: null,
      activationDate: null,
      activationType: null,
      isActive: false,
    });
    expect((await api.get('/api/bot/payments/by-product?product_name=main')).status).toBe(401);
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    await api.post(
      `/api/admin/users/${user.id}/purchases`,
      { product_name: 'main', product_level: 1, activation_date: tomorrow },
      { token: boss.token },
    );
    // Bought, so it gives access, but its content waits for the activation date.
    expect((await check()).body.data).toEqual({
      hasPurchase: true,
      hasAccess: true,
      productLevel: 1,
      activationDate: tomorrow,
      activationType: 'date',
      isActive: false,
    });
    expect(
      (
        await api.post(
          `/api/admin/users/${user.id}/purchases`,
          { product_name: 'main', product_level: 1 },
          { token: user.token },
        )
      ).status,
    ).toBe(403);
  });

  it('accepts subscription-page views at once and stores them in the background', async () => {
    const user = await signUp();
    const reply = await api.post(
      '/api/amocrm/subscription-view',
      { subscriptionStatus: 'none', subscriptionPlan: 'free', hasActiveSubscription: false, pageUrl: '/subscription' },
      { token: user.token },
    );
    expect(reply.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await ctx.database.db.select().from(crmEvents).where(eq(crmEvents.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ pageUrl: '/subscription' });
  });
});
