import { calendarDay, today } from '@hunab/calendar';
import { expect, type Page } from '@playwright/test';
import { ADMIN, checkWidths, createAccount, loginAs, test, useSession, viewport } from './fixtures.ts';

/** Through the checkout to the test provider's page: summary, details with consent, order, hand-off. */
async function checkoutToTestProvider(page: Page) {
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('book-form')).toBeVisible();
  await page.locator('#accept-terms').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page.getByTestId('test-payment')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/payment\?test_payment=/);
}

test.describe('buying with the built-in test provider', () => {
  // Several pages, each a chunk and a request or two, and a payment processed in the background.
  test.describe.configure({ timeout: 180_000 });

  test('the details form marks a wrong email, ties the error to it, and says why it cannot go on', async ({
    page,
    request,
  }) => {
    await useSession(page, await createAccount(request, { lang: 'en' }));
    await page.goto('/en/checkout/book-form?product=13days');
    const email = page.locator('#buyer-email');
    const pay = page.getByTestId('checkout-pay');
    await expect(page.getByTestId('book-form').getByRole('alert')).toHaveText('');
    await expect(pay).toHaveAccessibleDescription('Accept the terms of sale to go on to payment.');
    await email.fill('reader@');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Enter a whole email address.*We send the receipt here\./);
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription('Enter an email for the receipt to go on to payment.');
    await email.fill('reader@example.com');
    await page.locator('#accept-terms').check();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(pay).toBeEnabled();
  });

  test('a new user buys 13 Days: Pay, the success page, the programme opened and the payment listed', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/products');
    await page.getByTestId('product-13days').getByRole('link', { name: 'Купить' }).click();
    await expect(page.getByTestId('checkout-price')).toHaveText(/2\s?900\s?₽/);
    await checkoutToTestProvider(page);
    await expect(page.getByTestId('test-amount')).toHaveText(/2\s?900\s?₽/);
    await page.getByTestId('test-pay').click();

    await expect(page).toHaveURL(/\/payment\/success\/test\?order=/);
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('order-product')).toHaveText('13 дней');
    await expect(page.getByTestId('order-amount')).toHaveText(/2\s?900\s?₽/);

    // The programme waits for the next Magnetic day on the process page.
    const tone = calendarDay(today()).kin.tone.number;
    const closed = ((tone + 5) % 13) + 1;
    await page.goto(`/process/${closed}`);
    await expect(page.getByTestId('process-locked')).toHaveAttribute('data-status', 'waiting_activation');

    await page.goto('/account/payments');
    const row = page.getByTestId('payment-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('payment-status')).toHaveText('Оплачен');
    await expect(row).toContainText('13 дней');
  });

  test('Decline leads to the failure page with its reasons and a retry', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/checkout?product=260days&source=e2e');
    await checkoutToTestProvider(page);
    await page.getByTestId('test-decline').click();
    await expect(page).toHaveURL(/\/payment\/fail\/test\?order=.*reason=canceled_by_user/, { timeout: 20_000 });
    await expect(page.getByTestId('payment-fail')).toContainText('Недостаточно средств на карте');
    await expect(page.getByTestId('fail-retry')).toHaveAttribute('href', /product=260days.*retry=true/);
    await page.goto('/account/payments');
    await expect(page.getByTestId('payment-status')).toHaveText('Отменён');
  });

  test('a free user subscribes to basic monthly from the pricewall and the plan is active', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12));
    await page.goto('/en/tzolkin');
    await page.getByRole('button', { name: /next/i }).first().click();
    await expect(page.getByTestId('pricewall')).toBeVisible();
    await page.getByTestId('pricewall-choose').click();
    await expect(page.getByTestId('subscription-plans')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('choose-basic').click();
    await expect(page).toHaveURL(/\/en\/subscription\/checkout\?plan=basic_monthly/);
    await expect(page.getByTestId('checkout-price')).toHaveText('$4.99');
    await page.getByTestId('checkout-continue').click();
    await expect(page.locator('#save-method')).toBeChecked();
    await page.locator('#accept-terms').check();
    await page.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('test-payment')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('test-pay').click();
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
    const status = await request.get('/api/subscriptions/active-status', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(await status.json()).toMatchObject({ subscriptionLevel: 1, subscriptionActive: true, plan: 'basic' });
    await page.goto('/en/account/subscription');
    await expect(page.getByTestId('subscription-manage')).toContainText(/basic/i);
  });

  test('a guest sees what is on sale in the page as sent, signs in, and comes back to buy it', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/checkout?product=13days&source=e2e')).text();
    expect(html).toContain('data-testid="checkout-summary"');
    expect(html).toMatch(/data-testid="checkout-price">2\s?900\s?₽</);
    expect(html).toContain('data-testid="checkout-sign-in"');
    // Without a promo code the price shown is the price: no note says it may change.
    expect(html).not.toContain('data-testid="checkout-price-note"');
    expect(await (await request.get('/checkout?product=13days&promo=SPRING')).text()).toContain(
      'data-testid="checkout-price-note"',
    );
    // A product that is not on sale is said to be so in the page as sent.
    const unknown = await (await request.get('/checkout?product=no-such-programme')).text();
    expect(unknown).toContain('data-testid="checkout-not-found"');
    expect(unknown).not.toContain('data-testid="checkout-summary"');
    expect(unknown).not.toContain('data-testid="checkout-sign-in"');

    const account = await createAccount(request);
    await page.goto('/checkout?product=13days&source=e2e');
    await expect(page.getByTestId('checkout-price')).toHaveText(/2\s?900\s?₽/);
    await page.getByTestId('checkout-sign-in').getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.locator('#login-email').fill(account.email);
    await page.locator('#login-password').fill(account.password);
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(/\/checkout\?product=13days&source=e2e$/);
    await expect(page.getByTestId('checkout-continue')).toBeVisible();
    await expect(page.getByTestId('checkout-sign-in')).toHaveCount(0);
  });

  test('a browser holding a token never shows the request to sign in, even before the app starts', async ({
    page,
    request,
    browser,
  }) => {
    // An offline session's token is no account: that reader is asked to sign in like a guest.
    const offline = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const offlinePage = await offline.newPage();
    await offlinePage.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await offlinePage.addInitScript(() => localStorage.setItem('auth_token', 'offline-token-1'));
    await offlinePage.goto('/checkout?product=13days');
    await expect(offlinePage.getByTestId('checkout-sign-in')).toBeVisible();
    await offline.close();

    // Without its scripts the page is exactly as the server rendered it for a guest (and the app never takes over,
    // which the page's own goto waits for).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.mainFrame().goto('/checkout?product=13days');
    await expect(page.getByTestId('checkout-summary')).toBeVisible();
    await expect(page.getByTestId('checkout-sign-in')).toBeVisible();

    await useSession(page, await createAccount(request));
    await page.mainFrame().goto('/checkout?product=13days');
    await expect(page.getByTestId('checkout-summary')).toBeVisible();
    await expect(page.getByTestId('checkout-sign-in')).toBeHidden();
  });

  test('the catalogue, a product with its variations, and the language note', async ({ page }) => {
    await page.goto('/products/13moons');
    await expect(page.getByTestId('product-detail')).toContainText('13 лун');
    await expect(page.getByTestId('variation-13moons_simple')).toContainText('Самостоятельно');
    await expect(page.getByTestId('variation-13moons_webstudio')).toContainText(/19\s?900\s?₽/);
    await page.goto('/en/products');
    await expect(page.getByTestId('products-language-note')).toBeVisible();
    await page.goto('/en/masters/subscription');
    await expect(page.getByTestId('plans-masters')).toContainText('$99.00');
  });
});

/** The commerce pages at phone and desktop widths, in Russian and Arabic. */
for (const lang of ['ru', 'ar'] as const) {
  test(`commerce pages fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const account = await createAccount(request, { lang });
    await useSession(page, account);
    await page.setViewportSize(viewport(375));
    const prefix = lang === 'ru' ? '' : `/${lang}`;
    const shoot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      await checkWidths(page, `commerce-${name}-${lang}`);
    };
    for (const [name, path] of [
      ['products', '/products'],
      ['product', '/products/13moons'],
      ['masters', '/masters/subscription'],
      ['business', '/business/subscription'],
      ['checkout', '/checkout?product=13days&promo=&source=e2e'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await shoot(name);
    }
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByTestId('book-form')).toBeVisible();
    await shoot('book-form');
    await page.locator('#accept-terms').check();
    await page.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('test-payment')).toBeVisible({ timeout: 20_000 });
    await shoot('test-payment');
    await page.getByTestId('test-pay').click();
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
    await shoot('success');
    await page.goto(`${prefix}/payment/fail/test`);
    await shoot('fail');
    await page.goto(`${prefix}/payment/cancel/test`);
    await shoot('cancel');
    await page.goto(`${prefix}/account/payments`);
    await expect(page.getByTestId('payment-row')).toHaveCount(1);
    await shoot('payments');
  });
}

test('an order a 100% promo code paid in full names that as its method, with the code, in every language', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  const code = `FULL${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/promo-codes', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { code, discount_percentage: 100, valid_until: '2099-12-31' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const buyer = await createAccount(request, { lang: 'en' });
  const order = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: { product_id: '13days', promo_code: code, lang: 'en', receipt: { email: buyer.email } },
  });
  expect(order.ok(), await order.text()).toBe(true);
  expect((await order.json()).data.order).toMatchObject({ provider: 'free', status: 'paid', amount: 0 });

  await useSession(page, buyer);
  for (const [lang, method] of [
    ['en', 'Promo code, nothing to pay'],
    ['ar', 'رمز ترويجي، دون دفع'],
    ['ja', 'プロモーションコード（支払いなし）'],
  ] as const) {
    await page.goto(`/${lang}/account/payments`);
    const row = page.getByTestId('payment-row').first();
    await expect(row.getByTestId('payment-method'), lang).toHaveText(method);
    await expect(row.getByTestId('payment-promo'), lang).toHaveText(code);
    await expect(row).not.toContainText('providers.');
  }
});
