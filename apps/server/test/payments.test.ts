import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { paymentsConfigFromEnv } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { orders, outboxEmails, paymentInbox, purchases, subscriptions, users } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { useTestApp } from './helpers/app.ts';
import { fakePaypal, fakeYookassa } from './helpers/fake-providers.ts';
import { client, registration } from './helpers/http.ts';
import {
  PAYPAL,
  paypalVaultedOrderRequestExample,
  YOOKASSA,
  yookassaPartialRefundExample,
} from './helpers/provider-fixtures.ts';

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
/** The letters of one kind sent to a user, oldest first. */
const lettersOf = (userId: string, kind: string) =>
  ctx.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.userId, userId), eq(outboxEmails.kind, kind)))
    .orderBy(asc(outboxEmails.createdAt));
const purchasesOf = (userId: string) => ctx.database.db.select().from(purchases).where(eq(purchases.userId, userId));
/** A buyer of 13 Days paid at YooKassa, with the programme granted. */
async function paidAtYookassa() {
  const buyer = await signUp();
  const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
  const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
  yookassa.settle(paymentId, 'succeeded');
  await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
  expect(await purchasesOf(buyer.id)).toHaveLength(1);
  return { buyer, order: order as { id: string }, paymentId };
}
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
    expect(check.body.data).toMatchObject({
      hasPurchase: true,
      hasAccess: true,
      productLevel: 1,
      activationType: 'next_wavespell',
    });
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

  it('writes an Arabic buyer’s receipt in Arabic: the amount, the date and the product as Arabic pages write them, in Western digits', async () => {
    const buyer = await signUp('ar');
    const created = await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token });
    const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
    await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: buyer.token });
    await settled();
    const [receipt] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, buyer.id), eq(outboxEmails.kind, 'paymentReceipt')));
    const day = new Intl.DateTimeFormat('ar-SA-u-nu-latn', {
      dateStyle: 'long',
      timeZone: 'UTC',
      calendar: 'gregory',
    }).format(new Date());
    expect(receipt?.textBody).toContain(day);
    expect(receipt?.textBody).toContain('29.00');
    // One digit script in Arabic, the readings' and the interface's: Western digits.
    expect(receipt?.textBody).not.toMatch(/[٠-٩]/);
    expect(receipt?.textBody).toContain('13 يومًا');
    expect(receipt?.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}|\$29/);
    // The link opens the payments page in the buyer's language.
    expect(receipt?.link).toMatch(/\/ar\/account\/payments$/);
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

  it('reads a refund made in YooKassa’s panel from its notification, and a full one takes the programme back', async () => {
    const { buyer, order, paymentId } = await paidAtYookassa();
    const notice = (refund: object) => ({ type: 'notification', event: 'refund.succeeded', object: refund });

    const part = yookassa.refundInPanel(paymentId, '900.00');
    const told = await api.post('/api/payments/webhooks/yookassa', notice(part), { ip: YOOKASSA_IP });
    expect(told.status).toBe(200);
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ status: 'partially_refunded', refundedAmount: 90000 });
    expect(await purchasesOf(buyer.id)).toHaveLength(1);

    const rest = yookassa.refundInPanel(paymentId, '2000.00');
    // From another address, or without the payment it belongs to: refused, nothing moves.
    const forged = await api.post('/api/payments/webhooks/yookassa', notice(rest), { ip: '203.0.113.9' });
    expect(forged.status).toBe(403);
    const bare = await api.post('/api/payments/webhooks/yookassa', notice({ ...rest, payment_id: undefined }), {
      ip: YOOKASSA_IP,
    });
    expect(bare.status).toBe(403);
    await settled();
    expect((await orderRow(order.id))?.status).toBe('partially_refunded');

    // The same notification twice moves the order once.
    for (let i = 0; i < 2; i++) {
      expect((await api.post('/api/payments/webhooks/yookassa', notice(rest), { ip: YOOKASSA_IP })).status).toBe(200);
    }
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refundedAmount: 290000 });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
    // One letter for each refund, naming what came back that time; the replay sends none.
    const letters = await lettersOf(buyer.id, 'paymentRefunded');
    expect(letters.map((l) => l.subject)).toEqual([
      expect.stringMatching(/: 900\s₽ за «13 дней»$/),
      expect.stringMatching(/: 2\s000\s₽ за «13 дней»$/),
    ]);
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
    const { buyer, order, paymentId } = await paidAtYookassa();

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
    const letters = await lettersOf(buyer.id, 'paymentRefunded');
    expect(letters).toHaveLength(2);
    expect(letters[0]).toMatchObject({ lang: 'ru', link: expect.stringMatching(/\/account\/payments$/) });
    expect(letters[0]?.textBody).toMatch(/вернули 900\s₽ из вашей оплаты за «13 дней»/);
  });
});

describe('two orders for one programme', () => {
  it('grants the first payment and refunds the second in full, even when both arrive at once', async () => {
    const buyer = await signUp();
    // Two tabs: both orders are made before either is paid, so neither is refused as already owned.
    const first = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data.order;
    const second = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data.order;
    const payments = await Promise.all([first, second].map(async (o) => (await orderRow(o.id))?.providerPaymentId));
    for (const id of payments) yookassa.settle(id as string, 'succeeded');
    await Promise.all([first, second].map((o) => api.get(`/api/orders/${o.id}?refresh=true`, { token: buyer.token })));
    await settled();

    expect(await purchasesOf(buyer.id)).toHaveLength(1);
    const rows = await Promise.all([first, second].map((o) => orderRow(o.id)));
    const kept = rows.find((row) => row?.status === 'paid');
    const returned = rows.find((row) => row?.status === 'refunded');
    expect(kept && returned).toBeTruthy();
    expect(returned).toMatchObject({ refundedAmount: 290000, refundPending: 0 });
    expect((await purchasesOf(buyer.id))[0]?.orderId).toBe(kept?.id);
    // One refund of the whole payment, of the second payment only.
    expect(yookassa.refunds.filter((r) => payments.includes(r.payment_id))).toEqual([
      expect.objectContaining({
        payment_id: returned?.providerPaymentId,
        amount: { value: '2900.00', currency: 'RUB' },
      }),
    ]);
    const read = await api.get(`/api/orders/${returned?.id}`, { token: buyer.token });
    expect(read.body.data.order.events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'payment_created',
      'paid',
      'refund_requested',
      'refunded',
    ]);
    // One receipt: the payment that went back sends none.
    const receipts = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, buyer.id), eq(outboxEmails.kind, 'paymentReceipt')));
    expect(receipts).toHaveLength(1);
    // The buyer is told why the second payment came back, in one letter, and gets no plain refund letter.
    const told = await lettersOf(buyer.id, 'duplicateRefunded');
    expect(told).toHaveLength(1);
    expect(told[0]?.textBody).toContain('Программа «');
    expect(await lettersOf(buyer.id, 'paymentRefunded')).toHaveLength(0);
    // The programme is still the buyer's.
    const check = await api.get('/api/bot/payments/by-product?product_name=main&product_level=1', {
      token: buyer.token,
    });
    expect(check.body.data).toMatchObject({ hasPurchase: true, hasAccess: true });
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

describe('the providers as their documentation describes them', () => {
  const yookassaPost = (path: string, body: unknown, key: string) =>
    fetch(`${yookassa.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${yookassa.credentials.shopId}:${yookassa.credentials.secretKey}`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotence-key': key,
      },
      body: JSON.stringify(body),
    });
  const receiptOf = (value: string) => ({
    customer: { email: 'buyer@example.com' },
    items: [{ description: 'Hunab: 13 дней', quantity: '1.00', amount: { value, currency: 'RUB' }, vat_code: 1 }],
  });
  const payment = (value: string, description = 'Hunab') => ({
    amount: { value, currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: 'https://hunab.test/back' },
    description,
    receipt: receiptOf(value),
  });

  it('keeps every key and text our adapters sent within the documented limits', () => {
    expect(yookassa.requests.length).toBeGreaterThan(0);
    for (const request of yookassa.requests.filter((r) => r.method === 'POST')) {
      expect(request.key?.length ?? 0).toBeLessThanOrEqual(YOOKASSA.idempotenceKeyMax);
    }
  });

  it('refuses at YooKassa a key over 64 characters, a long description, a badly written amount', async () => {
    expect((await yookassaPost('/payments', payment('2900.00'), 'k'.repeat(65))).status).toBe(400);
    expect((await yookassaPost('/payments', payment('2900.00'), 'k'.repeat(64))).status).toBe(200);
    expect((await yookassaPost('/payments', payment('2900.00', 'd'.repeat(129)), randomKey())).status).toBe(400);
    for (const value of ['2900', '2900.0', '2900.000', '29,00']) {
      expect((await yookassaPost('/payments', payment(value), randomKey())).status, value).toBe(400);
    }
    expect(YOOKASSA.amountValue.test(yookassaPartialRefundExample.amount.value)).toBe(true);
  });

  it('refuses at YooKassa a partial refund without its receipt, and more than was paid', async () => {
    const created = (await (await yookassaPost('/payments', payment('2900.00'), randomKey())).json()) as {
      id: string;
    };
    yookassa.settle(created.id, 'succeeded');
    const refund = (value: string, receipt?: unknown) => ({
      payment_id: created.id,
      amount: { value, currency: 'RUB' },
      ...(receipt ? { receipt } : {}),
    });
    expect((await yookassaPost('/refunds', refund('900.00'), randomKey())).status).toBe(400);
    expect((await yookassaPost('/refunds', refund('900.00', receiptOf('800.00')), randomKey())).status).toBe(400);
    expect((await yookassaPost('/refunds', refund('900.00', receiptOf('900.00')), randomKey())).status).toBe(200);
    expect((await yookassaPost('/refunds', refund('2000.01', receiptOf('2000.01')), randomKey())).status).toBe(400);
  });

  it('refuses at PayPal a long request id, a vaulted order without one, three decimals, a long description', async () => {
    const token = (
      (await (
        await fetch(`${paypal.url}/v1/oauth2/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${paypal.credentials.clientId}:${paypal.credentials.clientSecret}`).toString('base64')}`,
          },
          body: 'grant_type=client_credentials',
        })
      ).json()) as { access_token: string }
    ).access_token;
    const order = (body: unknown, requestId?: string) =>
      fetch(`${paypal.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
        },
        body: JSON.stringify(body),
      });
    const unit = (value: string, description = 'Hunab') => ({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value }, description }],
    });
    expect((await order(unit('29.00'), 'r'.repeat(109))).status).toBe(400);
    expect((await order(unit('29.00'), 'r'.repeat(108))).status).toBe(200);
    expect((await order(unit('29.001'), randomKey())).status).toBe(422);
    expect((await order(unit('29.00', 'd'.repeat(128)), randomKey())).status).toBe(400);
    expect((await order(paypalVaultedOrderRequestExample)).status).toBe(400);
    const vaulted = await order(paypalVaultedOrderRequestExample, randomKey());
    expect(vaulted.status).toBe(200);
    const answer = (await vaulted.json()) as {
      purchase_units: Array<{ payments: { captures: Array<{ status: string }> } }>;
    };
    expect(PAYPAL.captureStatuses).toContain(answer.purchase_units[0]?.payments.captures[0]?.status);
  });
});

const randomKey = () => `test-${Math.random().toString(36).slice(2)}`;

/** A YooKassa order for a new buyer, paid and applied through the result page's refresh. */
async function paidYookassaOrder(productId = '13days') {
  const buyer = await signUp();
  const { order } = (await api.post('/api/orders', { product_id: productId }, { token: buyer.token })).body.data;
  const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
  yookassa.settle(paymentId, 'succeeded');
  await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
  return { buyer, order, paymentId };
}
const paypalHeaders = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.paypal.test/cert',
  'paypal-transmission-id': 'T-2',
  'paypal-transmission-sig': 'valid-signature',
  'paypal-transmission-time': new Date().toISOString(),
};
const paypalEvent = (type: string, orderId: string) => ({
  id: `WH-${Math.random().toString(36).slice(2)}`,
  event_type: type,
  resource: type.startsWith('CHECKOUT.ORDER')
    ? { id: orderId }
    : { id: `CAP-${orderId}`, supplementary_data: { related_ids: { order_id: orderId } } },
});

describe('refunds', () => {
  it('accepts one of eight parallel refunds of 2,000 on a 2,900 order, with one call to the provider', async () => {
    const boss = await admin();
    const { order, paymentId } = await paidYookassaOrder();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post(
          `/api/admin/payments/${order.id}/refund`,
          { amount: 200000, reason: 'parallel' },
          { token: boss.token },
        ),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect([400, 409]).toContain(reply.status);
      expect(reply.body.success).toBe(false);
    }
    const calls = yookassa.requests.filter(
      (r) => r.path === '/refunds' && (r.body as { payment_id?: string }).payment_id === paymentId,
    );
    expect(calls).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 200000,
      refundPending: 0,
    });
  });

  it('sends the receipt of a partial refund with the VAT code the products editor set', async () => {
    const boss = await admin();
    const list = await api.get('/api/admin/products?limit=100', { token: boss.token });
    const { id, created_at, updated_at, ...fields } = list.body.data.find((p: { id: string }) => p.id === '260days');
    expect(fields.vat_code).toBe(1);
    const saved = await api.put('/api/admin/products/260days', { ...fields, vat_code: 4 }, { token: boss.token });
    expect(saved.body.data.vat_code).toBe(4);
    expect(
      (await api.put('/api/admin/products/260days', { ...fields, vat_code: 13 }, { token: boss.token })).status,
    ).toBe(400);

    const { order, paymentId } = await paidYookassaOrder('260days');
    const url = `/api/admin/payments/${order.id}/refund`;
    expect((await api.post(url, { amount: 100000, reason: 'part' }, { token: boss.token })).status).toBe(200);
    expect((await api.post(url, { reason: 'the rest' }, { token: boss.token })).status).toBe(200);
    const sent = yookassa.refunds.filter((r) => r.payment_id === paymentId);
    expect(sent.map((r) => r.receipt?.items?.map((item) => [item.amount?.value, Number(item.vat_code)]))).toEqual([
      [['1000.00', 4]],
      [['4900.00', 4]],
    ]);
    expect(sent[0]?.receipt?.customer?.email).toMatch(/@/);

    // A full refund in one go reuses the payment's receipt: none is sent.
    const whole = await paidYookassaOrder('260days');
    await api.post(`/api/admin/payments/${whole.order.id}/refund`, { reason: 'all' }, { token: boss.token });
    expect(yookassa.refunds.find((r) => r.payment_id === whole.paymentId)?.receipt).toBeUndefined();
  });
});

describe('PayPal captures and renewals', () => {
  async function paypalOrder(body: Record<string, unknown> = { product_id: '13days' }) {
    const buyer = await signUp('en');
    const { order } = (await api.post('/api/orders', body, { token: buyer.token })).body.data;
    return { buyer, order, paypalId: (await orderRow(order.id))?.providerPaymentId as string };
  }
  const notify = (type: string, paypalId: string) =>
    api.post('/api/payments/webhooks/paypal', paypalEvent(type, paypalId), { headers: paypalHeaders });

  it('reads a capture refunded at PayPal as refunded, in part and then in full, and takes the programme back', async () => {
    const { buyer, order, paypalId } = await paypalOrder();
    paypal.approve(paypalId);
    await notify('CHECKOUT.ORDER.APPROVED', paypalId);
    await settled();
    expect((await orderRow(order.id))?.status).toBe('paid');

    paypal.refundInPanel(paypalId, 900);
    expect((await notify('PAYMENT.CAPTURE.REFUNDED', paypalId)).status).toBe(200);
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ status: 'partially_refunded', refundedAmount: 900 });
    expect(await purchasesOf(buyer.id)).toHaveLength(1);

    paypal.refundInPanel(paypalId, 2000);
    await notify('PAYMENT.CAPTURE.REFUNDED', paypalId);
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refundedAmount: 2900 });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
  });

  it('fails an order whose capture PayPal declined or failed, and grants nothing', async () => {
    for (const state of ['DECLINED', 'FAILED'] as const) {
      const { buyer, order, paypalId } = await paypalOrder();
      paypal.setCapture(paypalId, state);
      const read = await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
      expect(read.body.data.order, state).toMatchObject({ status: 'failed', failure_reason: state.toLowerCase() });
      expect(await purchasesOf(buyer.id)).toHaveLength(0);
    }
  });

  it('never grants a pending order whose capture is already refunded', async () => {
    const { buyer, order, paypalId } = await paypalOrder();
    paypal.setCapture(paypalId, 'REFUNDED');
    const read = await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    expect(read.body.data.order).toMatchObject({ status: 'refunded', refunded_amount: 2900 });
    expect(await purchasesOf(buyer.id)).toHaveLength(0);
  });

  it('renews a PayPal plan on its vaulted token with one single-step order and a request id', async () => {
    const { buyer, order, paypalId } = await paypalOrder({ plan_id: 'basic_monthly', save_payment_method: true });
    paypal.approve(paypalId);
    await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    const [subscription] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(subscription).toMatchObject({ autoRenew: true, paymentMethodId: `VAULT-${paypalId}`, source: 'paypal' });
    try {
      ctx.clock.offsetMs = 30 * DAY + 60_000;
      await ctx.app.payments.runDue();
      const renewal = paypal.created.at(-1);
      expect(renewal?.body).toMatchObject({
        intent: 'CAPTURE',
        payment_source: { paypal: { vault_id: `VAULT-${paypalId}` } },
      });
      expect(renewal?.requestId?.length).toBeLessThanOrEqual(PAYPAL.requestIdMax);
      const renewals = await ctx.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.subscriptionId, subscription?.id ?? 0), eq(orders.kind, 'renewal')));
      expect(renewals).toMatchObject([{ status: 'paid', provider: 'paypal', amount: 499, currency: 'USD' }]);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});

describe('asking the provider', () => {
  it('asks about an order at most once every few seconds, sharing the answer with parallel callers', async () => {
    const buyer = await signUp();
    const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
    const asked = () =>
      yookassa.requests.filter((r) => r.method === 'GET' && r.path === `/payments/${paymentId}`).length;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token })),
    );
    expect(replies.every((reply) => reply.status === 200 && reply.body.data.order.status === 'pending')).toBe(true);
    expect(asked()).toBe(1);
    await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    expect(asked()).toBe(1);
    try {
      ctx.clock.offsetMs = 6_000;
      yookassa.settle(paymentId, 'succeeded');
      const read = await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
      expect(read.body.data.order.status).toBe('paid');
      expect(asked()).toBe(2);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('keeps a notification that came before the payment was final due, and applies it when it is', async () => {
    const buyer = await signUp();
    const { order } = (await api.post('/api/orders', { product_id: '13days' }, { token: buyer.token })).body.data;
    const paymentId = (await orderRow(order.id))?.providerPaymentId as string;
    const notice = yookassaNotice('payment.succeeded', paymentId);
    expect((await api.post('/api/payments/webhooks/yookassa', notice, { ip: YOOKASSA_IP })).status).toBe(200);
    await settled();
    expect((await orderRow(order.id))?.status).toBe('pending');
    const [row] = await ctx.database.db
      .select()
      .from(paymentInbox)
      .where(eq(paymentInbox.providerPaymentId, paymentId));
    expect(row).toMatchObject({ processedAt: null, lastError: expect.stringMatching(/not final/) });

    // The genuine notification is the same event: kept once; the row that is due applies it.
    yookassa.settle(paymentId, 'succeeded');
    expect((await api.post('/api/payments/webhooks/yookassa', notice, { ip: YOOKASSA_IP })).status).toBe(200);
    try {
      ctx.clock.offsetMs = 31_000;
      await settled();
    } finally {
      ctx.clock.offsetMs = 0;
    }
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect(await purchasesOf(buyer.id)).toHaveLength(1);
  });
});

describe('the test provider and no provider at all', () => {
  it('is on by default only with the embedded database; with DATABASE_URL only when asked for', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(paymentsConfigFromEnv(loadEnv({})).testProvider).toBe(true);
    expect(paymentsConfigFromEnv(loadEnv({ DATABASE_URL: url })).testProvider).toBe(false);
    expect(paymentsConfigFromEnv(loadEnv({ DATABASE_URL: url, PAYMENTS_TEST_PROVIDER: 'auto' })).testProvider).toBe(
      false,
    );
    expect(paymentsConfigFromEnv(loadEnv({ DATABASE_URL: url, PAYMENTS_TEST_PROVIDER: 'true' })).testProvider).toBe(
      true,
    );
    expect(paymentsConfigFromEnv(loadEnv({ PAYMENTS_TEST_PROVIDER: 'false' })).testProvider).toBe(false);
  });

  it('answers that payment is not available when no provider is configured, and writes no order', async () => {
    const bare = await buildApp({
      database: ctx.database,
      config: { ...ctx.config, payments: { testProvider: false } },
    });
    await bare.ready();
    try {
      const buyer = await signUp();
      const reply = await bare.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${buyer.token}` },
        payload: { product_id: '13days' },
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ success: false, error: { code: 'PAYMENTS_UNAVAILABLE' } });
      expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);
      expect(
        (await bare.inject({ method: 'GET', url: '/api/payments/test-provider/00000000-0000-4000-8000-000000000000' }))
          .statusCode,
      ).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('promo codes', () => {
  const code = (overrides: Record<string, unknown>) => ({
    discount_percentage: 10,
    valid_until: '2099-01-01',
    ...overrides,
  });

  it('lists only public codes, and the admin list shows the limits', async () => {
    const boss = await admin();
    await api.post('/api/admin/promo-codes', code({ code: 'SECRET100', discount_percentage: 100 }), {
      token: boss.token,
    });
    await api.post('/api/admin/promo-codes', code({ code: 'OPEN15', discount_percentage: 15, public: true }), {
      token: boss.token,
    });
    const listed = (await api.get('/api/promo/active')).body.data.map((p: { code: string }) => p.code);
    expect(listed).toContain('OPEN15');
    expect(listed).not.toContain('SECRET100');
    const rows = (await api.get('/api/admin/promo-codes?limit=100', { token: boss.token })).body.data;
    expect(rows.find((r: { code: string }) => r.code === 'SECRET100')).toMatchObject({
      public: false,
      max_redemptions: 1,
      per_user_limit: 1,
    });
  });

  it('gives a one-use code to one of seven parallel orders, and one is paid', async () => {
    const boss = await admin();
    await api.post('/api/admin/promo-codes', code({ code: 'ONCE7' }), { token: boss.token });
    const buyers = await Promise.all(Array.from({ length: 7 }, () => signUp()));
    const replies = await Promise.all(
      buyers.map((buyer) =>
        api.post(
          '/api/orders',
          { product_id: '13days', provider: 'test', promo_code: 'once7' },
          { token: buyer.token },
        ),
      ),
    );
    const accepted = replies.filter((reply) => reply.status === 201);
    expect(accepted).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 201)) {
      expect(reply).toMatchObject({ status: 409, body: { error: { code: 'PROMO_EXHAUSTED' } } });
    }
    const winner = buyers[replies.indexOf(accepted[0] as (typeof replies)[number])];
    const paymentId = new URL(accepted[0]?.body.data.confirmation_url).searchParams.get('test_payment');
    await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token: winner?.token });
    await settled();
    const paid = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from orders where promo_code = 'ONCE7' and status = 'paid'`,
    );
    expect(paid).toEqual([{ n: 1 }]);
  });

  it('releases a use when its order fails, and holds each buyer to their own limit', async () => {
    const boss = await admin();
    await api.post('/api/admin/promo-codes', code({ code: 'AGAIN', max_redemptions: null }), { token: boss.token });
    const first = await signUp();
    const created = await api.post(
      '/api/orders',
      { product_id: '13days', provider: 'test', promo_code: 'AGAIN' },
      { token: first.token },
    );
    expect(created.status).toBe(201);
    const again = await api.post(
      '/api/orders',
      { product_id: '13days', provider: 'test', promo_code: 'AGAIN' },
      { token: first.token },
    );
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'PROMO_EXHAUSTED' } } });
    const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
    await api.post(`/api/payments/test-provider/${paymentId}/decline`, {}, { token: first.token });
    await settled();
    const retry = await api.post(
      '/api/orders',
      { product_id: '13days', provider: 'test', promo_code: 'AGAIN' },
      { token: first.token },
    );
    expect(retry.status).toBe(201);
  });

  it('grants a 100 % code’s order at once without a provider', async () => {
    const boss = await admin();
    await api.post('/api/admin/promo-codes', code({ code: 'GIFT100', discount_percentage: 100 }), {
      token: boss.token,
    });
    const buyer = await signUp();
    const before = yookassa.requests.length;
    const created = await api.post(
      '/api/orders',
      { product_id: '13days', promo_code: 'GIFT100' },
      { token: buyer.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      confirmation_url: null,
      order: { status: 'paid', amount: 0, provider: 'free', promo_code: 'GIFT100', list_amount: 290000 },
    });
    expect(yookassa.requests.length).toBe(before);
    expect(await purchasesOf(buyer.id)).toMatchObject([{ productId: '13days', source: 'free' }]);
    const refund = await api.post(
      `/api/admin/payments/${created.body.data.order.id}/refund`,
      { reason: 'nothing was paid' },
      { token: boss.token },
    );
    expect(refund.status).toBe(409);
  });

  it('never charges less than the provider takes', async () => {
    const boss = await admin();
    await api.post('/api/admin/promo-codes', code({ code: 'NEARLY', discount_percentage: 99.99 }), {
      token: boss.token,
    });
    const buyer = await signUp('en');
    const created = await api.post(
      '/api/orders',
      { product_id: '13days', promo_code: 'NEARLY' },
      { token: buyer.token },
    );
    expect(created.body.data.order).toMatchObject({ status: 'pending', amount: 100, provider: 'paypal' });
  });
});
