import { expect } from '@playwright/test';
import { ADMIN, checkWidths, createAccount, test, useSession, viewport } from './fixtures.ts';

/**
 * The calendar feed on the account page, the compatibility page, and the share button: in Chromium against the
 * real server. Screenshots at 375 and 1280 px, in Russian and Arabic, go to ../screenshots for review.
 */

test('makes, regenerates and revokes the calendar feed on the account page', async ({ page, request }) => {
  const account = await createAccount(request, { lang: 'en' });
  await useSession(page, account);
  await page.goto('/en/account');
  const feed = page.getByTestId('calendar-feed');
  await expect(feed).toBeVisible();
  await feed.getByTestId('feed-create').click();
  const url = feed.getByTestId('feed-url');
  await expect(url).toHaveValue(/\/api\/feed\/[\w-]{43}\.ics$/);
  await expect(feed.getByTestId('feed-webcal')).toHaveAttribute('href', /^webcal:\/\//);
  const first = await url.inputValue();
  const calendar = await request.get(new URL(first).pathname);
  expect(calendar.status()).toBe(200);
  expect(await calendar.text()).toContain('BEGIN:VCALENDAR');

  await feed.getByTestId('feed-create').click();
  await expect(url).not.toHaveValue(first);
  expect((await request.get(new URL(first).pathname)).status()).toBe(404);
  const second = await url.inputValue();

  await feed.getByTestId('feed-revoke').click();
  await expect(feed.getByRole('status')).toBeVisible();
  expect((await request.get(new URL(second).pathname)).status()).toBe(404);
  await expect(feed.getByTestId('feed-create')).toBeVisible();
});

test('compares two birth dates; a guest reads the summary and a subscriber the whole reading', async ({
  page,
  request,
}) => {
  await page.goto('/en/compat?a=1987-07-26&b=1990-03-15');
  const result = page.getByTestId('compat-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('compat-summary')).toContainText('Together');
  await expect(page.getByTestId('compat-relations').locator('li')).not.toHaveCount(0);
  await expect(page.getByTestId('compat-locked')).toBeVisible();
  await expect(page.getByTestId('compat-reading')).toHaveCount(0);

  // Picking another date changes the link, so the page can be shared as it is.
  await page.getByTestId('compat-b').fill('1987-07-26');
  await expect(page).toHaveURL(/b=1987-07-26/);
  await expect(page.getByTestId('compat-relations').locator('[data-relation="same_kin"]')).toBeVisible();

  const admin = await request.post('/api/auth/login', { data: ADMIN });
  const adminToken = (await admin.json()).token as string;
  const subscriber = await createAccount(request, { lang: 'en' });
  const granted = await request.post(`/api/admin/users/${subscriber.user.id}/subscription`, {
    data: { plan_id: 'premium_monthly', days: 30 },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
  await useSession(page, subscriber);
  await page.goto('/en/compat?a=1987-07-26&b=1990-03-15');
  await expect(page.getByTestId('compat-reading')).toBeVisible();
  await expect(page.getByTestId('compat-locked')).toHaveCount(0);
});

test('the share button downloads the image where the browser cannot share files', async ({ page }) => {
  await page.goto('/en/kin/207');
  const button = page.getByTestId('share-button');
  await expect(button).toBeVisible();
  // Headless Chromium has no share sheet for files: the image is downloaded instead.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'canShare', { value: () => false, configurable: true });
  });
  const download = page.waitForEvent('download');
  await button.click();
  expect((await download).suggestedFilename()).toBe('hunab-kin-207.png');
  await expect(page.getByTestId('share-status')).toBeVisible();
});

test('the share button hands the image to the Web Share API where it takes files', async ({ page }) => {
  await page.goto('/en/dash');
  await page.evaluate(() => {
    const shared: { name: string; type: string; size: number }[] = [];
    (window as unknown as { shared: typeof shared }).shared = shared;
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
    Object.defineProperty(navigator, 'share', {
      value: async (data: { files: File[] }) => {
        for (const file of data.files) shared.push({ name: file.name, type: file.type, size: file.size });
      },
      configurable: true,
    });
  });
  await page.getByTestId('share-button').first().click();
  await expect(page.getByTestId('share-status')).toBeVisible();
  const shared = await page.evaluate(
    () => (window as unknown as { shared: { name: string; type: string; size: number }[] }).shared,
  );
  expect(shared).toHaveLength(1);
  expect(shared[0]).toMatchObject({ name: expect.stringMatching(/^hunab-\d{4}-\d{2}-\d{2}\.png$/), type: 'image/png' });
  expect(shared[0]?.size).toBeGreaterThan(10_000);
});

test('rendered pages name their share image for link previews', async ({ request }) => {
  const kin = await (await request.get('/en/kin/207')).text();
  expect(kin).toContain('property="og:image"');
  expect(kin).toMatch(/\/api\/share\/kin\/207\.png\?lang=en/);
  const context = await (await request.get('/context/2012-12-21')).text();
  expect(context).toMatch(/\/api\/share\/day\/2012-12-21\.png\?lang=ru/);
  const image = await request.get('/api/share/kin/207.png?lang=en');
  expect(image.headers()['content-type']).toBe('image/png');
});

for (const lang of ['ru', 'ar'] as const) {
  test(`the new pages fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request, { lang });
    await useSession(page, account);
    await page.setViewportSize(viewport(375));
    const prefix = lang === 'ru' ? '' : `/${lang}`;
    for (const [name, path] of [
      ['compat', '/compat?a=1987-07-26&b=1990-03-15'],
      ['account-feed', '/account'],
      ['kin-share', '/kin/207'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await page.waitForLoadState('networkidle');
      if (name === 'account-feed') {
        await page.getByTestId('feed-create').click();
        await expect(page.getByTestId('feed-url')).toBeVisible();
        await page.getByTestId('calendar-feed').scrollIntoViewIfNeeded();
      }
      await checkWidths(page, `features-${name}-${lang}`);
    }
  });
}
