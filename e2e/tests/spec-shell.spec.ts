import { expect } from '@playwright/test';
import { createAccount, test, useSession } from './fixtures.ts';

/**
 * The shell's last pieces: offline sign-in, the sign-in error codes, the connection line, the spec's failure texts
 * (each failure forced: a route answering badly, or the network gone), the performance emergency and the developer
 * pages.
 */

// The failures are forced with page.route, which a service worker's own requests would bypass.
test.use({ serviceWorkers: 'block' });

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

async function signInOnPage(page: import('@playwright/test').Page, email: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('any password');
  await page.locator('#login-password').press('Enter');
}

test.describe('signing in', () => {
  test('offline: the forced flag gives the offline user, who reads; the cards wait for a real sign-in', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem('flag-set')) window.localStorage.setItem('force_offline', 'true');
      window.sessionStorage.setItem('flag-set', '1');
    });
    await page.goto('/en/login');
    await signInOnPage(page, 'reader@example.com');
    await expect(page).toHaveURL(/\/en\/dash/);
    await expect(page.getByTestId('connection-line')).toHaveAttribute('data-state', /offline/);
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toMatch(/^offline-token-/);
    await page.goto('/en/tzolkin');
    await expect(page.getByTestId('matrix-title')).toBeVisible();
    // A reload restores the offline user from its token, without the server.
    await page.reload();
    await expect(page.getByTestId('connection-line')).toBeVisible();
    // A card made now stays on the device and moves to the account at the real sign-in.
    await page.getByTestId('cards-toggle').click();
    await page.getByTestId('cards-add').click();
    await page.getByTestId('card-name').fill('Kept offline');
    await page.getByTestId('card-date').fill('1990-05-17');
    await page.getByTestId('card-save').click();
    await page.evaluate(() => window.localStorage.removeItem('force_offline'));
    await page.goto('/en/login');
    await page.locator('#login-email').fill(account.email);
    await page.locator('#login-password').fill(account.password);
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(/\/en\/tzolkin/);
    await expect
      .poll(async () => {
        const reply = await request.get('/api/cards', { headers: { authorization: `Bearer ${account.token}` } });
        return JSON.stringify(await reply.json());
      })
      .toContain('Kept offline');
  });

  test('the test account falls back to the offline user when the server gives no answer', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/en/login');
    await signInOnPage(page, 'test@hunab.local');
    await expect(page).toHaveURL(/\/en\/dash/);
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? '{}').authMode)).toBe('offline');
  });

  test('a bare server failure is AUTH_ERROR and a reply without a token INVALID_RESPONSE', async ({ page }) => {
    let reply = { status: 500, contentType: 'text/plain', body: '' };
    await page.route('**/api/auth/login', (route) => route.fulfill(reply));
    await page.goto('/en/login');
    await signInOnPage(page, 'reader@example.com');
    await expect(page.getByTestId('auth-error')).toHaveAttribute('data-code', 'AUTH_ERROR');
    reply = json(200, { success: true });
    await signInOnPage(page, 'reader@example.com');
    await expect(page.getByTestId('auth-error')).toHaveAttribute('data-code', 'INVALID_RESPONSE');
    await expect(page.getByTestId('auth-error')).toContainText('Server returned unexpected format');
  });
});

test('the connection line tells no network from a server in trouble; the view count says it is unknown', async ({
  page,
  context,
  request,
}) => {
  await useSession(page, await createAccount(request));
  await page.route('**/api/matrices/*', (route) => route.abort('internetdisconnected'));
  await page.goto('/en/moon');
  await expect(page.getByTestId('view-counter-unknown')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('connection-line')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('connection-line')).toHaveAttribute('data-state', 'offline');
  await page.route('**/api/health', (route) => route.fulfill(json(503, { success: false })));
  await context.setOffline(false);
  await expect(page.getByTestId('connection-line')).toHaveAttribute('data-state', 'server');
});

test.describe('the failure texts', () => {
  test('kin and reading failures on the matrix pages', async ({ page }) => {
    await page.route('**/api/calendar/kin/**', (route) => route.fulfill(json(500, { success: false })));
    // A kin page opened by its address arrives with its kin from the server: the failure shows when the app reads the
    // kin itself, on a move inside the app.
    await page.goto('/en/dash');
    await page.evaluate(() => {
      history.pushState({}, '', '/en/kin/11');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('kin-error')).toContainText('Unable to load Kin data', { timeout: 15_000 });

    await page.route('**/api/content/seal/**', (route) => route.fulfill(json(503, { success: false })));
    await page.route('**/content/*/signs/**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/en/context/2024-01-01');
    await expect(page.getByTestId('content-error')).toHaveAttribute('data-problem', 'loadFailed');
    await expect(page.getByTestId('content-error')).toContainText('Failed to load content for context');

    await page.unroute('**/api/content/seal/**');
    await page.route('**/api/content/seal/**', (route) =>
      route.fulfill(json(400, { success: false, error: { code: 'VALIDATION_ERROR', message: 'n' } })),
    );
    await page.goto('/context/2024-01-02');
    await expect(page.getByTestId('content-error')).toHaveText('Неверный номер печати.');

    await page.unroute('**/api/content/seal/**');
    await page.route('**/api/content/seal/**', (route) =>
      route.fulfill(json(200, { success: true, data: { content_text: 'x' } })),
    );
    await page.goto('/en/context/2024-01-03');
    await expect(page.getByTestId('content-error')).toHaveAttribute('data-problem', 'error', { timeout: 15_000 });
    await expect(page.getByTestId('content-error')).toContainText('Error loading content.');
  });

  test('a reading waits while the session is restored: "Date context not ready."', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    let answer: () => void = () => {};
    const restored = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/auth/me*', async (route) => {
      await restored;
      await route.continue();
    });
    await page.goto('/en/context');
    await expect(page.getByTestId('content-status')).toHaveText('Date context not ready.');
    answer();
    await expect(page.getByTestId('reading')).toBeVisible();
  });

  test('subscription status, promo codes and the mailing check', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    await page.route('**/api/subscriptions/active-status', (route) => route.fulfill(json(500, { success: false })));
    await page.route('**/api/promo/active', (route) => route.abort('internetdisconnected'));
    await page.goto('/subscription');
    await expect(page.getByTestId('status-error')).toHaveText('Не удалось проверить статус подписки.', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('promo-error')).toHaveText('Ошибка сети при загрузке промокодов');

    await page.route('**/api/subscriptions/check', (route) => route.abort('internetdisconnected'));
    await page.goto('/en/13secrets');
    await page.locator('form.landing-form input[type=email]').first().fill('secret@example.com');
    await page.locator('form.landing-form button[type=submit]').first().click();
    await expect(page.getByTestId('mailing-error')).toContainText('Network error while checking subscription');
  });

  test('a subscription refresh that keeps failing leaves its values unknown', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    const paused = {
      id: 1,
      status: 'paused',
      plan_id: 'basic_monthly',
      level: 1,
      current_period_start: '2026-01-01T00:00:00.000Z',
      current_period_end: '2099-01-01T00:00:00.000Z',
      payment_method: 'card',
      source: 'test',
      card_brand: null,
      card_last4: null,
      auto_renew: true,
      auto_resume: true,
      pause_until: '2099-01-01T00:00:00.000Z',
      cancelled_at: null,
      active: false,
    };
    let reads = 0;
    await page.route('**/api/subscriptions/current', (route) =>
      route.fulfill(reads++ === 0 ? json(200, { success: true, subscription: paused }) : json(500, { success: false })),
    );
    await page.route('**/api/subscriptions/resume', (route) => route.fulfill(json(200, { success: true })));
    await page.goto('/en/account/subscription');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('notice-danger')).toContainText('Failed to refresh subscription', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('subscription-details')).toHaveAttribute('data-status', 'unknown');
  });

  test('the cards bar says the session token was refused during the call', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    await page.route('**/api/cards', (route) =>
      route.fulfill(json(401, { success: false, error: { code: 'UNAUTHORIZED', message: 'x' } })),
    );
    await page.goto('/en/dash');
    await page.getByTestId('cards-toggle').click();
    await expect(page.getByTestId('cards-stale')).toContainText('Auth token missing during API call');
  });
});

test('a page that blocks the main thread for over a second is a performance emergency, reported', async ({ page }) => {
  await page.addInitScript(() => {
    window.addEventListener('DOMContentLoaded', () =>
      setTimeout(() => {
        const until = performance.now() + 1_300;
        while (performance.now() < until) {}
      }, 200),
    );
  });
  const report = page.waitForRequest(
    (r) => r.url().endsWith('/api/frontend-error/log-error') && (r.postData() ?? '').includes('PerformanceEmergency'),
  );
  await page.goto('/en/tzolkin');
  const body = JSON.parse((await report).postData() ?? '{}');
  expect(body.error.performance.exceeded).toContain('tbt');
  await expect(page.locator('html')).toHaveClass(/perf-emergency/);
});

test('the developer pages do what their paths say', async ({ page }) => {
  await page.goto('/test/pricewall?reason=cards_limit_free');
  await expect(page.getByTestId('pricewall-offer')).toBeVisible();
  await page.goto('/test/modular-routes');
  await expect(page.getByTestId('dev-routes')).toContainText('/tzolkin');
  await page.goto('/test-language-routes');
  const routeIn = (lang: string) => page.locator(`[data-testid=dev-language-routes] li[data-lang=${lang}]`);
  await expect(routeIn('de')).toHaveAttribute('data-found', 'true');
  await page.getByRole('textbox').fill('/test-no-prefix');
  await expect(routeIn('ru')).toHaveAttribute('data-found', 'true');
  await expect(routeIn('en')).toHaveAttribute('data-found', 'false');
  await page.goto('/test-translations');
  await expect(page.locator('[data-testid=dev-translations] li')).toHaveCount(8);
  await expect(page.locator('[data-testid=dev-translations] li[data-lang=en]')).toHaveAttribute('data-missing', '0');
  await page.goto('/seo-test');
  await expect(page.getByTestId('dev-seo-check')).toHaveText('в порядке');
  await page.goto('/test-no-prefix');
  await expect(page.getByTestId('dev-no-prefix-english')).toHaveText('нет такой страницы');
  await page.goto('/test-hmr-translations');
  await page.getByRole('button', { name: 'Перезагрузить переводы' }).click();
  await expect(page.getByTestId('dev-reloads')).toHaveAttribute('data-count', '1');
});
