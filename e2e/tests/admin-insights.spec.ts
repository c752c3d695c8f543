import { expect, type Page } from '@playwright/test';
import { ADMIN, checkWidths, createAccount, loginAs, photograph, test, useSession, viewport } from './fixtures.ts';

/**
 * The admin area's overview, statistics and settings in Chromium against the real server: an administrator sees the
 * overview's charts, moves the 13-moons date in /advanced and the top banner counts down to the new date.
 * Screenshots at 375 and 1280 px go to ../screenshots for review.
 */

const SPEC_DATE = '2025-07-26';
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an administrator sees the overview charts, and the 13-moons banner follows the date set in /advanced', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  const restore = () =>
    request.put('/api/admin/settings', {
      data: { thirteenMoonsTarget: SPEC_DATE },
      headers: { authorization: `Bearer ${admin.token}` },
    });
  await useSession(page, admin);
  try {
    await page.goto('/admin');
    const overview = page.getByTestId('admin-overview');
    await expect(overview).toBeVisible();
    await expect(overview.getByTestId('stat-users')).toContainText(/\d/);
    for (const chart of ['chart-registrations', 'chart-active', 'chart-comments'])
      await expect(overview.getByTestId(chart)).toHaveAttribute('data-points', '30');

    // Before the change the spec's date is past: no 13-moons banner.
    await page.goto('/tzolkin');
    await page.evaluate(() => sessionStorage.setItem('top_banners_dismissed', JSON.stringify(['firstCalculation'])));
    await page.reload();
    await expect(page.getByTestId('tzolkin-grid')).toBeVisible();
    await expect(page.locator('[data-testid="top-banner"][data-kind="thirteenMoons"]')).toHaveCount(0);

    await page.goto('/advanced');
    const form = page.getByTestId('settings-form');
    await expect(form.locator('#setting-moons-date')).toHaveValue(SPEC_DATE);
    await form.locator('#setting-moons-date').fill(dayFromToday(10));
    await form.locator('#setting-reason').fill('the next new year');
    await form.getByTestId('settings-save').click();
    await expect(form.getByRole('status')).toBeVisible();

    // The banner reads the setting: in the same session (its query refreshed) and after a reload.
    await page
      .getByRole('link', { name: /Тцолькин|Цолькин|Tzolkin/i })
      .first()
      .click();
    const banner = page.getByTestId('top-banner');
    await expect(banner).toHaveAttribute('data-kind', 'thirteenMoons');
    await expect(banner).toContainText('10');
    await page.reload();
    await expect(banner).toHaveAttribute('data-kind', 'thirteenMoons');
    await expect(banner.getByRole('link')).toHaveAttribute('href', '/go/bot/13moons?source=top_banner');
  } finally {
    await restore();
  }
});

/** Opens the admin area in a language: the admin routes have no language prefix, so it is kept from the page before. */
async function openAdmin(page: Page, lang: 'ru' | 'en' | 'ar', path: string) {
  await page.goto(lang === 'ru' ? '/tzolkin' : `/${lang}/tzolkin`);
  await expect(page.getByTestId('tzolkin-grid')).toBeVisible();
  // The header's admin icon sits in the collapsed menu on a phone: the router is moved as that link would.
  await page.evaluate(() => {
    history.pushState({}, '', '/admin');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('.admin-nav')).toBeVisible();
  if (path !== '/admin') await page.locator(`.admin-nav a[href="${path}"]`).click();
}

test('the cache tools answer with what they cleared', async ({ page, request }) => {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await useSession(page, admin);
  await openAdmin(page, 'en', '/advanced');
  const tools = page.getByTestId('cache-tools');
  await tools.getByRole('button', { name: 'Clear backend cache' }).click();
  await expect(tools.getByTestId('cache-message')).toHaveText(/^Backend cache cleared: \d+ entries$/);
  await tools.getByRole('button', { name: 'Clear frontend cache' }).click();
  await expect(tools.getByTestId('cache-message')).toHaveText('Frontend cache cleared successfully');
});

const SECTIONS = [
  ['overview', '/admin', 'admin-overview'],
  ['analytics', '/admin/analytics', 'chart-events'],
  ['users', '/admin/stats/users', 'chart-registrations-per-day'],
  ['email', '/admin/stats/email/overview', 'admin-email'],
  ['clicks', '/telegram-clicks', 'chart-clicks'],
  ['advanced', '/advanced', 'settings-form'],
  ['debug-process', '/debug/process', 'process-debug-form'],
  ['language-routes', '/debug-language-routes', 'language-routes'],
] as const;

for (const lang of ['ru', 'ar'] as const) {
  test(`the admin sections fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await request.post('/api/analytics/track', { data: { event: 'page_view', platform: 'web', session_id: 'shot' } });
    await useSession(page, admin);
    await page.setViewportSize(viewport(375));
    await openAdmin(page, lang, '/admin');
    for (const [name, path, ready] of lang === 'ru' ? SECTIONS : SECTIONS.filter(([name]) => name !== 'email')) {
      // From one section to the next through the admin menu, as an administrator goes, without loading the app again.
      if (path !== '/admin') await page.locator(`.admin-nav a[href="${path}"]`).click();
      await expect(page.getByTestId(ready)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkWidths(page, `admin-insights-${name}-${lang}`, {
        reopen: async () => {
          await page.reload();
          await expect(page.getByTestId(ready)).toBeVisible();
          await page.waitForLoadState('networkidle');
        },
      });
    }
  });
}

test('the header popover clears the backend cache and simulates a free reader until reset', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await useSession(page, admin);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto('/en/tzolkin');
    await expect(page.getByTestId('tzolkin-grid')).toBeVisible();
    await page.getByTestId('admin-button').click();
    const popover = page.getByTestId('admin-popover');
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: 'Clear backend cache' }).click();
    await expect(popover.getByTestId('cache-message')).toHaveText(/^Backend cache cleared: \d+ entries$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the popover scrolls the page sideways').toBeLessThanOrEqual(0);
    await photograph(page, { path: `../screenshots/admin-popover-en-${width}.png` });
  }
  await expect(page.getByTestId('admin-popover').getByRole('link', { name: 'CRM connection' })).toHaveAttribute(
    'href',
    '/amoauth',
  );

  // A simulated free account: the strip names it, the process day beyond the open tones is refused, reset restores.
  await page.getByTestId('simulate-free').check();
  await page.keyboard.press('Escape');
  const strip = page.getByTestId('access-simulation-strip');
  await expect(strip).toContainText('Free account');
  await page.getByTestId('admin-button').click();
  await page.getByTestId('simulate-paid_waiting').check();
  await page.keyboard.press('Escape');
  await expect(strip).toContainText('waiting for activation');
  const closed = await page.evaluate(async () => {
    const reply = await fetch('/api/content/process?cycleType=13days&cycleValue=1&lang=en');
    return (await reply.json()).access.openTones as number[];
  });
  const tone = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].find((n) => !closed.includes(n));
  await page.goto(`/en/process/${tone}`);
  await expect(page.getByTestId('process-locked')).toHaveAttribute('data-status', 'waiting_activation');
  await photograph(page, { path: '../screenshots/admin-popover-simulated-en-1280.png' });
  await strip.getByRole('button', { name: 'Reset' }).click();
  await expect(strip).toHaveCount(0);
  await expect(page.getByTestId('process-locked')).toHaveCount(0);

  await page.goto('/ar/tzolkin');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('admin-button').click();
  await expect(page.getByTestId('admin-popover')).toBeVisible();
  await photograph(page, { path: '../screenshots/admin-popover-ar-375.png' });
});

test('the process debugger tells what each day shows a user, and every localized address resolves', async ({
  page,
  request,
}) => {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await useSession(page, admin);
  await openAdmin(page, 'en', '/debug/process');
  await page.locator('#debug-user').fill(ADMIN.email);
  await page.getByTestId('process-debug-form').getByRole('button').click();
  const result = page.getByTestId('process-debug');
  await expect(result.locator('tbody tr')).toHaveCount(13);
  await expect(result.locator('tbody tr[data-status="allowed"]')).toHaveCount(13);
  await expect(result).toContainText('Administrators open every day');

  await page.locator('.admin-nav a[href="/debug-language-routes"]').click();
  await expect(page.getByTestId('unresolved')).toHaveText('Addresses that do not resolve: 0');
  await expect(page.getByTestId('language-routes')).toContainText('/ar/tzolkin');
});

test('the referrals, a referrer, the education notebook and the A/B tests fit a phone without sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  // A reader who finished a lesson, and a referrer whose link brought one click and one sign-up.
  const reader = await createAccount(request);
  const progress = await request.post('/api/education/progress', {
    data: { course_id: 'intro', lesson_id: 'lesson-1', status: 'completed' },
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(progress.ok(), await progress.text()).toBe(true);
  const referrer = await createAccount(request);
  // A source of its own, so the filter finds this referrer among those of earlier runs.
  const source = `e2e_${Date.now()}`;
  const made = await request.post('/api/referrals/links', {
    data: { source },
    headers: { authorization: `Bearer ${referrer.token}` },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { link } = await made.json();
  await request.get(`/r/${link.slug}`, { maxRedirects: 0 });
  await createAccount(request);
  // An A/B test with one exposure and its conversion.
  const experiment = await request.post('/api/admin/experiments', {
    data: {
      key: `cta_${Date.now()}`,
      name: 'Call to action',
      variants: [
        { key: 'control', weight: 1 },
        { key: 'green', weight: 1 },
      ],
    },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(experiment.ok(), await experiment.text()).toBe(true);
  const { key } = (await experiment.json()).data;
  // An anonymous visitor counts once a page view has shown them to be one.
  await request.post('/api/analytics/track', {
    data: { event: 'page_view', platform: 'web', session_id: 'e2e-visitor-1' },
  });
  await request.get(`/api/experiments/${key}/assignment?anonymousId=e2e-visitor-1`);
  await request.post(`/api/experiments/${key}/conversion`, { data: { anonymousId: 'e2e-visitor-1' } });

  await useSession(page, admin);
  for (const [lang, width] of [
    ['ru', 375],
    ['ar', 375],
    ['ru', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
    const noSideways = async (what: string) => {
      await page.waitForLoadState('networkidle');
      await photograph(page, { path: `../screenshots/admin-insights-${what}-${lang}-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${what} scrolls sideways at ${width} px in ${lang}`).toBeLessThanOrEqual(0);
    };

    await openAdmin(page, lang, '/admin/referrals');
    const list = page.getByTestId('referrers-table');
    await page.locator('#referrals-source').fill(source);
    await list.getByRole('button', { name: /Клики|النقرات/ }).click();
    const row = list.locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(referrer.email);
    await expect(row.locator('td').nth(2)).toHaveText('1');
    await expect(row.locator('td').nth(3)).toHaveText('1');
    await noSideways('referrals');

    await row.getByRole('link', { name: referrer.email }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/referrals/referrer/${referrer.user.id}/${source}$`));
    await expect(page.getByTestId('chart-referrer-clicks')).toHaveAttribute('data-points', '30');
    await expect(page.getByTestId('referred-table').locator('tbody tr')).toHaveCount(1);
    await noSideways('referrer');

    await page.locator('.admin-nav a[href="/education/notebook"]').click();
    const notebook = page.getByTestId('admin-notebook');
    await notebook.locator('#notebook-email').fill(reader.email);
    const entries = page.getByTestId('notebook-table').locator('tbody tr');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(reader.email);
    await expect(entries.first().locator('.badge')).toHaveText(/Пройден|مكتمل/);
    await noSideways('notebook');

    await page.locator('.admin-nav a[href="/abtests"]').click();
    const card = page.getByTestId('experiment').filter({ hasText: key });
    await expect(card.locator('tbody tr')).toHaveCount(2);
    await expect(card.locator('tbody')).toContainText('100.0%');
    await noSideways('abtests');
  }
});
