import { addDays, formatDate, today } from '@hunab/calendar';
import { type APIRequestContext, expect } from '@playwright/test';
import { type Account, ADMIN, createAccount, loginAs, test, useSession } from './fixtures.ts';

const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** An order of the signed-in account, paid (or left pending) on the test provider through the API. */
/** The test provider's payment of each order made here. */
const paymentOf = new Map<string, string>();

async function order(request: APIRequestContext, account: Account, body: Record<string, unknown>, pay = true) {
  const created = await request.post('/api/orders', { headers: bearer(account), data: { provider: 'test', ...body } });
  expect(created.status(), await created.text()).toBe(201);
  const { order: made, confirmation_url } = (await created.json()).data;
  paymentOf.set(made.id, new URL(confirmation_url).searchParams.get('test_payment') ?? '');
  if (pay) await payOrder(request, account, made.id);
  return made.id as string;
}

/** Pays an order on the test provider and waits until the order reads `status` (paid, unless it goes back). */
async function payOrder(request: APIRequestContext, account: Account, id: string, status = 'paid') {
  await request.post(`/api/payments/test-provider/${paymentOf.get(id)}/pay`, { headers: bearer(account), data: {} });
  // The notification is processed in the background: wait until the order reads as it should.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/orders/${id}?refresh=true`, { headers: bearer(account) })).json()).data.order
          .status,
    )
    .toBe(status);
}

/** A buyer of 13 Days whose programme waits for the next Magnetic day. */
async function pendingBuyer(request: APIRequestContext, lang = 'ru') {
  const account = await createAccount(request, { lang });
  await order(request, account, { product_id: '13days', lang });
  return account;
}

/** A user whose 13 Days an administrator started yesterday: its second day is under way. */
async function runningBuyer(request: APIRequestContext, lang = 'ru') {
  const account = await createAccount(request, { lang });
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  const granted = await request.post(`/api/admin/users/${account.user.id}/purchases`, {
    headers: bearer(admin),
    data: { product_name: 'main', product_level: 1, activation_date: formatDate(addDays(today(), -1)) },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  return account;
}

test.describe('what a buyer owns', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the process, the dashboard and the account show a programme waiting for its Magnetic day', async ({
    page,
    request,
  }) => {
    const buyer = await pendingBuyer(request);
    await useSession(page, buyer);
    await page.goto('/process');
    const card = page.getByTestId('owned-programme');
    await expect(card).toHaveAttribute('data-state', 'upcoming');
    await expect(card).toContainText('13 дней');
    await expect(card.getByTestId('programme-start')).toContainText('ближайший Магнитный день');
    await expect(card.getByTestId('programme-countdown')).toHaveText(/До начала \d+ (день|дня|дней)/);
    // The purchase opens the process: no views meter and no plans offered there.
    await expect(page.getByTestId('view-limits')).toHaveCount(0);
    await expect(page.getByTestId('upgrade-banner')).toHaveCount(0);

    await page.goto('/dash');
    await expect(page.getByTestId('owned-programme')).toHaveAttribute('data-state', 'upcoming');
    await page.goto('/account');
    const listed = page.getByTestId('account-programmes').getByTestId('owned-programme');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Последний день');
  });

  test('a programme under way reads "day N of 13", in Arabic with the digits the product writes Arabic in', async ({
    page,
    request,
  }) => {
    const buyer = await runningBuyer(request, 'ar');
    await useSession(page, buyer);
    await page.goto('/ar/process');
    const card = page.getByTestId('owned-programme');
    await expect(card).toHaveAttribute('data-state', 'running');
    await expect(card.getByTestId('programme-day')).toHaveText('اليوم 2 من 13');
    await expect(page.getByTestId('view-limits')).toHaveCount(0);
  });

  test('the catalogue, the programme page and the landing say it is theirs instead of Buy', async ({
    page,
    request,
  }) => {
    const buyer = await pendingBuyer(request);
    await useSession(page, buyer);
    await page.goto('/products');
    const owned = page.getByTestId('product-13days');
    await expect(owned.getByTestId('owned-notice')).toContainText('Уже ваша · начало');
    await expect(owned.getByRole('link', { name: 'Купить' })).toHaveCount(0);
    await expect(page.getByTestId('product-260days').getByRole('link', { name: 'Купить' })).toBeVisible();
    await page.goto('/products/13days');
    await expect(page.getByTestId('product-detail').getByTestId('owned-notice')).toBeVisible();
    await expect(page.getByTestId('product-detail').getByTestId('buy')).toHaveCount(0);
    await page.goto('/13days');
    await expect(page.getByTestId('owned-notice').first()).toBeVisible();
    await expect(page.getByTestId('landing-cta')).toHaveCount(0);
    // The checkout of the same programme says so too, and the server refuses a second order.
    await page.goto('/checkout?product=13days');
    await expect(page.getByTestId('checkout-owned')).toBeVisible();
    const again = await request.post('/api/orders', {
      headers: bearer(buyer),
      data: { product_id: '13days', provider: 'test' },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.code).toBe('ALREADY_OWNED');
  });
});

test.describe('the result pages tell the truth', () => {
  test.describe.configure({ timeout: 120_000 });

  test("another user's, an unknown, a pending and a refunded order never read as a success", async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request);
    const paid = await order(request, owner, { product_id: '13days' });
    const viewer = await createAccount(request);
    const pending = await order(request, viewer, { product_id: '260days' }, false);
    await useSession(page, viewer);

    for (const path of ['/payment/success/test', '/payment/fail/test', '/payment/cancel/test']) {
      await page.goto(`${path}?order=${paid}`);
      await expect(page.getByTestId('payment-unknown')).toBeVisible();
      await expect(page).toHaveTitle(/Заказ не найден/);
      await expect(page.locator('body')).not.toContainText('Спасибо, оплата прошла');
      await expect(page.locator('body')).not.toContainText('Оплата не прошла');
    }
    await page.goto('/payment/success/test?order=00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('payment-unknown')).toBeVisible();
    await page.goto('/payment/success/test?order=not-an-order');
    await expect(page.getByTestId('payment-unknown')).toBeVisible();

    await page.goto(`/payment/success/test?order=${pending}`);
    await expect(page.getByTestId('payment-pending')).toBeVisible();
    await expect(page.getByTestId('payment-paid')).toHaveCount(0);
    await page.goto(`/payment/fail/test?order=${pending}`);
    await expect(page.getByTestId('payment-pending')).toBeVisible();
    await expect(page.getByTestId('payment-fail')).toHaveCount(0);

    const refunded = await order(request, viewer, { product_id: '13days' });
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    const refund = await request.post(`/api/admin/payments/${refunded}/refund`, {
      headers: bearer(admin),
      data: { reason: 'e2e refund' },
    });
    expect(refund.ok(), await refund.text()).toBe(true);
    await page.goto(`/payment/success/test?order=${refunded}`);
    await expect(page.getByTestId('payment-refunded')).toContainText('Платёж возвращён');
    await expect(page.getByTestId('payment-paid')).toHaveCount(0);
    // A paid order on the failure page goes to the success page.
    const mine = await order(request, viewer, { product_id: '260days' });
    await page.goto(`/payment/fail/test?order=${mine}`);
    await expect(page).toHaveURL(/\/payment\/success\/test\?order=/);
    await expect(page.getByTestId('payment-paid')).toBeVisible();
    // The order left unpaid in another tab is paid after all: the programme is held already, so it goes back.
    await payOrder(request, viewer, pending, 'refunded');
    await page.goto(`/payment/success/test?order=${pending}`);
    await expect(page.getByTestId('refunded-duplicate')).toHaveText(/Эта программа у вас уже есть/);
    await expect(page.getByTestId('payment-paid')).toHaveCount(0);
  });

  test('Back after paying shows the paid test payment, never Pay and Decline again', async ({ page, request }) => {
    const buyer = await createAccount(request);
    await useSession(page, buyer);
    await page.goto('/checkout?product=13days&source=e2e');
    const checkout = await request.get('/checkout?product=13days');
    expect(checkout.headers()['cache-control']).toBe('no-store');
    await page.getByTestId('checkout-continue').click();
    await page.locator('#accept-terms').check();
    await page.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('test-pay')).toBeVisible({ timeout: 20_000 });
    const testPage = await request.get(new URL(page.url()).pathname + new URL(page.url()).search);
    expect(testPage.headers()['cache-control']).toBe('no-store');
    await page.getByTestId('test-pay').click();
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });

    await page.goBack();
    await expect(page).toHaveURL(/\/payment\?test_payment=/);
    await expect(page.getByTestId('test-payment')).toContainText('Платёж прошёл.');
    await expect(page.getByTestId('test-pay')).toHaveCount(0);
    await expect(page.getByTestId('test-decline')).toHaveCount(0);
    // Further back, the checkout knows the programme is now the buyer's.
    await page.goBack();
    await expect(page.getByTestId('checkout-owned')).toBeVisible();
    await expect(page.getByTestId('checkout-pay')).toHaveCount(0);
  });

  test('a test payment page shown again from the back/forward cache reads the payment anew', async ({
    page,
    request,
  }) => {
    const buyer = await createAccount(request);
    const created = await request.post('/api/orders', {
      headers: bearer(buyer),
      data: { product_id: '13days', provider: 'test' },
    });
    const url = new URL((await created.json()).data.confirmation_url);
    await useSession(page, buyer);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByTestId('test-pay')).toBeVisible();
    // Paid meanwhile (as in another tab), then the page comes back as it was left, as the cache restores it.
    const paymentId = url.searchParams.get('test_payment');
    await request.post(`/api/payments/test-provider/${paymentId}/pay`, { headers: bearer(buyer), data: {} });
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect(page.getByTestId('test-payment')).toContainText('Платёж прошёл.');
    await expect(page.getByTestId('test-pay')).toHaveCount(0);
  });

  test('the subscription page names a test payment as one', async ({ page, request }) => {
    const buyer = await createAccount(request);
    await order(request, buyer, { plan_id: 'basic_monthly' });
    await useSession(page, buyer);
    await page.goto('/account/subscription');
    await expect(page.getByTestId('payment-method')).toHaveText('Тестовая оплата: деньги не списывались');
  });
});
