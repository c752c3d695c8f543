import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);
const DAY = 86_400_000;

async function signUp(cookie?: string) {
  const reply = await http.post(
    '/api/auth/register',
    registration(),
    cookie ? { headers: { cookie }, ip: newAddress() } : { ip: newAddress() },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return {
    token: reply.body.token as string,
    id: reply.body.user.id as string,
    email: reply.body.user.email as string,
  };
}
async function click(slug: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/r/${slug}`, remoteAddress: newAddress() });
  return String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';
}

let boss: Awaited<ReturnType<typeof signUp>>;
let referrer: Awaited<ReturnType<typeof signUp>>;
let friend: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  boss = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
  referrer = await signUp();
  const link = (await http.post('/api/referrals/links', { source: 'telegram' }, { token: referrer.token })).body.link;
  const other = (await http.post('/api/referrals/links', { source: 'vk' }, { token: referrer.token })).body.link;
  await click(other.slug);
  friend = await signUp(await click(link.slug));
  await signUp(await click(link.slug));
  // The friend's first payment, past the refund window: the referrer earns the reward.
  const paidAt = new Date(Date.now() - 20 * DAY);
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      userId: friend.id,
      productId: '13days',
      kind: 'purchase',
      status: 'paid',
      amount: 290000,
      listAmount: 290000,
      currency: 'RUB',
      provider: 'yookassa',
      lang: 'ru',
      paidAt,
      createdAt: paidAt,
    })
    .returning({ id: orders.id });
  await ctx.database.db.insert(purchases).values({
    userId: friend.id,
    productName: '13days',
    productLevel: 1,
    source: 'yookassa',
    orderId: order?.id,
    createdAt: paidAt,
  });
  expect((await ctx.app.referrals.runDue()).granted).toBe(1);
});

describe('the admin referral pages', () => {
  it('answers guests 401 and users 403', async () => {
    for (const url of ['/api/admin/referrals', `/api/admin/referrals/referrer/${referrer.id}/telegram`]) {
      expect((await http.get(url)).status, url).toBe(401);
      expect((await http.get(url, { token: referrer.token })).status, url).toBe(403);
    }
  });

  it('lists referrers by source with clicks, sign-ups, purchases and rewards, sorted and as CSV', async () => {
    const reply = await http.get('/api/admin/referrals?sort=clicks&order=desc', { token: boss.token });
    expect(reply.status).toBe(200);
    const mine = reply.body.data.filter((row: { referrerId: string }) => row.referrerId === referrer.id);
    expect(mine).toEqual([
      expect.objectContaining({
        source: 'telegram',
        clicks: 2,
        signups: 2,
        purchases: 1,
        rewardsGranted: 1,
        rewardsReversed: 0,
        daysGranted: 30,
      }),
      expect.objectContaining({ source: 'vk', clicks: 1, signups: 0, purchases: 0 }),
    ]);
    const filtered = await http.get('/api/admin/referrals?source=vk', { token: boss.token });
    expect(filtered.body.data.every((row: { source: string }) => row.source === 'vk')).toBe(true);
    expect((await http.get('/api/admin/referrals?sort=nothing', { token: boss.token })).status).toBe(400);
    expect((await http.get('/api/admin/referrals?source=a%20b', { token: boss.token })).status).toBe(400);
    const csv = await http.get('/api/admin/referrals?format=csv', { token: boss.token });
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.body)).toContain('referrer_id,email,source,links,clicks,signups,purchases');
    expect(String(csv.body)).toContain(`${referrer.id},${referrer.email},telegram,1,2,2,1,1,0,30`);
  });

  it('shows one referrer’s daily clicks, referred users and rewards', async () => {
    const reply = await http.get(`/api/admin/referrals/referrer/${referrer.id}/telegram`, { token: boss.token });
    expect(reply.status).toBe(200);
    const { data } = reply.body;
    expect(data.clicksPerDay).toHaveLength(30);
    expect(data.clicksPerDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(2);
    expect(data.referred).toHaveLength(2);
    expect(data.referred.find((row: { userId: string }) => row.userId === friend.id).purchases).toBe(1);
    expect(data.rewards).toEqual([
      expect.objectContaining({ referredEmail: friend.email, days: 30, status: 'granted' }),
    ]);
    expect((await http.get(`/api/admin/referrals/referrer/${referrer.id}/email`, { token: boss.token })).status).toBe(
      404,
    );
    expect((await http.get('/api/admin/referrals/referrer/not-a-uuid/telegram', { token: boss.token })).status).toBe(
      400,
    );
  });
});
