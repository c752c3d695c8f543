import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { orders, outboxEmails, paymentInbox, purchases, subscriptions, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { fakePaypal, fakeYookassa } from './helpers/fake-providers.ts';
import { client, registration } from './helpers/http.ts';

let yookassa: Awaited<ReturnType<typeof fakeYookassa>>;
let paypal: Awaited<ReturnType<typeof fakePaypal>>;
beforeAll(async () => {
  yookassa = await fakeYookassa();
  paypal = await fakePaypal();
});
afterAll(async () => {
  await yookassa?.close();
  await paypal?.close();
});

const ctx = useTestApp(() => ({
  payments: {
    yookassa: { ...yookassa.credentials, apiUrl: yookassa.url },
    paypal: { ...paypal.credentials, apiUrl: paypal.url },
    testProvider: true,
  },
}));
const api = client(() => ctx.app);
const DAY = 86_400_000;
const YOOKASSA_IP = '185.71.76.10';

async function signUp(lang = 'ru') {
  const reply = await api.post('/api/auth/register', registration({ lang }));
  return { token: reply.body.token as string, id: reply.body.user.id as string };
}
async function admin() {
  const account = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
  return account;
}
/** Lets the background processing of notifications finish. */
const settled = async () => {
  await ctx.app.payments.idle();
  await ctx.app.payments.payments.processInbox();
};
const orderRow = async (id: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const purchasesOf = (userId: string) => ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
const yookassaNotice = (event: string, id: string) => ({
  type: 'notification',
  event,
  object: { id, status: event.split('.')[1], amount: { value: '1.00', currency: 'RUB' } },
});

describe('the catalogue', () => {
  it('lists the programmes and plans with minor-unit prices, texts in every language and variations', async () => {
    const reply = await api.get('/api/products?include_variations=true&parent_only=true&lang=en&limit=50');
    expect(reply.status).toBe(200);
    const byId = Object.fromEntries(reply.body.products.map((p: { id: string }) => [p.id, p]));
    expect(byId['13days']).toMatchObject({
      price_rub: 2900,
      price_usd: 29,
      prices: { RUB: 290000, USD: 2900 },
      level: 1,
      days: 13,
    });
    expect(byId['260days']).toMatchObject({ price_rub: 5900, price_usd: 59, level: 2, days: 260 });
    expect(byId['13moons']).toMatchObject({
      price_rub: 12900,
      price_usd: 129,
      level: 3,
      days: 365,
      has_variations: true,
    });
    expect(byId['13moons'].variations.map((v: { id: string }) => v.id)).toEqual([
      '13moons_simple',
      '13moons_webstudio',
    ]);
    expect(byId['13moons_simple']).toBeUndefined();
    expect(byId.basic_monthly).toMatchObject({ type: 'subscription', recur: true, price_rub: 490 });
    for (const lang of ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar']) {
      expect(byId['13days'].name_i18n[lang], lang).toBeTruthy();
      expect(byId['13days'].descr_short_i18n[lang], lang).toBeTruthy();
    }
    expect(byId['13days'].name).toBe('13 Days');

    const page = await api.get('/api/products?limit=2&page=2');
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 2 });
    expect(page.body.products).toHaveLength(2);
    expect(
      (await api.get('/api/products?search=moons&parent_only=true')).body.products.map((p: { id: string }) => p.id),
    ).toEqual(['13moons']);
    expect(
      (await api.get('/api/products?category=subscriptions')).body.products.every(
        (p: { type: string }) => p.type === 'subscription',
      ),
    ).toBe(true);
    expect((await api.get('/api/products/13moons/variations?lang=ru')).body.variations).toHaveLength(2);
    expect((await api.get('/api/products/13days')).body.product.id).toBe('13days');
    expect((await api.get('/api/products/nothing')).body.error.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('lets only administrators empty the caches, and says how many entries went', async () => {
    const user = await signUp();
    const boss = await admin();
    await api.get('/api/products');
    expect((await api.post('/api/products/cache/clear')).status).toBe(401);
    expect((await api.post('/api/products/cache/clear', {}, { token: user.token })).status).toBe(403);
    const cleared = await api.post('/api/products/cache/clear', {}, { token: boss.token });
    expect(cleared.body).toMatchObject({ success: true, clearedEntries: 1 });
    await api.get('/api/calendar/day/2012-12-21');
    await api.get('/api/calendar/day/2012-12-22');
    const calc = await api.post('/api/calculations/clear-cache', {}, { token: boss.token });
    expect(calc.body.clearedEntries).toBeGreaterThanOrEqual(2);
    expect(calc.body.message).toMatch(/^Backend cache cleared: \d+ entries$/);
    expect((await api.post('/api/calculations/clear-cache', {}, { token: user.token })).status).toBe(403);
  });
});

describe('the built-in test provider', () => {
  it('sells 13 Days end to end: order, Pay, the notification, the purchase and the history', async () => {
    const buyer = await signUp();
    const created = await api.post(
      '/api/orders',
      { product_id: '13days', provider: 'test', source: 'test' },
      { token: buyer.token },
    );
    expect(created.status).toBe(201);
    const { order, confirmation_url } = created.body.data;
    expect(order).toMatchObject({
      status: 'pending',
      amount: 290000,
      currency: 'RUB',
      provider: 'test',
      product_name: '13 дней',
    });
    const paymentId = new URL(confirmation_url).searchParams.get('test_payment');
    expect(confirmation_url).toContain('/payment?test_payment=');

    // Nobody else sees or completes the payment.
    const other = await signUp();
    expect((await api.get(`/api/payments/test-provider/${paymentId}`, { token: other.token })).status).toBe(404);
    expect((await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: other.token })).status).toBe(
      404,
    );
    expect((await api.post(`/api/payments/test-provider/${paymentId}/pay`, {})).status).toBe(401);
    expect((await api.get(`/api/orders/${order.id}`, { token: other.token })).status).toBe(404);
    expect((await api.get(`/api/orders/${order.id}`)).status).toBe(401);

    // Nothing is granted before the provider says so.
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
    const paid = await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
    expect(paid.body.payment.status).toBe('succeeded');
    await settled();

    const read = await api.get(`/api/orders/${order.id}`, { token: buyer.token });
    expect(read.body.data.order).toMatchObject({ status: 'paid', payer_id: expect.any(String) });
    expect(read.body.data.order.events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'payment_created',
      'paid',
    ]);
    const [purchase] = await purchasesOf(buyer.id);
    expect(purchase).toMatchObject({ productName: 'main', productLevel: 1, productId: '13days', orderId: order.id });
    const check = await api.get('/api/bot/payments/by-product?product_name=main&product_level=1', {
      token: buyer.token,
    });
    expect(check.body.data.hasPurchase).toBe(true);
    const history = await api.get('/api/payments?lang=en', { token: buyer.token });
    expect(history.body.payments).toHaveLength(1);
    expect(history.body.payments[0]).toMatchObject({ id: order.id, status: 'paid', product_name: '13 Days' });
    expect((await api.get('/api/payments', { token: other.token })).body.payments).toHaveLength(0);

    const boss = await admin();
    expect((await api.get(`/api/orders/${order.id}`, { token: boss.token })).body.data.order.status).toBe('paid');

    // Paying twice changes nothing.
    await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
    await settled();
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
    const receipts = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, buyer.id), eq(outboxEmails.kind, 'paymentReceipt')));
    expect(receipts).toHaveLength(1);
  });

  it('writes an Arabic buyer’s receipt in Arabic: the amount, the date and the product as Arabic pages write them', async () => {
    const buyer = await signUp('ar');
    const created = await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token });
    const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
    await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
    await settled();
    const [receipt] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, buyer.id), eq(outboxEmails.kind, 'paymentReceipt')));
    const day = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'long', timeZone: 'UTC', calendar: 'gregory' }).format(
      new Date(),
    );
    expect(receipt?.textBody).toContain(day);
    expect(receipt?.textBody).toContain('٢٩٫٠٠');
    expect(receipt?.textBody).toContain('13 يومًا');
    expect(receipt?.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}|\$29/);
  });

  it('marks a declined payment cancelled and grants nothing; Pay afterwards is refused by the provider', async () => {
    const buyer = await signUp('en');
    const created = await api.post('/api/orders', { product_id: '260days', provider: 'test' }, { token: buyer.token });
    expect(created.body.data.order).toMatchObject({ amount: 5900, currency: 'USD' });
    const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
    await api.post(`/api/payments/test-provider/${paymentId}/decline`, {}, { token: buyer.token });
    await settled();
    expect((await orderRow(created.body.data.order.id))?.status).toBe('cancelled');
    const again = await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
    expect(again.body.payment.status).toBe('canceled');
    await settled();
    expect((await orderRow(created.body.data.order.id))?.status).toBe('cancelled');
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
  });

  it('applies an active promo code and refuses an unknown one without writing an order', async () => {
    const boss = await admin();
    await api.post(
      '/api/admin/promo-codes',
      { code: 'MOON20', discount_percentage: 20, valid_until: '2099-01-01' },
      { token: boss.token },
    );
    const buyer = await signUp();
    const created = await api.post(
      '/api/orders',
      { product_id: '13days', provider: 'test', promo_code: 'moon20' },
      { token: buyer.token },
    );
    expect(created.body.data.order).toMatchObject({ amount: 232000, list_amount: 290000, promo_code: 'MOON20' });
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from orders`);
    const refused = await api.post('/api/orders', { product_id: '13days', promo_code: 'NOPE' }, { token: buyer.token });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'PROMO_INVALID' } } });
    const after = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from orders`);
    expect(after).toEqual(before);
  });

  it('refuses guests before reading the body, and bad bodies with the envelope', async () => {
    const guest = await api.post('/api/orders', { nonsense: true });
    expect(guest).toMatchObject({ status: 401, body: { success: false, error: { code: 'UNAUTHORIZED' } } });
    const buyer = await signUp();
    for (const body of [
      {},
      { product_id: '13days', plan_id: 'basic_monthly' },
      { plan_id: 'free' },
      { product_id: '13days', provider: 'stripe' },
    ]) {
      const reply = await api.post('/api/orders', body, { token: buyer.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.success).toBe(false);
    }
    expect((await api.post('/api/orders', { product_id: 'none' }, { token: buyer.token })).status).toBe(404);
  });
});

describe('YooKassa', () => {
  it('creates the payment with our idempotence key and a receipt, retrying a 500 with the same key', async () => {
    const buyer = await signUp();
    yookassa.failNext(1);
    const created = await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token });
    expect(created.status).toBe(201);
    const { order, confirmation_url } = created.body.data;
    expect(order.provider).toBe('yookassa');
    expect(confirmation_url).toMatch(/^https:\/\/yoomoney\.test\/checkout\//);
    const sent = yookassa.requests.filter((r) => r.method === 'POST' && r.key === `order-${order.id}`);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({
      amount: { value: '2900.00', currency: 'RUB' },
      capture: true,
      metadata: { order_id: order.id },
      receipt: { customer: { email: expect.any(String) }, items: [{ quantity: '1.00', vat_code: 1 }] },
    });
    expect([...yookassa.payments.values()].filter((p) => p.metadata.order_id === order.id)).toHaveLength(1);
  });

  it('trusts only notifications from its addresses, and then only the status fetched back', async () => {
    const buyer = await signUp();
    const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;

    // From another address: refused, nothing kept.
    const forged = await api.post('/api/payments/webhooks/yookassa', yookassaNotice('payment.succeeded', paymentId), {
      ip: '203.0.113.9',
    });
    expect(forged).toMatchObject({ status: 403, body: { error: { code: 'NOTIFICATION_REJECTED' } } });
    expect(
      await ctx.database.db.select().from(paymentInbox).where(eq(paymentInbox.providerPaymentId, paymentId)),
    ).toHaveLength(0);

    // From YooKassa's address but the payment is still pending there: nothing moves.
    const early = await api.post('/api/payments/webhooks/yookassa', yookassaNotice('payment.succeeded', paymentId), {
      ip: YOOKASSA_IP,
    });
    expect(early.status).toBe(200);
    await settled();
    expect((await orderRow(order.id))?.status).toBe('pending');

    yookassa.settle(paymentId, 'succeeded');
    const late = await api.post(
      '/api/payments/webhooks/yookassa',
      yookassaNotice('payment.waiting_for_capture', paymentId),
      { ip: YOOKASSA_IP },
    );
    expect(late.status).toBe(200);
    await settled();
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect(await purchasesOf(buyer.id)).toHaveLength(1);

    // Duplicates, replays and an out-of-order cancellation change nothing.
    for (const event of ['payment.succeeded', 'payment.succeeded', 'payment.canceled']) {
      expect(
        (await api.post('/api/payments/webhooks/yookassa', yookassaNotice(event, paymentId), { ip: YOOKASSA_IP }))
          .status,
      ).toBe(200);
    }
    yookassa.settle(paymentId, 'canceled');
    await ctx.app.payments.payments.processInbox();
    await settled();
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
  });

  it('grants nothing for a tampered amount or a payment no order knows', async () => {
    const buyer = await signUp();
    const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
    yookassa.settle(paymentId, 'succeeded', { amount: '1.00' });
    await api.post('/api/payments/webhooks/yookassa', yookassaNotice('payment.succeeded', paymentId), {
      ip: YOOKASSA_IP,
    });
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);

    const unknown = await api.post(
      '/api/payments/webhooks/yookassa',
      yookassaNotice('payment.succeeded', 'yk-unknown'),
      { ip: YOOKASSA_IP },
    );
    expect(unknown.status).toBe(200);
    await settled();
    const [kept] = await ctx.database.db
      .select()
      .from(paymentInbox)
      .where(eq(paymentInbox.providerPaymentId, 'yk-unknown'));
    expect(kept?.processedAt).not.toBeNull();
    expect(kept?.lastError).toMatch(/no order/);
  });

  it('marks a declined payment failed with the reason, and reads the status on the result page', async () => {
    const buyer = await signUp();
    const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
    yookassa.settle(paymentId, 'canceled', { reason: 'insufficient_funds' });
    // No notification yet: the result page asks with refresh, and the fetched status moves the order.
    const read = await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    expect(read.body.data.order).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
  });

  it('refunds in part and in full through the API; a full refund takes back the programme', async () => {
    const boss = await admin();
    const buyer = await signUp();
    const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
    yookassa.settle(paymentId, 'succeeded');
    await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    expect(await purchasesOf(buyer.id)).toHaveLength(1);

    const url = `/api/admin/payments/${order.id}/refund`;
    expect((await api.post(url, { reason: 'asked' })).status).toBe(401);
    expect((await api.post(url, { reason: 'asked' }, { token: buyer.token })).status).toBe(403);
    expect((await api.post(url, { amount: 999999999, reason: 'too much' }, { token: boss.token })).status).toBe(400);
    const part = await api.post(url, { amount: 90000, reason: 'a goodwill refund' }, { token: boss.token });
    expect(part.body.data.order).toMatchObject({ status: 'partially_refunded', refunded_amount: 90000 });
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
    const rest = await api.post(url, { reason: 'the buyer changed their mind' }, { token: boss.token });
    expect(rest.body.data.order).toMatchObject({ status: 'refunded', refunded_amount: 290000 });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
    expect(yookassa.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount.value)).toEqual([
      '900.00',
      '2000.00',
    ]);
    expect((await api.post(url, { reason: 'again' }, { token: boss.token })).body.error.code).toBe('NOT_REFUNDABLE');
  });
});

describe('PayPal', () => {
  it('creates an order with an approval link, verifies webhooks by PayPal, captures once and grants', async () => {
    const buyer = await signUp('en');
    const created = await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token });
    const { order, confirmation_url } = created.body.data;
    expect(order).toMatchObject({ provider: 'paypal', currency: 'USD', amount: 2900 });
    expect(confirmation_url).toMatch(/^https:\/\/paypal\.test\/checkoutnow\?token=PP-/);
    const paypalId = (await orderRow(order.id))?.providerPaymentId as string;

    const event = { id: 'WH-EVT-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: paypalId } };
    const headers = (sig: string) => ({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.test/cert',
      'paypal-transmission-id': 'T-1',
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': new Date().toISOString(),
    });
    const forged = await api.post('/api/payments/webhooks/paypal', event, { headers: headers('forged') });
    expect(forged.status).toBe(403);
    expect(
      await ctx.database.db.select().from(paymentInbox).where(eq(paymentInbox.providerPaymentId, paypalId)),
    ).toHaveLength(0);

    paypal.approve(paypalId);
    expect(
      (await api.post('/api/payments/webhooks/paypal', event, { headers: headers('valid-signature') })).status,
    ).toBe(200);
    expect(
      (await api.post('/api/payments/webhooks/paypal', event, { headers: headers('valid-signature') })).status,
    ).toBe(200);
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', payerId: 'PAYER-123' });
    expect(paypal.captures.filter((id) => id === paypalId)).toHaveLength(1);
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
  });
});

describe('recurring billing', () => {
  async function subscribe(lang = 'ru') {
    const buyer = await signUp(lang);
    const created = await api.post(
      '/api/orders',
      { plan_id: 'basic_monthly', provider: 'test', save_payment_method: true },
      { token: buyer.token },
    );
    const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
    await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
    await settled();
    const [subscription] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    return { buyer, subscription };
  }
  const renewalsOf = (subscriptionId: number) =>
    ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.kind, 'renewal')));

  it('starts the plan with the saved method, reminds, renews exactly once even with two processes', async () => {
    const { buyer, subscription } = await subscribe();
    expect(subscription).toMatchObject({ planId: 'basic_monthly', status: 'active', autoRenew: true, source: 'test' });
    expect(subscription?.paymentMethodId).toMatch(/^test-method-/);
    const status = await api.get('/api/subscriptions/active-status', { token: buyer.token });
    expect(status.body).toMatchObject({ subscriptionLevel: 1, subscriptionActive: true });
    if (!subscription) throw new Error('no subscription');

    try {
      ctx.clock.offsetMs = 28 * DAY;
      await ctx.app.payments.runDue();
      const reminders = await ctx.database.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.userId, buyer.id), eq(outboxEmails.kind, 'renewalReminder')));
      expect(reminders).toHaveLength(1);

      ctx.clock.offsetMs = 30 * DAY + 60_000;
      // A second server process on the same database, running the scheduler at the same moment.
      const second = await buildApp({
        database: ctx.database,
        config: ctx.config,
        now: () => new Date(Date.now() + ctx.clock.offsetMs),
      });
      await second.ready();
      await Promise.all([ctx.app.payments.runDue(), second.payments.runDue(), ctx.app.payments.runDue()]);
      await ctx.app.subscriptions.runDue();
      await second.close();

      const renewals = await renewalsOf(subscription.id);
      expect(renewals).toHaveLength(1);
      expect(renewals[0]).toMatchObject({ status: 'paid', amount: 49000, currency: 'RUB' });
      const [renewed] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      expect(renewed?.status).toBe('active');
      expect(renewed?.currentPeriodEnd.getTime()).toBe(subscription.currentPeriodEnd.getTime() + 30 * DAY);
      await ctx.app.payments.runDue();
      expect(await renewalsOf(subscription.id)).toHaveLength(1);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('retries a declined renewal after 1, 2 and 4 days, emails the buyer, then lets the plan lapse', async () => {
    const { buyer, subscription } = await subscribe();
    if (!subscription) throw new Error('no subscription');
    await ctx.database.db
      .update(subscriptions)
      .set({ paymentMethodId: 'test-method-decline' })
      .where(eq(subscriptions.id, subscription.id));
    try {
      let at = 30 * DAY + 60_000;
      for (const [attempt, gap] of [
        [1, 1],
        [2, 2],
        [3, 4],
        [4, 0],
      ] as const) {
        ctx.clock.offsetMs = at;
        await ctx.app.payments.runDue();
        await ctx.app.subscriptions.runDue();
        const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
        expect(row?.renewalAttempts, `attempt ${attempt}`).toBe(attempt);
        if (attempt < 4) expect(row?.status).toBe('active');
        at += gap * DAY + 60_000;
      }
      const [lapsed] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      expect(lapsed).toMatchObject({ status: 'expired', autoRenew: false });
      const failures = await renewalsOf(subscription.id);
      expect(failures.map((o) => o.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
      const mails = await ctx.database.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.userId, buyer.id), eq(outboxEmails.kind, 'paymentFailed')));
      expect(mails).toHaveLength(4);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('stops renewing when cancelled, and moves the charge with a pause', async () => {
    const { buyer, subscription } = await subscribe();
    if (!subscription) throw new Error('no subscription');
    await api.post('/api/subscriptions/pause', { days: 7 }, { token: buyer.token });
    let [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row?.nextChargeAt).toBeNull();
    await api.post('/api/subscriptions/resume', {}, { token: buyer.token });
    [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row?.nextChargeAt?.getTime()).toBe(row?.currentPeriodEnd.getTime());
    await api.post('/api/subscriptions/cancel', {}, { token: buyer.token });
    try {
      ctx.clock.offsetMs = 31 * DAY;
      await ctx.app.payments.runDue();
      await ctx.app.subscriptions.runDue();
      expect(await renewalsOf(subscription.id)).toHaveLength(0);
      [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      expect(row?.status).toBe('expired');
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('renews a YooKassa subscription on its saved card with a per-period idempotence key', async () => {
    const buyer = await signUp();
    const { order } = (
      await api.post('/api/orders', { plan_id: 'premium_monthly', save_payment_method: true }, { token: buyer.token })
    ).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
    yookassa.settle(paymentId, 'succeeded');
    await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    const [subscription] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(subscription).toMatchObject({
      planId: 'premium_monthly',
      paymentMethodId: `pm-${paymentId}`,
      autoRenew: true,
    });
    try {
      ctx.clock.offsetMs = 30 * DAY + 60_000;
      await ctx.app.payments.runDue();
      const charge = yookassa.requests.find(
        (r) =>
          r.method === 'POST' && (r.body as { payment_method_id?: string })?.payment_method_id === `pm-${paymentId}`,
      );
      expect(charge?.key).toMatch(new RegExp(`^renewal-${subscription?.id}-`));
      const [renewed] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
      expect(renewed?.currentPeriodEnd.getTime()).toBe((subscription?.currentPeriodEnd.getTime() ?? 0) + 30 * DAY);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});
