import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchases, referralClicks, referrals, subscriptions, users } from '../src/db/schema.ts';
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

/** A payment as the payments module writes it: one row in purchases, made `daysAgo` days before the app's now. */
async function paid(userId: string, daysAgo: number, source = 'yookassa') {
  const [row] = await ctx.database.db
    .insert(purchases)
    .values({
      userId,
      productName: '13days',
      productLevel: 1,
      source,
      createdAt: new Date(Date.now() + ctx.clock.offsetMs - daysAgo * DAY),
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
