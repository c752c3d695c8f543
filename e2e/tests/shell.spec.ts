import { expect } from '@playwright/test';
import { ADMIN, collectConsoleErrors, createAccount, loginAs, test, useSession } from './fixtures.ts';

test.describe('start and redirects', () => {
  test('sends a guest from / to /welcome, keeping the language', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/en/');
    await expect(page).toHaveURL(/\/en\/welcome$/);
  });

  test('sends a signed-in user from / to /dash, or to the saved return URL', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dash$/);
    await page.goto('/tzolkin');
    await expect(page.getByTestId('matrix-title')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/tzolkin$/);
  });

  for (const [from, to] of [
    ['/cycles', '/dash/cycles'],
    ['/en/cycles', '/en/dash/cycles'],
    ['/privacy', '/legal/privacy'],
    ['/terms', '/legal/terms'],
    ['/es/privacy', '/es/legal/privacy'],
    ['/team', '/team/management'],
    ['/ru/tzolkin', '/tzolkin'],
    ['/dashboard', '/dash'],
    ['/subscription/masters', '/masters/subscription'],
    ['/education/courses/13-days', '/education/courses/13-days/lesson/intro'],
  ] as const) {
    test(`redirects ${from} to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to.replaceAll('/', '\\/')}$`));
    });
  }

  test('redirects /profile to /account for a signed-in user and /stats to the admin statistics', async ({
    page,
    request,
  }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await useSession(page, admin);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/stats');
    await expect(page).toHaveURL(/\/admin\/stats\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Статистика пользователей');
  });
});

test.describe('first load', () => {
  test('preloads the chunk of the page being opened, in any language, and no other page', async ({ page }) => {
    for (const [path, chunk] of [
      ['/moon', 'MoonPage'],
      ['/ar/tzolkin', 'TzolkinPage'],
      ['/en/context/2012-12-21', 'ContextPage'],
    ] as const) {
      await page.goto(path);
      const read = () =>
        page
          .locator('link[rel="modulepreload"]')
          .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      // The links are added a few at a time after the first paint.
      await expect
        .poll(async () => (await read()).some((href) => href.includes(`/assets/${chunk}-`)), { message: path })
        .toBe(true);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', '1');
      const preloads = await read();
      expect(
        preloads.filter((href) => /\/assets\/\w+Page-/.test(href) && !href.includes(chunk)),
        path,
      ).toEqual([]);
    }
  });
});

test.describe('languages', () => {
  test('emits alternate links for the eight languages and a default, prefix stripped', async ({ page }) => {
    await page.goto('/en/tzolkin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(9);
    const links = await page
      .locator('link[rel="alternate"]')
      .evaluateAll((nodes) =>
        nodes.map((node) => [node.getAttribute('hreflang'), new URL((node as HTMLLinkElement).href).pathname]),
      );
    expect(links).toEqual([
      ['ru', '/tzolkin'],
      ['en', '/en/tzolkin'],
      ['es', '/es/tzolkin'],
      ['pt', '/pt/tzolkin'],
      ['de', '/de/tzolkin'],
      ['ja', '/ja/tzolkin'],
      ['zh', '/zh/tzolkin'],
      ['ar', '/ar/tzolkin'],
      ['x-default', '/tzolkin'],
    ]);
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '').pathname).toBe(
      '/en/tzolkin',
    );
  });

  test('an English and an Arabic page ask for no file that is missing and log no error', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const missing: string[] = [];
    page.on('response', (reply) => {
      if (reply.status() >= 400) missing.push(`${reply.status()} ${reply.url()}`);
    });
    for (const path of ['/en/moon', '/ar/tzolkin', '/en']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('reads the translations of the page’s language only', async ({ page }) => {
    const read: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/locales/')) read.push(new URL(sent.url()).pathname);
    });
    await page.goto('/de/moon');
    await expect(page.getByRole('link', { name: 'Übersicht', exact: true }).first()).toBeVisible();
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((path) => !path.startsWith('/locales/de/'))).toEqual([]);
  });

  test('on a phone the bottom navigation’s labels stay on one line in every language', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const prefix of ['', '/en', '/es', '/pt', '/de', '/ja', '/zh', '/ar']) {
      await page.goto(`${prefix}/moon`);
      const labels = page.getByTestId('bottom-nav').locator('.bottom-nav-item span');
      await expect(labels).toHaveCount(5);
      // The lines each label's text is laid out on, as Chromium draws it.
      const lines = await labels.evaluateAll((spans) =>
        spans.map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          return `${span.textContent}: ${new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size}`;
        }),
      );
      expect(lines, prefix || '/ru').toEqual(lines.map((line) => line.replace(/\d+$/, '1')));
    }
  });

  test('on a phone Japanese labels of a few characters are never broken inside', async ({ page }) => {
    // Japanese may break between any two characters: a narrow column or button splits "アルファ" or "開く".
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/ja/moon', '/ja/kin/207', '/ja/login', '/ja/register']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      const broken = await page.locator('main').evaluate((main) => {
        const found: string[] = [];
        for (const element of main.querySelectorAll('button, a, label, span, th, h1, h2')) {
          for (const node of element.childNodes) {
            const text = node.textContent?.trim() ?? '';
            if (node.nodeType !== Node.TEXT_NODE || !text || text.length > 10) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) found.push(text);
          }
        }
        return found;
      });
      expect(broken, path).toEqual([]);
    }
  });

  test('turns Arabic right to left and back', async ({ page }) => {
    await page.goto('/ar/dash');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('settings-button').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/dash$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('tells the server the new language of a signed-in user', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/dash');
    await page.getByTestId('settings-button').click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/language') && r.request().method() === 'PUT',
    );
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    expect((await saved).ok()).toBe(true);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await me.json()).user.lang).toBe('de');
  });

  test('closes the settings menu on Escape and on an outside click', async ({ page }) => {
    await page.goto('/dash');
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('settings-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-menu')).toHaveCount(0);
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('settings-menu')).toBeVisible();
    // A point of the page far from the menu, whatever has scrolled: a locator's click would scroll main's corner
    // under the sticky header when a banner moves the page meanwhile.
    await page.mouse.click(8, 400);
    await expect(page.getByTestId('settings-menu')).toHaveCount(0);
  });

  test('switches the theme and keeps it', async ({ page }) => {
    await page.goto('/dash');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  });
});

test.describe('translation fallbacks', () => {
  // The page's own requests, not the worker's cache, answer: the test decides which files are missing.
  test.use({ serviceWorkers: 'block' });
  test('puts English, then Russian, in place of a translation file that cannot be read', async ({ page }) => {
    await page.route('**/locales/de/translation.json', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto('/de/moon');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeVisible();

    await page.route('**/locales/en/translation.json', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.evaluate(() => localStorage.clear());
    await page.goto('/de/tzolkin');
    await expect(page.getByRole('link', { name: 'Панель', exact: true }).first()).toBeVisible();
  });
});

test.describe('guards', () => {
  test('sends a guest from a protected page to /login and back after signing in', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/account/payments');
    await expect(page).toHaveURL(/\/login$/);
    await page.locator('input[type="email"]').fill(account.email);
    await page.locator('input[type="password"]').first().fill(account.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account\/payments$/);
  });

  test('shows a non-admin the refusal with a Back button and their email', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto('/admin/users');
    await expect(page.getByText('У вас нет прав администратора для доступа к этой странице.')).toBeVisible();
    await expect(page.getByTestId('guard-email')).toHaveText(account.email);
    await expect(page.getByRole('button', { name: 'Назад' })).toBeVisible();
  });

  test('asks a guest on an admin page to sign in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Войдите, чтобы продолжить' })).toBeVisible();
  });

  test('lets an admin into the admin area', async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await useSession(page, admin);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Администрирование' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('signs out in every tab', async ({ context, request }) => {
    const account = await createAccount(request);
    const first = await context.newPage();
    await first.goto('/dash');
    await first.evaluate(
      ([token, user]) => {
        localStorage.setItem('auth_token', token as string);
        localStorage.setItem('user', JSON.stringify(user));
      },
      [account.token, account.user] as const,
    );
    await first.reload();
    const second = await context.newPage();
    await second.goto('/dash');
    await expect(second.getByTestId('logout-button')).toBeVisible();
    const third = await context.newPage();
    await third.goto('/account');
    await expect(third.getByTestId('account-name')).toBeVisible();
    await first.getByTestId('logout-button').click();
    await expect(second.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
    await expect(second.getByTestId('logout-button')).toHaveCount(0);
    await expect(third).toHaveURL(/\/login$/);
    await expect.poll(() => second.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('clears stored auth with a malformed token', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('auth_token', 'undefined');
      localStorage.setItem('user', JSON.stringify({ id: 1, email: 'x@example.com' }));
    });
    await page.goto('/dash');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('signs out on a 401 from /auth/me', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.addInitScript(
      ([user]) => {
        localStorage.setItem('auth_token', 'aaaa.bbbb.cccc');
        localStorage.setItem('user', JSON.stringify(user));
      },
      [account.user] as const,
    );
    await page.goto('/dash');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('keeps the cached user when the server cannot be reached', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.route('**/api/auth/me**', (route) => route.abort('internetdisconnected'));
    await page.goto('/account');
    await expect(page.getByTestId('account-name')).toBeVisible();
  });
});

test('shows the first-load screen once per session, and takes it away when the app is ready', async ({ page }) => {
  await page.goto('/dash');
  await expect(page.getByTestId('kin-number')).toBeVisible();
  await expect(page.locator('.first-load-screen')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('hunab_first_load_shown'))).toBe('1');
});

test.describe('recovery and updates', () => {
  // The service worker would serve the blocked chunk from its cache; these tests are about the page itself.
  test.use({ serviceWorkers: 'block' });
  test('shows the update notice on a chunk that fails to load, reloads once, then shows the loading problem', async ({
    page,
  }) => {
    await page.goto('/dash');
    await expect(page.getByTestId('kin-number')).toBeVisible();
    await page.route(/\/assets\/LegalPage-[^/]+\.js$/, (route) => route.abort());
    let loads = 0;
    page.on('load', () => loads++);
    await page.evaluate(() => {
      history.pushState({}, '', '/legal');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Application Update')).toBeVisible();
    await expect(page.getByText('Проблема загрузки')).toBeVisible({ timeout: 15_000 });
    expect(loads).toBe(1);
  });

  test('reloads when the deployed cacheVersion changes', async ({ page }) => {
    await page.route('**/api/cache/frontend/version**', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            frontendVersion: '9.9.9',
            cacheVersion: 'a-newer-build',
            minAppVersion: '0.0.0',
            lastUpdate: new Date().toISOString(),
            requiresUpdate: false,
            isCritical: false,
          },
        },
      }),
    );
    await page.goto('/dash');
    await expect(page.getByTestId('kin-number')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('hunab:check-update')));
    await expect(page.getByText('Обновление приложения')).toBeVisible();
    await reloaded;
  });
});
