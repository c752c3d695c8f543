import { addDays, calendarDay, calendarNames, formatDate, today } from '@hunab/calendar';
import { expect } from '@playwright/test';
import { createAccount, test, useSession } from './fixtures.ts';

// The service worker would answer from its cache where these tests cut the network on purpose.
test.use({ serviceWorkers: 'block' });

test.describe('the seal of a date', () => {
  test('reads 21 December 2012: kin 207 and the reading of the Blue Hand from the content API', async ({ page }) => {
    await page.goto('/context/2012-12-21');
    await expect(page.getByTestId('kin-number')).toHaveText('207');
    const reading = page.getByTestId('reading');
    await expect(reading).toHaveAttribute('data-source', 'api');
    await expect(reading.locator('h2').first()).toHaveText('Синяя Рука');
    await expect(reading.locator('.reading-watermark')).toHaveCSS('opacity', '0.02');
    await expect(reading.locator('.reading-watermark')).toHaveAttribute('data-mark', 'Hunab');
    await expect(reading).toHaveCSS('user-select', 'none');
  });

  test('opens today for a missing or invalid date', async ({ page }) => {
    const iso = formatDate(today());
    await page.goto('/context');
    await expect(page).toHaveURL(new RegExp(`/context/${iso}$`));
    await page.goto('/en/context/2023-02-30');
    await expect(page).toHaveURL(new RegExp(`/en/context/${iso}$`));
  });

  test('falls back to the Markdown file when the content API fails, then to the built-in text', async ({ page }) => {
    await page.route('**/api/content/**', (route) => route.abort());
    await page.goto('/en/context/2012-12-21');
    await expect(page.getByTestId('reading')).toHaveAttribute('data-source', 'static');
    await expect(page.getByTestId('reading').locator('h2').first()).toHaveText('Blue Hand');

    await page.route('**/content/**/*.mdx', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>proxy error</p>' }),
    );
    await page.evaluate(() => localStorage.clear());
    await page.goto('/es/context/2012-12-21');
    const reading = page.getByTestId('reading');
    await expect(reading).toHaveAttribute('data-source', 'builtin');
    await expect(reading.locator('h2').first()).toHaveText(calendarNames('es').seals[6] as string);
  });

  test('moves the page with the date selector', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Today, so the step is the guest's one free date.
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12));
    await page.goto('/en/context/2012-12-21');
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(/\/en\/context\/2012-12-22$/);
    await expect(page.getByTestId('kin-number')).toHaveText(
      String(calendarDay({ year: 2012, month: 12, day: 22 }).kin.number),
    );
  });
});

test.describe('the tone of the day and the 13-day process', () => {
  // Without a subscription, today's and yesterday's tone days are open; the server decides.
  const todayTone = calendarDay(today()).kin.tone.number;
  const closedTone = ((todayTone + 5) % 13) + 1;

  test('shows the assignment, questions and polls; a guest cannot answer', async ({ page }) => {
    await page.goto(`/en/process/${todayTone}`);
    const day = page.getByTestId('process-day');
    await expect(day).toBeVisible();
    await expect(day.locator('textarea').first()).toBeDisabled();
    await expect(page.getByTestId('reading')).toBeVisible();
  });

  test('tells a guest and a free user why another day is closed, and sends none of its questions', async ({
    page,
    request,
  }) => {
    await page.goto(`/en/process/${closedTone}`);
    await expect(page.getByTestId('process-locked')).toHaveAttribute('data-status', 'no_access');
    await expect(page.getByTestId('process-day')).toHaveCount(0);
    await useSession(page, await createAccount(request));
    await page.goto(`/en/process/${closedTone}`);
    await expect(page.getByTestId('process-locked')).toHaveAttribute('data-status', 'free_user_tone_restriction');
    await expect(page.getByTestId('process-locked').getByRole('link')).toHaveAttribute('href', /\/en\/subscription/);
  });

  test('keeps a signed-in user’s answers', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    await page.goto(`/process/${todayTone}`);
    const day = page.getByTestId('process-day');
    const answer = day.locator('textarea').first();
    await answer.fill('Моя цель на эти тринадцать дней');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/content/submit-response'));
    await day.locator('form').first().getByRole('button').click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('process-day').locator('textarea').first()).toHaveValue(
      'Моя цель на эти тринадцать дней',
    );
  });

  test('opens the tone of the selected day when no tone is given', async ({ page }) => {
    await page.goto('/en/process');
    await expect(page).toHaveURL(new RegExp(`/en/process/${calendarDay(today()).kin.tone.number}$`));
  });
});

test.describe('the plan decides which dates open', () => {
  test('a free account reads today’s seal but is told why another date is closed', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    const day = today();
    await page.goto(`/en/context/${formatDate(day)}`);
    await expect(page.getByTestId('reading')).toBeVisible();
    const past = formatDate(addDays(day, -3));
    await page.goto(`/en/context/${past}`);
    await expect(page.getByTestId('reading-locked')).toHaveAttribute('data-reason', 'free_user_restriction');
    await expect(page.getByTestId('reading')).toHaveCount(0);
  });
});
