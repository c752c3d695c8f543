import {
  addDreamspellDays,
  calendarDay,
  calendarNames,
  formatDate,
  kinEntity,
  moonOfDate,
  parseDate,
  waveSpellOfDate,
} from '@hunab/calendar';
import { expect, type Page } from '@playwright/test';
import { createAccount, swipeLeft, test, useSession } from './fixtures.ts';

const DAY = parseDate('2012-12-21');

async function atDay(page: Page, date: Date) {
  await page.clock.setFixedTime(date);
}

test.describe('the Tzolkin', () => {
  test('shows 260 kins with the selected one highlighted, and a click opens that kin’s date', async ({ page }) => {
    await atDay(page, new Date(2012, 11, 21, 12));
    await page.goto('/en/tzolkin');
    const grid = page.getByTestId('tzolkin-grid');
    await expect(grid.getByTestId('kin-card')).toHaveCount(260);
    await expect(grid.locator('[data-kin="207"] button, button[data-kin="207"]').first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await grid.locator('.tzolkin-cell[data-kin="1"] button').click();
    const expected = formatDate(addDreamspellDays(DAY, 1 - 207 + 260));
    await expect(page).toHaveURL(new RegExp(`/en/context/${expected}$`));
    await expect(page.getByTestId('kin-number')).toHaveText('1');
  });
});

test.describe('the moon', () => {
  test('lays out 28 days under the 7 plasmas, titles moon and day, and opens a day', async ({ page }) => {
    await atDay(page, new Date(2012, 11, 21, 12));
    await page.goto('/en/moon');
    await expect(page.getByTestId('matrix-title')).toHaveText('Rhythmic Lizard Moon, day 9');
    const cells = page.getByTestId('moon-grid').locator('.moon-cell');
    await expect(cells).toHaveCount(28);
    await expect(cells.nth(8)).toHaveAttribute('aria-current', 'date');
    const first = moonOfDate(DAY).days[0]?.date as string;
    await expect(cells.first()).toHaveAttribute('data-date', first);
    await cells.first().click();
    await expect(page).toHaveURL(new RegExp(`/en/context/${first}$`));
  });

  test('moves 28 days with the arrows', async ({ page }) => {
    await atDay(page, new Date(2012, 11, 21, 12));
    await page.goto('/en/moon');
    await page.getByRole('button', { name: 'Next moon' }).click();
    await expect(page.getByTestId('matrix-title')).toHaveText('Resonant Monkey Moon, day 9');
  });

  test('names the Day Out of Time and 0.0 Hunab Ku', async ({ page }) => {
    await atDay(page, new Date(2026, 6, 25, 12));
    await page.goto('/en/moon');
    await expect(page.getByTestId('matrix-title')).toHaveText('Day Out of Time');
    await page.clock.setFixedTime(new Date(2024, 1, 29, 12));
    await page.goto('/en/moon');
    await expect(page.getByTestId('matrix-title')).toHaveText(calendarNames('en').hunabKu);
    await expect(page.getByTestId('moon-grid').locator('.moon-cell')).toHaveCount(28);
  });
});

test.describe('the wavespell, kin, oracle, plasma and year pages', () => {
  test('shows the 13 days of the wavespell; a click opens the day, a swipe moves 13 days', async ({ page }) => {
    await atDay(page, new Date(2012, 11, 21, 12));
    await page.goto('/en/trecena');
    const days = page.getByTestId('trecena-grid').locator('button');
    await expect(days).toHaveCount(13);
    await expect(page.getByTestId('matrix-title')).toHaveText('Yellow Warrior Wavespell');
    const spell = waveSpellOfDate(DAY).days.map((d) => d.date);
    await expect(days.first()).toHaveAttribute('data-date', spell[0] as string);
    await swipeLeft(page);
    await expect(page.getByTestId('matrix-title')).toHaveText(
      calendarDay(addDreamspellDays(DAY, 13), 'en').kin.waveSpell.name,
    );
  });

  test('reads a kin by number and refuses bad numbers with the spec’s messages', async ({ page }) => {
    await page.goto('/en/kin/34');
    await expect(page.getByTestId('kin-name')).toHaveText('White Galactic Wizard');
    for (const bad of ['0', '261', '1.5', 'abc']) {
      await page.goto(`/en/kin/${bad}`);
      await expect(page.getByTestId('kin-error')).toHaveText('Invalid kin number. Must be between 1 and 260.');
    }
  });

  test('without a number shows the day’s kin, or the reader’s birth kin, with a picker in the reader’s language', async ({
    page,
    request,
  }) => {
    await atDay(page, new Date(2012, 11, 21, 12));
    await page.goto('/kin');
    await expect(page.getByTestId('kin-number')).toHaveText('207');
    await expect(page.getByTestId('kin-caption')).toContainText('Кин дня');
    // An empty number is the spec's "Kin number is required", said in the page's language.
    await page.getByTestId('kin-picker-open').click();
    await expect(page.getByTestId('kin-picker-problem')).toHaveText('Укажите номер кина');
    await page.getByTestId('kin-picker-number').fill('34');
    await page.getByTestId('kin-picker-open').click();
    await expect(page).toHaveURL('/kin/34');
    await expect(page.getByTestId('kin-number')).toHaveText('34');
    await page.getByTestId('kin-next').click();
    await expect(page.getByTestId('kin-number')).toHaveText('35');
    await page.goto('/ar/kin/300');
    await expect(page.getByTestId('kin-error')).toHaveText('رقم الكين عدد صحيح من 1 إلى 260.');

    const account = await createAccount(request, { birth_date: '1987-07-26' });
    await useSession(page, account);
    await page.goto('/en/kin');
    await expect(page.getByTestId('kin-caption')).toHaveText('Your birth kin');
    await expect(page.getByTestId('kin-number')).toHaveText('34');
  });

  test('draws the oracle: guide on top, antipode, kin, analog and occult', async ({ page }) => {
    await atDay(page, new Date(2012, 11, 21, 12));
    await page.goto('/en/cross');
    const oracle = kinEntity(207).oracle;
    await expect(page.getByTestId('cross-kin')).toHaveAttribute('data-kin', '207');
    await expect(page.getByTestId('cross-driver')).toHaveAttribute('data-kin', String(oracle.driver));
    await expect(page.getByTestId('cross-antipod')).toHaveAttribute('data-kin', String(oracle.antipod));
    await expect(page.getByTestId('cross-analog')).toHaveAttribute('data-kin', String(oracle.analog));
    await expect(page.getByTestId('cross-occult')).toHaveAttribute('data-kin', String(oracle.occult));
    const driver = await page.getByTestId('cross-driver').boundingBox();
    const occult = await page.getByTestId('cross-occult').boundingBox();
    expect((driver?.y ?? 0) < (occult?.y ?? 0)).toBe(true);
  });

  test('steps through the radial plasmas', async ({ page }) => {
    await page.goto('/en/plasma/1');
    await expect(page.getByTestId('matrix-title')).toHaveText('Dali');
    await page.getByRole('link', { name: 'Seli' }).click();
    await expect(page).toHaveURL(/\/en\/plasma\/2$/);
    await page.getByRole('link', { name: 'Dali' }).click();
    await expect(page).toHaveURL(/\/en\/plasma\/1$/);
  });

  test('shows the 13 moons of a year', async ({ page }) => {
    await page.goto('/en/year/2012');
    await expect(page.locator('.year-moon')).toHaveCount(13);
    await expect(page.getByTestId('matrix-title')).toContainText(
      kinEntity(calendarDay(parseDate('2012-07-26')).kin.number, 'en').name,
    );
  });

  for (const date of ['1900-06-15', '9999-12-31', '2024-03-01']) {
    test(`reads ${date} as the engine does`, async ({ page }) => {
      await page.goto(`/en/context/${date}`);
      await expect(page.getByTestId('kin-number')).toHaveText(String(calendarDay(parseDate(date)).kin.number));
    });
  }
});
