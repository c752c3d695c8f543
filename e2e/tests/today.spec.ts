import { calendarDay, calendarNames, kinEntity } from '@hunab/calendar';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

/** The browser's own local date, read in the page, so the check holds even across midnight in any zone. */
async function browserToday(page: Page) {
  const [year, month, day] = await page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth() + 1, now.getDate()];
  });
  return { year: year as number, month: month as number, day: day as number };
}

test("shows today's kin in Russian at /dash, as the engine computes it", async ({ page }) => {
  await page.goto('/dash');
  await expect(page.getByTestId('kin-number')).toBeVisible();
  const expected = calendarDay(await browserToday(page), 'ru');
  await expect(page.getByTestId('kin-number')).toHaveText(String(expected.kin.number));
  await expect(page.getByTestId('kin-name')).toHaveText(expected.kin.name);
  await expect(page.getByTestId('seal')).toContainText(expected.kin.sign.name);
  await expect(page.getByTestId('tone')).toContainText(expected.kin.tone.name);
  await expect(page.getByTestId('wavespell')).toContainText(expected.kin.waveSpell.name);
  await expect(page.getByTestId('year')).toContainText(kinEntity(expected.yearKin, 'ru').name);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('today-date')).toContainText('Сегодня');
});

test("shows today's kin in English at /en/dash", async ({ page }) => {
  await page.goto('/en/dash');
  const expected = calendarDay(await browserToday(page), 'en');
  await expect(page.getByTestId('kin-name')).toHaveText(expected.kin.name);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Today', { exact: false }).first()).toBeVisible();
});

test.describe('on a fixed day', () => {
  test('reads 21 December 2012 as Kin 207 Blue Crystal Hand, Rhythmic Lizard Moon day 9', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12, 0));
    await page.goto('/en/dash');
    await expect(page.getByTestId('kin-number')).toHaveText('207');
    await expect(page.getByTestId('kin-name')).toHaveText('Blue Crystal Hand');
    await expect(page.getByTestId('moon')).toHaveText('Rhythmic Lizard Moon, day 9');
    await expect(page.getByTestId('plasma')).toHaveText('Seli');
  });

  test('names the Day Out of Time and gives it no plasma', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2026, 6, 25, 12, 0));
    await page.goto('/en/dash');
    await expect(page.getByTestId('moon')).toHaveText(calendarNames('en').dayOutOfTime);
    await expect(page.getByTestId('plasma')).toHaveCount(0);
  });

  test('gives 29 February the kin of 28 February and names it 0.0 Hunab Ku', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2024, 1, 29, 12, 0));
    await page.goto('/dash');
    const feb28 = calendarDay({ year: 2024, month: 2, day: 28 }, 'ru');
    await expect(page.getByTestId('kin-number')).toHaveText(String(feb28.kin.number));
    await expect(page.getByTestId('moon')).toHaveText(calendarNames('ru').hunabKu);
  });
});

test.describe('in the far east of the date line', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  test("uses the device's local date, not UTC", async ({ page }) => {
    // 2012-12-20 12:00 UTC is already 21 December 02:00 on Kiritimati (UTC+14).
    await page.clock.setFixedTime(new Date(Date.UTC(2012, 11, 20, 12, 0)));
    await page.goto('/en/dash');
    await expect(page.getByTestId('kin-number')).toHaveText('207');
  });
});

test('sets right-to-left for Arabic and shows Arabic names', async ({ page }) => {
  await page.goto('/ar/dash');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const expected = calendarDay(await browserToday(page), 'ar');
  await expect(page.getByTestId('kin-name')).toHaveText(expected.kin.name);
});

test('switches language from the settings menu', async ({ page }) => {
  await page.goto('/dash');
  await page.getByTestId('settings-button').click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/dash$/);
  const expected = calendarDay(await browserToday(page), 'es');
  await expect(page.getByTestId('kin-name')).toHaveText(expected.kin.name);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('shows a not-found page for an unknown path, and the API answers JSON 404', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.goto('/en/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const api = await request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
});
