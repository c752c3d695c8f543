import { addDays, dayNumber, formatDate, kinOfDate, parseDate, toneOfKin } from '@hunab/calendar';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { useAppWithProviders } from './helpers/app-with-providers.ts';
import { client, registration } from './helpers/http.ts';

const ctx = useAppWithProviders();
const api = client(() => ctx.app);
const DAY = 86_400_000;

async function signUp(lang = 'ru') {
  const reply = await api.post('/api/auth/register', registration({ lang }));
  return { token: reply.body.token as string, id: reply.body.user.id as string };
}
const serverDay = () => new Date(Date.now() + ctx.clock.offsetMs).toISOString().slice(0, 10);
const programmes = async (token: string, query = 'lang=en') => api.get(`/api/purchases/programmes?${query}`, { token });

/** Orders a product (or a plan) and pays it on the test provider's page; answers the order. */
async function buy(token: string, product: string, what: 'product_id' | 'plan_id' = 'product_id') {
  const created = await api.post('/api/orders', { [what]: product, provider: 'test' }, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paymentId = new URL(created.body.data.confirmation_url).searchParams.get('test_payment');
  await api.post(`/api/payments/test-provider/${paymentId}/pay`, {}, { token });
  await ctx.app.payments.idle();
  await ctx.app.payments.payments.processInbox();
  return created.body.data.order as { id: string };
}

describe("the buyer's programmes", () => {
  it('shows a bought 13 Days from its Magnetic day: the wait, the day under way, the end', async () => {
    ctx.clock.offsetMs = 0;
    const buyer = await signUp();
    expect((await programmes(buyer.token)).body.programmes).toEqual([]);
    await buy(buyer.token, '13days');

    const [waiting] = (await programmes(buyer.token)).body.programmes;
    const today = serverDay();
    expect(waiting).toMatchObject({ product_id: '13days', name: '13 Days', level: 1, days: 13 });
    // It starts on the next Magnetic day and lasts thirteen days, both ends included.
    expect(toneOfKin(kinOfDate(parseDate(waiting.starts_on)))).toBe(1);
    expect(waiting.starts_on > today).toBe(true);
    expect(waiting.ends_on).toBe(formatDate(addDays(parseDate(waiting.starts_on), 12)));
    const wait = dayNumber(parseDate(waiting.starts_on)) - dayNumber(parseDate(today));
    expect(waiting).toMatchObject({ state: 'upcoming', day: null, days_to_start: wait });
    expect((await programmes(buyer.token, 'lang=ru')).body.programmes[0].name).toBe('13 дней');

    // The third day of the wavespell.
    ctx.clock.offsetMs = (wait + 2) * DAY;
    const [running] = (await programmes(buyer.token)).body.programmes;
    expect(running).toMatchObject({ state: 'running', day: 3, days_to_start: 0 });
    // The reader's own date decides, within a day of the server's.
    const readerDay = formatDate(addDays(parseDate(serverDay()), 1));
    expect((await programmes(buyer.token, `today=${readerDay}`)).body.programmes[0].day).toBe(4);
    const tooFar = formatDate(addDays(parseDate(serverDay()), 3));
    expect((await programmes(buyer.token, `today=${tooFar}`)).body.error.code).toBe('INVALID_DATE');

    ctx.clock.offsetMs = (wait + 13) * DAY;
    expect((await programmes(buyer.token)).body.programmes[0]).toMatchObject({ state: 'ended', day: null });
    ctx.clock.offsetMs = 0;
  });

  it('answers guests 401 before the query, lists only its owner’s programmes, an administrator’s own', async () => {
    const guest = await api.get('/api/purchases/programmes?lang=xx&today=nonsense');
    expect(guest).toMatchObject({ status: 401, body: { success: false, error: { code: 'UNAUTHORIZED' } } });
    const buyer = await signUp();
    await buy(buyer.token, '260days');
    const other = await signUp();
    expect((await programmes(other.token)).body.programmes).toEqual([]);
    const admin = await signUp();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    expect((await programmes(admin.token)).body.programmes).toEqual([]);
    const mine = await programmes(buyer.token);
    expect(mine.headers['cache-control']).toContain('no-store');
    expect(mine.body.programmes).toHaveLength(1);
    expect(mine.body.programmes[0]).toMatchObject({ product_id: '260days', level: 2, days: 260 });
    for (const query of ['lang=xx', 'today=2020-13-40', 'extra=1']) {
      const bad = await programmes(buyer.token, query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.success).toBe(false);
    }
  });

  it('lists a programme an administrator granted, with the days of its level', async () => {
    const admin = await signUp();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const buyer = await signUp();
    const starts = formatDate(addDays(parseDate(serverDay()), -1));
    await api.post(
      `/api/admin/users/${buyer.id}/purchases`,
      { product_name: 'main', product_level: 1, activation_date: starts },
      { token: admin.token },
    );
    const [granted] = (await programmes(buyer.token)).body.programmes;
    expect(granted).toMatchObject({ product_id: '13days', starts_on: starts, state: 'running', day: 2 });
    expect(granted.ends_on).toBe(formatDate(addDays(parseDate(starts), 12)));
    const again = await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token });
    expect(again).toMatchObject({ status: 409, body: { success: false, error: { code: 'ALREADY_OWNED' } } });
  });
});

describe('a programme is not sold twice while it runs or waits', () => {
  it('answers 409 ALREADY_OWNED while pending and running, and sells it again once it has ended', async () => {
    ctx.clock.offsetMs = 0;
    const buyer = await signUp();
    await buy(buyer.token, '13days');
    const before = (await api.get('/api/payments', { token: buyer.token })).body.payments.length;
    const again = await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token });
    expect(again).toMatchObject({ status: 409, body: { success: false, error: { code: 'ALREADY_OWNED' } } });
    // Nothing was written for the refused order.
    expect((await api.get('/api/payments', { token: buyer.token })).body.payments).toHaveLength(before);

    // Another programme, and another buyer, are not held back.
    const other = await signUp();
    expect(
      (await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: other.token })).status,
    ).toBe(201);
    expect(
      (await api.post('/api/orders', { product_id: '260days', provider: 'test' }, { token: buyer.token })).status,
    ).toBe(201);

    const [held] = (await programmes(buyer.token)).body.programmes;
    const wait = dayNumber(parseDate(held.starts_on)) - dayNumber(parseDate(serverDay()));
    ctx.clock.offsetMs = (wait + 5) * DAY;
    expect(
      (await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token })).status,
    ).toBe(409);
    ctx.clock.offsetMs = (wait + 13) * DAY;
    expect(
      (await api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token })).status,
    ).toBe(201);
    ctx.clock.offsetMs = 0;
  });

  it('refuses every one of parallel orders for a held programme, and writes none', async () => {
    const buyer = await signUp();
    await buy(buyer.token, '13days');
    const before = (await api.get('/api/payments', { token: buyer.token })).body.payments.length;
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post('/api/orders', { product_id: '13days', provider: 'test' }, { token: buyer.token }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(409));
    expect((await api.get('/api/payments', { token: buyer.token })).body.payments).toHaveLength(before);
  });

  it('counts either way of taking 13 Moons as owning it', async () => {
    const buyer = await signUp();
    await buy(buyer.token, '13moons_simple');
    const [owned] = (await programmes(buyer.token)).body.programmes;
    expect(owned).toMatchObject({ product_id: '13moons_simple', state: 'running', day: 1, days: 365 });
    for (const product of ['13moons_webstudio', '13moons_simple']) {
      const reply = await api.post('/api/orders', { product_id: product, provider: 'test' }, { token: buyer.token });
      expect(reply.body.error?.code, product).toBe('ALREADY_OWNED');
    }
  });

  it('still extends a plan bought again, as before', async () => {
    const buyer = await signUp();
    await buy(buyer.token, 'basic_monthly', 'plan_id');
    const first = (await api.get('/api/subscriptions/current', { token: buyer.token })).body.subscription;
    await buy(buyer.token, 'basic_monthly', 'plan_id');
    const second = (await api.get('/api/subscriptions/current', { token: buyer.token })).body.subscription;
    expect(second.id).toBe(first.id);
    expect(Date.parse(second.current_period_end) - Date.parse(first.current_period_end)).toBe(30 * DAY);
  });
});

describe('the payment method of a subscription', () => {
  it('says a test payment is one', async () => {
    const buyer = await signUp();
    await buy(buyer.token, 'basic_monthly', 'plan_id');
    const { subscription } = (await api.get('/api/subscriptions/current', { token: buyer.token })).body;
    expect(subscription).toMatchObject({ source: 'test', card_brand: null, card_last4: null });
  });

  it("keeps the card brand and last four digits of YooKassa's payment object", async () => {
    const buyer = await signUp();
    const created = await api.post('/api/orders', { plan_id: 'basic_monthly' }, { token: buyer.token });
    const order = created.body.data.order;
    expect(order.provider).toBe('yookassa');
    const payment = [...ctx.yookassa.payments.values()].find((p) => p.metadata.order_id === order.id);
    if (!payment) throw new Error('no fake payment');
    ctx.yookassa.settle(payment.id, 'succeeded');
    // As YooKassa documents a paid bank card: payment_method.card with card_type and last4.
    Object.assign(payment.payment_method ?? {}, {
      title: 'Bank card *4444',
      card: { first6: '555555', last4: '4444', expiry_month: '07', expiry_year: '2030', card_type: 'MasterCard' },
    });
    expect((await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token })).body.data.order.status).toBe(
      'paid',
    );
    const { subscription } = (await api.get('/api/subscriptions/current', { token: buyer.token })).body;
    expect(subscription).toMatchObject({
      source: 'yookassa',
      payment_method: 'card',
      card_brand: 'MasterCard',
      card_last4: '4444',
    });
  });

  it("keeps the card PayPal reports in payment_source, and ignores what is not a card's digits", async () => {
    const buyer = await signUp('en');
    const created = await api.post('/api/orders', { plan_id: 'basic_monthly' }, { token: buyer.token });
    const order = created.body.data.order;
    expect(order.provider).toBe('paypal');
    const paypalId = [...ctx.paypal.orders.values()].find((o) => o.purchase_units[0]?.custom_id === order.id)?.id ?? '';
    ctx.paypal.approve(paypalId);
    Object.assign(ctx.paypal.orders.get(paypalId) ?? {}, {
      payment_source: { card: { name: 'A Buyer', last_digits: '1111', brand: 'VISA', type: 'CREDIT' } },
    });
    await api.get(`/api/orders/${order.id}?refresh=true`, { token: buyer.token });
    const { subscription } = (await api.get('/api/subscriptions/current', { token: buyer.token })).body;
    expect(subscription).toMatchObject({
      source: 'paypal',
      payment_method: 'card',
      card_brand: 'VISA',
      card_last4: '1111',
    });

    const second = await signUp('en');
    const next = (await api.post('/api/orders', { plan_id: 'basic_monthly' }, { token: second.token })).body.data.order;
    const nextId = [...ctx.paypal.orders.values()].find((o) => o.purchase_units[0]?.custom_id === next.id)?.id ?? '';
    ctx.paypal.approve(nextId);
    Object.assign(ctx.paypal.orders.get(nextId) ?? {}, {
      payment_source: { paypal: { account_id: 'ACC-1' }, card: { last_digits: '<b>12', brand: 'x'.repeat(80) } },
    });
    await api.get(`/api/orders/${next.id}?refresh=true`, { token: second.token });
    const plain = (await api.get('/api/subscriptions/current', { token: second.token })).body.subscription;
    expect(plain).toMatchObject({ source: 'paypal', card_brand: null, card_last4: null });
  });
});
