import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, subscriptionEvents, subscriptions, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const ctx = useTestApp(() => ({ payments: { testProvider: true } }));
const api = client(() => ctx.app);
const DAY = 86_400_000;

async function signUp() {
  const body = registration();
  const reply = await api.post('/api/auth/register', body, { ip: newAddress() });
  return { token: reply.body.token as string, id: reply.body.user.id as string, email: body.email as string };
}
async function admin() {
  const account = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
  return account;
}
const latestAudit = async () =>
  (await ctx.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1))[0];

/** A 13 Days order paid through the built-in test provider, optionally with a promo code. */
async function paidOrder(buyer: { token: string }, promo_code?: string) {
  const created = await api.post(
    '/api/orders',
    { product_id: '13days', provider: 'test', source: 'test', ...(promo_code ? { promo_code } : {}) },
    { token: buyer.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { order, confirmation_url } = created.body.data;
  const paymentId = new URL(confirmation_url).searchParams.get('test_payment');
  await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
  await ctx.app.payments.idle();
  await ctx.app.payments.payments.processInbox();
  return order as { id: string; amount: number };
}

describe('payments', () => {
  it('lists payments by status, provider and user, shows the timeline, and refunds in part with an audit row', async () => {
    const boss = await admin();
    const buyer = await signUp();
    const order = await paidOrder(buyer);
    const list = await api.get(`/api/admin/payments?user=${encodeURIComponent(buyer.email)}&provider=test`, {
      token: boss.token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toMatchObject([
      { id: order.id, user_email: buyer.email, status: 'paid', provider: 'test', amount: order.amount },
    ]);
    expect(
      (await api.get(`/api/admin/payments?user=${buyer.id}&status=refunded`, { token: boss.token })).body.data,
    ).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await api.get(`/api/admin/payments?user=${buyer.id}&from=${today}&to=${today}`, { token: boss.token })).body
        .pagination.total,
    ).toBe(1);

    const refund = await api.post(
      `/api/admin/payments/${order.id}/refund`,
      { amount: 1000, reason: 'partly unhappy' },
      { token: boss.token },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.data.order).toMatchObject({ status: 'partially_refunded', refunded_amount: 1000 });
    expect(await latestAudit()).toMatchObject({
      actorId: boss.id,
      action: 'payment.refund',
      targetType: 'order',
      targetId: order.id,
      reason: 'partly unhappy',
      after: expect.objectContaining({ amount: 1000, refunded_amount: 1000, status: 'partially_refunded' }),
    });

    const detail = await api.get(`/api/admin/payments/${order.id}`, { token: boss.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'payment_created',
      'paid',
      'refund_requested',
      'refunded',
    ]);
    expect((await api.get(`/api/admin/payments/${crypto.randomUUID()}`, { token: boss.token })).status).toBe(404);
    const csv = await api.get(`/api/admin/payments?user=${buyer.id}&format=csv`, { token: boss.token });
    expect(String(csv.body)).toContain(order.id);
  });
});

describe('subscriptions', () => {
  it('lists by status and plan, and extends, pauses, resumes and cancels with an event and an audit row each', async () => {
    const boss = await admin();
    const user = await signUp();
    await api.post(
      `/api/admin/users/${user.id}/subscription`,
      { plan_id: 'basic_monthly', days: 10, reason: 'trial' },
      {
        token: boss.token,
      },
    );
    const list = await api.get(`/api/admin/subscriptions?user=${user.id}&status=active&plan=basic_monthly`, {
      token: boss.token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const [row] = list.body.data;
    expect(row).toMatchObject({ user_email: user.email, plan_id: 'basic_monthly', status: 'active', source: 'admin' });
    const act = (action: string, body: object) =>
      api.post(`/api/admin/subscriptions/${row.id}/${action}`, body, { token: boss.token });

    const extended = await act('extend', { days: 5, reason: 'apology' });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(Date.parse(extended.body.data.current_period_end) - Date.parse(row.current_period_end)).toBe(5 * DAY);
    expect(await latestAudit()).toMatchObject({ action: 'subscription.extend', targetId: String(row.id) });

    expect((await act('extend', { reason: 'no days' })).status).toBe(400);
    expect((await act('resume', { reason: 'not paused' })).status).toBe(409);
    const paused = await act('pause', { days: 7, reason: 'travelling' });
    expect(paused.body.data.status).toBe('paused');
    const resumed = await act('resume', { reason: 'back' });
    expect(resumed.body.data.status).toBe('active');
    const cancelled = await act('cancel', { reason: 'asked to stop' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', auto_renew: false });
    expect((await act('pause', { days: 7, reason: 'too late' })).status).toBe(409);
    expect((await act('explode', { reason: 'no' })).status).toBe(400);
    expect((await act('cancel', {})).status).toBe(400);

    const events = await ctx.database.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(events.filter((e) => e.actor === 'admin').map((e) => e.toStatus)).toEqual([
      'active',
      'active',
      'paused',
      'active',
      'cancelled',
    ]);
    const audits = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, String(row.id)))
      .orderBy(adminAudit.id);
    expect(audits.map((a) => a.action)).toEqual([
      'subscription.extend',
      'subscription.pause',
      'subscription.resume',
      'subscription.cancel',
    ]);
    const [stored] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(stored?.status).toBe('cancelled');
  });
});

describe('promo codes', () => {
  it('creates, edits and withdraws codes with audit rows, and counts their use', async () => {
    const boss = await admin();
    const code = `ADM${Date.now() % 1_000_000}`;
    const validUntil = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const create = await api.post(
      '/api/admin/promo-codes',
      { code, discount_percentage: 10, valid_until: validUntil },
      { token: boss.token },
    );
    expect(create.status, JSON.stringify(create.body)).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'promo_code.create', targetId: code });
    await api.post(
      '/api/admin/promo-codes',
      { code, discount_percentage: 20, valid_until: validUntil, max_redemptions: null, per_user_limit: 2 },
      { token: boss.token },
    );
    expect(await latestAudit()).toMatchObject({
      action: 'promo_code.update',
      before: expect.objectContaining({ discount_percentage: '10.00', max_redemptions: 1, per_user_limit: 1 }),
      after: expect.objectContaining({ maxRedemptions: null, perUserLimit: 2, public: false }),
    });
    const buyer = await signUp();
    await paidOrder(buyer, code);
    // A second order, of another programme (the first is owned now), waits unpaid.
    await api.post(
      '/api/orders',
      { product_id: '260days', provider: 'test', promo_code: code },
      { token: buyer.token },
    );

    const list = await api.get('/api/admin/promo-codes?sort=code&order=asc&active=true', { token: boss.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.find((p: { code: string }) => p.code === code)).toMatchObject({
      discount_percentage: 20,
      active: true,
      public: false,
      max_redemptions: null,
      per_user_limit: 2,
      used: 1,
      started: 1,
    });
    expect((await api.delete(`/api/admin/promo-codes/${code}`, { token: boss.token })).status).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'promo_code.withdraw', targetId: code });
    const withdrawn = await api.get('/api/admin/promo-codes?active=false', { token: boss.token });
    expect(withdrawn.body.data.map((p: { code: string }) => p.code)).toContain(code);
  });
});

describe('products', () => {
  it('creates, edits and reorders products with audit rows, and the shop sees the change at once', async () => {
    const boss = await admin();
    const all = await api.get('/api/admin/products?limit=200', { token: boss.token });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const original = all.body.data.find((p: { id: string }) => p.id === '13days');
    expect(original).toMatchObject({ price_rub: 290000, show: true });
    // The shop reads the product once, so it sits in the products cache.
    expect((await api.get('/api/products/13days?lang=en')).body.product.prices.RUB).toBe(290000);

    const { id: _id, created_at: _c, updated_at: _u, ...fields } = original;
    const edited = await api.put(
      '/api/admin/products/13days',
      { ...fields, price_rub: 310000, name_i18n: { ...fields.name_i18n, en: '13 Days, renewed' } },
      { token: boss.token },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ price_rub: 310000 });
    const shop = (await api.get('/api/products/13days?lang=en')).body.product;
    expect(shop).toMatchObject({ name: '13 Days, renewed', prices: { RUB: 310000 } });
    expect(await latestAudit()).toMatchObject({
      action: 'product.update',
      targetId: '13days',
      before: expect.objectContaining({ price_rub: 290000 }),
      after: expect.objectContaining({ price_rub: 310000 }),
    });

    const created = await api.post(
      '/api/admin/products',
      {
        ...fields,
        id: 'e2e-trial',
        slug: 'e2e-trial',
        parent_id: '13days',
        name_i18n: { ru: 'Пробный', en: 'Trial' },
        show: false,
      },
      { token: boss.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await api.get('/api/products/e2e-trial')).status).toBe(404);
    const again = await api.post(
      '/api/admin/products',
      { ...fields, id: 'e2e-trial', slug: 'other' },
      {
        token: boss.token,
      },
    );
    expect(again.status).toBe(409);
    const ownParent = await api.put(
      '/api/admin/products/e2e-trial',
      { ...fields, slug: 'e2e-trial', parent_id: 'e2e-trial' },
      {
        token: boss.token,
      },
    );
    expect(ownParent.status).toBe(400);
    const badPrice = await api.put('/api/admin/products/13days', { ...fields, price_rub: 12.5 }, { token: boss.token });
    expect(badPrice.status).toBe(400);

    const reorder = await api.post(
      '/api/admin/products/reorder',
      { ids: ['e2e-trial', '13days'] },
      {
        token: boss.token,
      },
    );
    expect(reorder.status).toBe(200);
    const sorted = await api.get('/api/admin/products?sort=sort_order&order=asc&limit=200', { token: boss.token });
    const order = sorted.body.data.map((p: { id: string }) => p.id);
    expect(order.indexOf('e2e-trial')).toBeLessThan(order.indexOf('13days'));
    expect(sorted.body.data.find((p: { id: string }) => p.id === '13days').sort_order).toBe(20);
    expect(await latestAudit()).toMatchObject({ action: 'product.reorder' });
    expect((await api.post('/api/admin/products/reorder', { ids: ['nope'] }, { token: boss.token })).status).toBe(404);
  });
});
