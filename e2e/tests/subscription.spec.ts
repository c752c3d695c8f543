import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, ADMIN, checkWidths, createAccount, loginAs, test, useSession, viewport } from './fixtures.ts';

/** The administrator gives the account a plan, as payments will later. */
async function grantPlan(request: APIRequestContext, account: Account, planId: string, days = 30): Promise<void> {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  const reply = await request.post(`/api/admin/users/${account.user.id}/subscription`, {
    data: { plan_id: planId, days },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/**
 * The app as it is where a CRM is configured: the public settings say so, in the API's answer and in the settings a
 * page rendered on the server carries. (The server under test has no CRM.)
 */
async function withCrm(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/settings' || !/^\/(api|assets|locales)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document' && !route.request().url().includes('/api/settings')) {
        return route.continue();
      }
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('"crm":false', '"crm":true');
      return route.fulfill({ response, body });
    },
  );
}

async function serverStatus(page: Page, account: Account): Promise<string | null> {
  const reply = await page.request.get('/api/subscriptions/current', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return (await reply.json()).subscription?.status ?? null;
}

const normalize = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

test.describe('the subscription management page', () => {
  test('a failure to load the subscription is a notice the reader can close', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.route('**/api/subscriptions/current', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.goto('/en/account/subscription');
    const notice = page.getByTestId('notice-danger');
    await expect(notice).toContainText('Could not load your subscription', { timeout: 20_000 });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
  });

  test('?tab=plans opens on the plans with their prices, not on the card of no subscription', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.goto('/en/account/subscription?tab=plans');
    await expect(page.getByTestId('subscription-plans')).toBeVisible();
    await expect(page.getByTestId('price-basic')).toContainText('$');
    await expect(page.getByTestId('plan-free')).toContainText('20 calendar page views a month');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription');
    await expect(page.getByRole('heading', { level: 2, name: 'Choose your plan' })).toBeVisible();
    await expect(page.getByTestId('subscription-none')).toHaveCount(0);
    await page.goto('/en/account/subscription');
    await expect(page.getByTestId('subscription-none')).toBeVisible();
    await expect(page.getByTestId('subscription-plans')).toHaveCount(0);
  });

  test('says why the visitor came: the views left, the plan needed and the dashboard tab to go back to', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.goto('/en/account/subscription?reason=limit_reached&views_remaining=2&tab=oracle&subscription_level=1');
    const visit = page.getByTestId('visit-context');
    await expect(visit).toContainText('You have reached the limit of your plan.');
    await expect(page.getByTestId('visit-views')).toHaveText('You have 2 free views left this month.');
    await expect(page.getByTestId('visit-level')).toHaveAttribute('data-included', 'false');
    await expect(page.getByTestId('visit-plan-link')).toHaveAttribute('href', /\/en\/subscription\?.*plan=basic/);
    await expect(page.getByTestId('visit-back')).toHaveAttribute('href', '/en/dash?tab=oracle');
    await page.goto('/en/account/subscription?views_remaining=0&subscription_level=9&tab=nowhere');
    await expect(page.getByTestId('visit-views')).toHaveText('You have no free views left this month.');
    await expect(page.getByTestId('visit-level')).toHaveCount(0);
    await expect(page.getByTestId('visit-back')).toHaveCount(0);
  });

  test('notes every page a signed-in reader opens for the CRM, not only the subscription page', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await withCrm(page);
    const noted: string[] = [];
    page.on('request', (call) => {
      if (call.url().endsWith('/api/amocrm/subscription-view')) noted.push(call.postDataJSON().pageUrl);
    });
    await page.goto('/en/tzolkin');
    await expect.poll(() => noted.length).toBe(1);
    await page.getByRole('link', { name: 'Moon' }).first().click();
    await expect(page).toHaveURL(/\/en\/moon/);
    await expect.poll(() => noted.length).toBe(2);
    expect(noted[0]).toMatch(/\/en\/tzolkin$/);
    expect(noted[1]).toMatch(/\/en\/moon/);
  });

  test('the plans page gives a signed-in reader their ways on, which a guest does not need', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/subscription');
    await expect(page.getByTestId('subscription-plans')).toBeVisible();
    await expect(page.getByTestId('plans-nav')).toHaveCount(0);
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.goto('/en/subscription?source=account');
    const nav = page.getByTestId('plans-nav');
    await expect(nav.getByRole('link', { name: 'My subscription' })).toHaveAttribute(
      'href',
      '/en/account/subscription',
    );
    await nav.getByRole('link', { name: 'Back to the calendar' }).click();
    await expect(page).toHaveURL(/\/en\/dash$/);
  });

  test('notes nothing for a CRM where none is configured, on the checkout pages and everywhere else', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    const noted: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/amocrm/')) noted.push(call.url());
    });
    const settings = page.waitForResponse((reply) => reply.url().endsWith('/api/settings'));
    await page.goto('/en/account/subscription');
    expect((await (await settings).json()).data.crm).toBe(false);
    for (const path of [
      '/en/subscription/checkout?plan=premium_monthly',
      '/en/checkout?product=13days',
      '/en/tzolkin',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    // The last page's first render has run its effects, where a note would have been sent.
    await page.getByRole('link', { name: 'Moon' }).first().click();
    await expect(page).toHaveURL(/\/en\/moon/);
    await expect(page.getByTestId('moon-grid')).toBeVisible();
    expect(noted).toEqual([]);
  });

  test('shows a granted plan, pauses, resumes, takes the pause alternative and then cancels', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'en' });
    await grantPlan(request, account, 'basic');
    await useSession(page, account);
    await withCrm(page);
    const viewNoted = page.waitForRequest(
      (call) => call.url().endsWith('/api/amocrm/subscription-view') && call.method() === 'POST',
    );
    await page.goto('/en/account/subscription');

    const details = page.getByTestId('subscription-details');
    await expect(details).toHaveAttribute('data-status', 'active');
    await expect(page.getByTestId('subscription-plan')).toHaveText('Basic · Monthly');
    await expect(page.getByTestId('upgrade-card')).toBeVisible();
    await expect(page.getByTestId('upgrade-card').getByRole('link')).toHaveAttribute(
      'href',
      /^\/en\/subscription\?source=account&platform=web&reason=premium_feature&upgrade=premium$/,
    );
    expect((await viewNoted).postDataJSON()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'basic',
      hasActiveSubscription: true,
    });

    // Pause: the dialog starts at 7 days.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const pauseDialog = page.getByRole('dialog', { name: 'Pause the subscription' });
    await expect(pauseDialog).toBeVisible();
    await expect(pauseDialog.getByRole('radio', { name: '7 days' })).toBeChecked();
    await pauseDialog.getByLabel('Reason (optional)').fill('Travelling');
    await pauseDialog.getByRole('button', { name: 'Pause for 7 days' }).click();
    await expect(pauseDialog).toHaveCount(0);
    await expect(page.getByTestId('notice-success')).toHaveText('Your subscription is paused for 7 days.');
    await expect(details).toHaveAttribute('data-status', 'paused');
    await expect(page.getByTestId('pause-until')).toBeVisible();
    await expect(page.getByTestId('upgrade-card')).toHaveCount(0);
    expect(await serverStatus(page, account)).toBe('paused');

    // The green alert can be dismissed.
    await page.getByTestId('notice-success').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('notice-success')).toHaveCount(0);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('notice-success')).toHaveText('Your subscription is active again.');
    await expect(details).toHaveAttribute('data-status', 'active');

    // Cancel offers a pause instead: 30 days closes it and opens the pause dialog at 30.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel the subscription?' });
    await expect(cancelDialog).toBeVisible();
    await cancelDialog.getByRole('button', { name: 'Pause for 30 days' }).click();
    await expect(cancelDialog).toHaveCount(0);
    await expect(pauseDialog).toBeVisible();
    await expect(pauseDialog.getByRole('radio', { name: '30 days' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(pauseDialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeFocused();
    expect(await serverStatus(page, account)).toBe('active');

    // Now for real.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByTestId('notice-success')).toHaveText(
      'Your subscription is cancelled. Access stays until the end of the paid period.',
    );
    await expect(details).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    await expect(page.getByTestId('resubscribe')).toHaveAttribute('href', /^\/en\/subscription\?source=account/);
    expect(await serverStatus(page, account)).toBe('cancelled');
  });

  test('offers a user without a subscription the way to subscribe, in Russian', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/account/subscription?source=mobile_app&platform=android&reason=limit_reached');
    await expect(page.getByTestId('subscription-none')).toBeVisible();
    await expect(page.getByTestId('resubscribe')).toHaveAttribute(
      'href',
      '/subscription?source=account&platform=web&reason=content_cta',
    );
    await expect(page.getByTestId('mobile-banner')).toContainText('мобильного приложения (android)');
    await expect(page.getByTestId('mobile-banner')).toContainText('Вы достигли лимита своего тарифа.');
  });

  test('says so when the subscription cannot be loaded, after its retries', async ({ page, request }) => {
    test.setTimeout(45_000);
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    let calls = 0;
    await page.route('**/api/subscriptions/current', (route) => {
      calls += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' });
    });
    await page.goto('/en/account/subscription');
    await expect(page.getByTestId('notice-danger')).toHaveText(
      'Could not load your subscription. Please try again later.',
      { timeout: 15_000 },
    );
    expect(calls).toBe(4);
    await expect(page.getByTestId('subscription-details')).toHaveAttribute('data-status', 'unknown');
  });
});

test.describe('the plans page', () => {
  test('lists the plans with rubles in Russian and marks the current plan', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/subscription?plan=premium&source=pricewall&reason=cards_limit_free');
    await expect(page.getByTestId('plan-free')).toContainText('Ваш тариф');
    expect(normalize(await page.getByTestId('price-basic').textContent())).toBe('490 ₽ / месяц');
    expect(normalize(await page.getByTestId('price-premium').textContent())).toBe('990 ₽ / месяц');
    await expect(page.getByTestId('plan-premium')).toHaveClass(/is-highlighted/);
    await expect(page.getByTestId('plans-reason')).toHaveText('Бесплатный тариф хранит до 3 карточек.');
    await page.getByText('На год').click();
    expect(normalize(await page.getByTestId('price-basic').textContent())).toBe('4 900 ₽ / год');
    await expect(page.getByTestId('choose-premium')).toHaveAttribute(
      'href',
      '/subscription/checkout?plan=premium_yearly&source=pricewall&reason=cards_limit_free',
    );
  });

  test('lists the plans in dollars in English, with the best promo taken off', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await grantPlan(request, account, 'basic_monthly');
    await useSession(page, account);
    await page.route('**/api/promo/active', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          data: [
            { code: 'MOON10', discount_percentage: '10.00', valid_until: '2099-01-01' },
            { code: 'SUN20', discount_percentage: '20.00', valid_until: '2099-01-01' },
          ],
        }),
      }),
    );
    await page.goto('/en/subscription?upgrade=premium');
    await expect(page.getByTestId('plan-basic')).toContainText('Your plan');
    await expect(page.getByTestId('promo-banner')).toContainText('SUN20: 20% off');
    await expect(page.getByTestId('price-premium')).toContainText('$7.99');
    await expect(page.getByTestId('price-premium')).toContainText('$9.99');
    await expect(page.getByTestId('price-free')).toHaveText('$0.00 / month');
    await page.getByText('Yearly').click();
    await expect(page.getByTestId('price-premium')).toContainText('$79.20');
    await expect(page.getByTestId('choose-premium')).toHaveAttribute(
      'href',
      '/en/subscription/checkout?plan=premium_yearly&promo=SUN20',
    );
  });
});

test('an Arabic price keeps "US$" whole in its right-to-left line, as the browser lays it out', async ({ page }) => {
  await page.goto('/ar/subscription');
  const amount = page.getByTestId('price-basic').locator('span.fs-2');
  await expect(amount).toContainText('US$');
  // Where Chromium draws each character: "U" must stand left of "$", and the whole "US$" left of the number.
  const order = await amount.evaluate((element) => {
    const text = element.firstChild as Text;
    const at = (char: string) => {
      const range = document.createRange();
      const index = (text.textContent ?? '').indexOf(char);
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect().left;
    };
    return { u: at('U'), dollar: at('$'), digit: at('4') };
  });
  expect(order.u).toBeLessThan(order.dollar);
  expect(order.dollar).toBeLessThan(order.digit);
});

test.describe('the pricewall', () => {
  test('offers basic with its price on the free card limit and leads to the plans', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    for (const [name, day] of [
      ['One', '01'],
      ['Two', '02'],
      ['Three', '03'],
    ]) {
      const reply = await request.post('/api/cards', {
        data: { name, birth_date: `1990-01-${day}` },
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(reply.status()).toBe(201);
    }
    await useSession(page, account);
    await page.goto('/en/dash?utm_source=mail&utm_campaign=moon');
    await page.getByTestId('cards-toggle').click();
    await expect(page.getByTestId('cards-usage')).toHaveText('3 of 3');
    await page.getByTestId('cards-add').click();
    const dialog = page.getByTestId('pricewall');
    await expect(dialog).toHaveAttribute('data-variant', 'free');
    await expect(dialog.getByTestId('pricewall-price')).toHaveText('$4.99');
    await expect(dialog).toContainText('Up to 7 saved cards');
    const choose = dialog.getByTestId('pricewall-choose');
    await expect(choose).toHaveAttribute(
      'href',
      '/en/subscription?source=pricewall&platform=web&reason=cards_limit_free&plan=basic&utm_source=mail&utm_campaign=moon',
    );
    await choose.click();
    await expect(page.getByTestId('subscription-plans')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('plan-basic')).toHaveClass(/is-highlighted/);
  });
});

for (const lang of ['ru', 'ar', 'en'] as const) {
  test(`the subscription pages fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const account = await createAccount(request, { lang });
    await grantPlan(request, account, 'basic');
    await useSession(page, account);
    await page.setViewportSize(viewport(375));
    const prefix = lang === 'ru' ? '' : `/${lang}`;
    // The open dialog is photographed widened in place: a reload would close it.
    const shot = (name: string) =>
      checkWidths(page, `subscription-${name}-${lang}`, name === 'cancel-dialog' ? { reopen: async () => {} } : {});
    await page.goto(`${prefix}/subscription?upgrade=premium`);
    await expect(page.getByTestId('plan-basic')).toHaveClass(/is-current/);
    await shot('plans');
    await page.goto(`${prefix}/account/subscription?source=mobile_app&platform=ios&reason=premium_feature`);
    await expect(page.getByTestId('subscription-details')).toHaveAttribute('data-status', 'active');
    await shot('manage');
    await page.getByTestId('subscription-details').getByRole('button').last().click();
    await expect(page.getByTestId('cancel-dialog')).toBeVisible();
    await shot('cancel-dialog');
  });
}
