import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { orders, purchases, referralClicks, referrals, subscriptions, users } from '../src/db/schema.ts';
import { isSelfReferral } from '../src/modules/referrals/service.ts';
import { useTestApp } from './helpers/app.ts';
import { client, registration } from './helpers/http.ts';

const ctx = useTestApp();
const api = client(() => ctx.app);
const DAY = 86_400_000;

async function signUp(overrides: Record<string, unknown> = {}, cookie?: string) {
  const body = registration(overrides);
  const reply = await api.post('/api/auth/register', body, cookie ? { headers: { cookie } } : {});
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { token: reply.body.token as string, id: reply.body.user.id as string, email: body.email as string };
}

async function newLink(token: string, source = 'telegram', target = '/13days') {
  const reply = await api.post('/api/referrals/links', { source, target }, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.link as { id: number; slug: string; url: string };
}

/** A visit through the shared address: where it leads and the cookie it leaves. */
async function click(path: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: path, headers });
  const setCookie = String(response.headers['set-cookie'] ?? '');
  return {
    status: response.statusCode,
    location: String(response.headers.location ?? ''),
    setCookie,
    cookie: setCookie.split(';')[0] ?? '',
  };
}

/**
 * A payment as the payments module writes it, made `daysAgo` days before the app's now: the paid order (2,900 ₽ for
 * 13 Days unless told otherwise) and its row in purchases. An administrator's grant (source 'admin') has no order.
 */
async function paid(
  userId: string,
  daysAgo: number,
  source = 'yookassa',
  order: { amount?: number; currency?: string; discount?: string; refunded?: number } = {},
) {
  const at = new Date(Date.now() + ctx.clock.offsetMs - daysAgo * DAY);
  const [written] =
    source === 'admin'
      ? []
      : await ctx.database.db
          .insert(orders)
          .values({
            userId,
            productId: '13days',
            kind: 'purchase',
            status: order.refunded ? 'partially_refunded' : 'paid',
            amount: order.amount ?? 290000,
            listAmount: 290000,
            currency: order.currency ?? 'RUB',
            discountPercentage: order.discount ?? null,
            refundedAmount: order.refunded ?? 0,
            provider: source,
            lang: 'ru',
            paidAt: at,
            createdAt: at,
          })
          .returning({ id: orders.id });
  const [row] = await ctx.database.db
    .insert(purchases)
    .values({
      userId,
      productName: '13days',
      productLevel: 1,
      source,
      orderId: written?.id ?? null,
      createdAt: at,
    })
    .returning();
  return row?.id as number;
}

async function currentEnd(userId: string): Promise<Date | null> {
  const [row] = await ctx.database.db
    .select({ end: subscriptions.currentPeriodEnd, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId)));
  return row && row.status !== 'expired' ? row.end : null;
}

describe('referral links', () => {
  it('records a click without the visitor address, sets a 90-day first-party cookie and lands on the link page', async () => {
    const referrer = await signUp({ lang: 'en' });
    const link = await newLink(referrer.token);
    expect(link.url).toMatch(new RegExp(`/r/${link.slug}$`));

    const visit = await click(`/r/${link.slug}?utm_source=tg&utm_campaign=spring&x=1`, {
      referer: 'https://t.me/some_channel',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(visit.status).toBe(302);
    expect(visit.location).toBe(`/en/13days?ref=${link.slug}&utm_source=tg&utm_campaign=spring`);
    expect(visit.setCookie).toMatch(/^hunab_ref=\d+\.\d+\.[\w-]{43}; Path=\/; Max-Age=7776000; HttpOnly; SameSite=Lax/);

    const [row] = await ctx.database.db.select().from(referralClicks).where(eq(referralClicks.linkId, link.id));
    expect(row).toMatchObject({
      source: 'tg',
      utm: { utm_source: 'tg', utm_campaign: 'spring' },
      referrer: 'https://t.me/some_channel',
    });
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');

    // An unknown slug goes to the welcome page of its language and sets nothing.
    const unknown = await click('/en/r/nosuchlink');
    expect(unknown).toMatchObject({ status: 302, location: '/en/welcome', setCookie: '' });
  });

  it('attributes a sign-up to the link in the cookie and shows it on the referrer page', async () => {
    const referrer = await signUp();
    const link = await newLink(referrer.token, 'instagram');
    const visit = await click(`/r/${link.slug}`);
    const friend = await signUp({}, visit.cookie);

    const summary = await api.get('/api/referrals', { token: referrer.token });
    expect(summary.status).toBe(200);
    expect(summary.body.links[0]).toMatchObject({ source: 'instagram', clicks: 1, signups: 1, purchases: 0 });
    const [row] = await ctx.database.db.select().from(referrals).where(eq(referrals.referredUserId, friend.id));
    expect(row).toMatchObject({ referrerId: referrer.id, linkId: link.id });

    // The friend sees only their own (empty) referral page, a guest none.
    const theirs = await api.get('/api/referrals', { token: friend.token });
    expect(theirs.body).toMatchObject({ links: [], totals: { clicks: 0, signups: 0 } });
    expect((await api.get('/api/referrals')).status).toBe(401);
  });

  it('refuses self-referral and a forged cookie', async () => {
    const referrer = await signUp({ email: `luna.${Date.now()}@gmail.com` });
    const link = await newLink(referrer.token);
    const visit = await click(`/r/${link.slug}`);
    const [name] = referrer.email.split('@');
    const alias = await signUp({ email: `${name?.replace('.', '')}+second@gmail.com` }, visit.cookie);
    const forged = visit.cookie.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    const other = await signUp({}, forged);
    for (const user of [alias, other]) {
      expect(await ctx.database.db.select().from(referrals).where(eq(referrals.referredUserId, user.id))).toEqual([]);
    }
    expect(isSelfReferral('Ann.Lee@gmail.com', 'annlee+x@googlemail.com')).toBe(true);
    expect(isSelfReferral('ann@example.com', 'bob@example.com')).toBe(false);
  });

  it('refuses bad links: an empty or odd source, a second link for one source, and guests', async () => {
    const user = await signUp();
    for (const body of [
      { source: '' },
      { source: 'a b' },
      { source: 'x'.repeat(41) },
      { source: 'ok', target: '/admin' },
    ]) {
      const reply = await api.post('/api/referrals/links', body, { token: user.token });
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe(false);
    }
    await newLink(user.token, 'vk');
    const again = await api.post('/api/referrals/links', { source: 'VK' }, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REFERRAL_LINK_EXISTS');
    const guest = await api.post('/api/referrals/links', { source: 'vk' });
    expect(guest.status).toBe(401);
  });
});

describe('referral rewards', () => {
  it('gives the referrer 30 days once the first payment is past the 14-day refund window, once', async () => {
    const referrer = await signUp();
    const link = await newLink(referrer.token);
    const friend = await signUp({}, (await click(`/r/${link.slug}`)).cookie);

    // A grant written by an administrator is not a payment.
    await paid(friend.id, 30, 'admin');
    expect(await ctx.app.referrals.runDue()).toEqual({ granted: 0, reversed: 0 });

    await paid(friend.id, 10);
    expect((await ctx.app.referrals.runDue()).granted).toBe(0);
    expect(await currentEnd(referrer.id)).toBeNull();

    try {
      ctx.clock.offsetMs = 5 * DAY;
      expect((await ctx.app.referrals.runDue()).granted).toBe(1);
      const end = await currentEnd(referrer.id);
      expect(end?.getTime()).toBeGreaterThan(Date.now() + ctx.clock.offsetMs + 29 * DAY);
      // A second run and a second payment give nothing more.
      await paid(friend.id, 20);
      expect((await ctx.app.referrals.runDue()).granted).toBe(0);

      const summary = await api.get('/api/referrals', { token: referrer.token });
      expect(summary.body.totals).toMatchObject({ signups: 1, purchases: 1, reward_days: 30 });
      expect(summary.body.rewards).toEqual([expect.objectContaining({ days: 30, status: 'granted' })]);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('adds the days to a running subscription and takes them back when the payment is refunded', async () => {
    const referrer = await signUp();
    const admin = await signUp();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const grant = await api.post(
      `/api/admin/users/${referrer.id}/subscription`,
      { plan_id: 'basic', days: 10 },
      { token: admin.token },
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const before = (await currentEnd(referrer.id))?.getTime() ?? 0;

    const link = await newLink(referrer.token);
    const friend = await signUp({}, (await click(`/r/${link.slug}`)).cookie);
    const purchaseId = await paid(friend.id, 15);
    expect((await ctx.app.referrals.runDue()).granted).toBe(1);
    expect((await currentEnd(referrer.id))?.getTime()).toBe(before + 30 * DAY);

    // A refund (the purchase row removed) takes the 30 days back on the next run.
    await ctx.database.db.delete(purchases).where(eq(purchases.id, purchaseId));
    expect(await ctx.app.referrals.runDue()).toEqual({ granted: 0, reversed: 1 });
    expect((await currentEnd(referrer.id))?.getTime()).toBe(before);
    const summary = await api.get('/api/referrals', { token: referrer.token });
    expect(summary.body.totals.reward_days).toBe(0);
    expect(summary.body.rewards[0]).toMatchObject({ status: 'reversed' });
  });

  it('reverses a reward when the payments module reports the refund of its purchase', async () => {
    const referrer = await signUp();
    const link = await newLink(referrer.token);
    const friend = await signUp({}, (await click(`/r/${link.slug}`)).cookie);
    const purchaseId = await paid(friend.id, 20, 'paypal');
    expect((await ctx.app.referrals.runDue()).granted).toBe(1);
    expect(await currentEnd(referrer.id)).not.toBeNull();
    expect(await ctx.app.referrals.reverseForPurchase(purchaseId)).toBe(true);
    expect(await ctx.app.referrals.reverseForPurchase(purchaseId)).toBe(false);
    // The reward's subscription now ends in the past: the subscription scheduler expires it.
    await ctx.app.subscriptions.runDue();
    expect(await currentEnd(referrer.id)).toBeNull();
  });
});

describe('rewards that cannot be farmed', () => {
  async function referred(ip?: string) {
    const referrer = await signUp();
    const link = await newLink(referrer.token);
    const cookie = (await click(`/r/${link.slug}`)).cookie;
    return { referrer, link, cookie, friend: await friendOf(cookie, ip) };
  }
  async function friendOf(cookie: string, ip = '198.51.100.1') {
    const reply = await api.post('/api/auth/register', registration(), { headers: { cookie }, ip });
    expect(reply.status).toBe(200);
    return { id: reply.body.user.id as string };
  }

  it('earns nothing from a 100 % code, a free order, or less than the cheapest programme', async () => {
    for (const [source, order] of [
      ['free', { amount: 0 }],
      ['yookassa', { discount: '100.00', amount: 100 }],
      ['yookassa', { amount: 100 }],
      ['paypal', { amount: 2800, currency: 'USD' }],
      ['yookassa', { amount: 290000, refunded: 100000 }],
    ] as const) {
      const { referrer, friend } = await referred();
      await paid(friend.id, 20, source, order);
      expect((await ctx.app.referrals.runDue()).granted, JSON.stringify(order)).toBe(0);
      expect(await currentEnd(referrer.id)).toBeNull();
    }
    const { friend } = await referred();
    await paid(friend.id, 20, 'paypal', { amount: 2900, currency: 'USD' });
    expect((await ctx.app.referrals.runDue()).granted).toBe(1);
  });

  it('earns nothing from a test-provider payment in production', async () => {
    const { referrer, friend } = await referred();
    await paid(friend.id, 20, 'test');
    const production = await buildApp({ database: ctx.database, config: { ...ctx.config, production: true } });
    await production.ready();
    try {
      expect((await production.referrals.runDue()).granted).toBe(0);
      expect(await currentEnd(referrer.id)).toBeNull();
    } finally {
      await production.close();
    }
    // Where no money is at stake (development, the two-command setup), the test provider plays the real one.
    expect((await ctx.app.referrals.runDue()).granted).toBe(1);
  });

  it('caps a referrer’s rewards per month by the setting, and gives the rest the next month', async () => {
    const admin = await signUp();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const saved = await api.put('/api/admin/settings', { referralRewardsPerMonth: 2 }, { token: admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const { referrer, cookie, friend } = await referred();
      const friends = [friend, await friendOf(cookie), await friendOf(cookie)];
      for (const each of friends) await paid(each.id, 20);
      expect((await ctx.app.referrals.runDue()).granted).toBe(2);
      expect((await ctx.app.referrals.runDue()).granted).toBe(0);
      const rewards = await api.get('/api/referrals', { token: referrer.token });
      expect(rewards.body.rewards).toHaveLength(2);
      try {
        ctx.clock.offsetMs = 32 * DAY;
        expect((await ctx.app.referrals.runDue()).granted).toBe(1);
      } finally {
        ctx.clock.offsetMs = 0;
      }
    } finally {
      await api.put('/api/admin/settings', { referralRewardsPerMonth: 5 }, { token: admin.token });
    }
  });

  it('flags on the admin referrals page the referred accounts opened from one address', async () => {
    const admin = await signUp();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const { referrer, cookie } = await referred('198.51.100.20');
    await friendOf(cookie, '198.51.100.20');
    await friendOf(cookie, '198.51.100.21');
    const page = await api.get(`/api/admin/referrals/referrer/${referrer.id}/telegram`, { token: admin.token });
    expect(page.status).toBe(200);
    const flags = page.body.data.referred.map((row: { sameAddress: number }) => row.sameAddress).sort();
    expect(flags).toEqual([0, 1, 1]);
    const [row] = await ctx.database.db.select().from(referrals).where(eq(referrals.referrerId, referrer.id));
    expect(JSON.stringify(row)).not.toContain('198.51.100');
    expect(
      (await api.get(`/api/admin/referrals/referrer/${referrer.id}/telegram`, { token: referrer.token })).status,
    ).toBe(403);
  });
});
