import { readFileSync } from 'node:fs';
import { calendarNames, castleTable, type Language } from '@hunab/calendar';
import { expect, type Page } from '@playwright/test';
import { collectConsoleErrors, createAccount, settled, test, useSession } from './fixtures.ts';

const words = (lang: Language) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/public/locales/${lang}/castles.json`, import.meta.url), 'utf8')) as {
    birth: string;
    today: string;
    items: Record<string, { court: string; role: string; colour: string; text: string }>;
  };

/** The kin numbers of the board, row by row. */
const boardKins = (page: Page) =>
  page
    .getByTestId('castle-board')
    .locator('.castle-cell')
    .evaluateAll((cells) => cells.map((cell) => Number((cell as HTMLElement).dataset.kin)));

test.describe('the castle journey', () => {
  test.beforeEach(async ({ page }) => {
    // 21 December 2012: kin 207, in the Yellow Southern Castle of Giving (kins 157-208).
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12));
  });

  test('a castle shows its four wavespells and 52 kins, its colour, court and part in the journey', async ({
    page,
  }) => {
    await page.goto('/en/castle/3');
    await expect(page.getByTestId('matrix-title')).toHaveText('Blue Western Castle of Burning');
    await expect(page).toHaveTitle('Blue Western Castle of Burning · Hunab');
    expect(await boardKins(page)).toEqual(Array.from({ length: 52 }, (_, i) => 105 + i));
    const rows = page.getByTestId('castle-board').locator('.castle-wavespell');
    await expect(rows).toHaveCount(4);
    for (const [i, n] of [9, 10, 11, 12].entries()) {
      await expect(rows.nth(i).getByRole('link', { name: calendarNames('en').wavespells[n - 1] })).toHaveAttribute(
        'href',
        `/en/trecena/${n}`,
      );
    }
    await expect(page.getByTestId('castle-court')).toHaveText('Court of Magic');
    await expect(page.getByTestId('castle-facts')).toContainText('Blue');
    await expect(page.getByTestId('castle-role')).toHaveText(words('en').items['3']?.text as string);
    await expect(page.getByTestId('castle-journey').locator('[aria-current="page"]')).toHaveAttribute(
      'href',
      '/en/castle/3',
    );
    // The day's kin lies in another castle: the legend says so and leads there; no cell of this board is marked.
    await expect(page.locator('.castle-cell.is-day')).toHaveCount(0);
    await page
      .getByTestId('castle-day')
      .getByRole('link', { name: castleTable('en')[3]?.name })
      .click();
    await expect(page).toHaveURL(/\/en\/castle\/4$/);
    await expect(page.locator('.castle-cell.is-day')).toHaveAttribute('data-kin', '207');
    // A kin opens its day.
    await page.locator('.castle-cell[data-kin="207"] a').click();
    await expect(page).toHaveURL(/\/en\/context\/2012-12-21$/);
  });

  test('/castle alone is the castle of the day, the arrows go round the five, a wrong number goes back', async ({
    page,
  }) => {
    await page.goto('/castle');
    await expect(page.getByTestId('matrix-title')).toHaveText(castleTable('ru')[3]?.name as string);
    await expect(page.locator('.castle-cell.is-day')).toHaveAttribute('data-kin', '207');
    await expect(page.locator('.castle-cell.is-day a')).toHaveAccessibleName(/Сегодня/);
    await page
      .getByRole('link', { name: castleTable('ru')[4]?.name, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/castle\/5$/);
    await page
      .getByRole('link', { name: castleTable('ru')[0]?.name, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/castle\/1$/);
    await expect(page.getByTestId('castle-court')).toHaveText(words('ru').items['1']?.court as string);
    await page.goto('/en/castle/9');
    await expect(page).toHaveURL(/\/en\/castle$/);
  });

  test('marks a guest’s stored birth kin, and a signed-in reader’s own', async ({ page, request }) => {
    // The device's birth date is read after hydration: the page the server rendered is hydrated without complaint.
    const errors = collectConsoleErrors(page);
    await page.addInitScript(() => {
      if (!localStorage.getItem('auth_token'))
        localStorage.setItem(
          'guest_birth_date',
          JSON.stringify({ birthDate: '1987-07-26', calculatedData: null, timestamp: Date.now(), source: 'guest' }),
        );
    });
    await page.goto('/en/castle/1');
    await expect(page.locator('.castle-cell.is-birth')).toHaveAttribute('data-kin', '34');
    await expect(page.locator('.castle-cell.is-birth a')).toHaveAccessibleName(/Your birth kin/);
    await expect(page.getByTestId('castle-birth')).toContainText('Kin 34');
    expect(errors).toEqual([]);

    const account = await createAccount(request, { birth_date: '2012-12-21', lang: 'en' });
    await useSession(page, account);
    await page.goto('/en/castle/4');
    await expect(page.locator('.castle-cell.is-birth')).toHaveAttribute('data-kin', '207');
    await expect(page.locator('.castle-cell.is-birth')).toHaveClass(/is-day/);
  });

  test('the wavespell and kin pages lead to their castle', async ({ page }) => {
    // The top banner arrives with the page's data and moves the content down: each click waits for the page to settle.
    const open = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await settled(page);
    };
    await open('/en/trecena/3');
    await page.getByTestId('trecena-castle').click();
    await expect(page).toHaveURL(/\/en\/castle\/1$/);
    await open('/en/kin/120');
    await page.getByTestId('kin-castle').click();
    await expect(page).toHaveURL(/\/en\/castle\/3$/);
    await open('/en/kin/120');
    await page.getByTestId('kin-wavespell').click();
    await expect(page).toHaveURL(/\/en\/trecena\/10$/);
  });

  test('reads right to left in Arabic and fits a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/ar/castle/3', '/ar/trecena/3', '/en/castle/3']) {
      await page.goto(path);
      await expect(page.getByTestId('castle-board').or(page.getByTestId('trecena-grid'))).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/ar/castle/3');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The first kin of each row stands at the right.
    const row = page.locator('.castle-row').first();
    const first = await row.locator('.castle-cell').first().boundingBox();
    const last = await row.locator('.castle-cell').last().boundingBox();
    expect((first?.x ?? 0) > (last?.x ?? 0)).toBe(true);
    await expect(page.getByTestId('castle-court')).toHaveText(words('ar').items['3']?.court as string);
  });
});
