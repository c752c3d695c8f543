import {
  calendarDay,
  calendarNames,
  type Language,
  moonOfDate,
  moonPhaseOfDay,
  type PlainDate,
  parseDate,
} from '@hunab/calendar';
import { expect, type Page } from '@playwright/test';
import { PHOTOGRAPH, photograph, test } from './fixtures.ts';

/**
 * The synchronometer on the pages, held against the engine: the true Moon of every day of the moon grid, PSI chrono
 * and fifth-force kins on the oracle, harmonic and chromatic, the heptad, and the New Sirius date on the date line,
 * on ordinary days, on 29 February (0.0 Hunab Ku) and on the Day Out of Time, in Russian, English and Arabic.
 */
const LANGS = ['ru', 'en', 'ar'] as const;
const prefix = (lang: Language) => (lang === 'ru' ? '' : `/${lang}`);

/** The reader's today: noon of the date on the page's clock. */
async function onDay(page: Page, iso: string) {
  const date = parseDate(iso);
  await page.clock.setFixedTime(new Date(date.year, date.month - 1, date.day, 12));
}

/** Minutes east of UTC at noon of a date in the page's zone. */
async function pageOffset(page: Page, date: PlainDate): Promise<number> {
  return page.evaluate(
    ({ year, month, day }) => -new Date(year, month - 1, day, 12).getTimezoneOffset(),
    date as { year: number; month: number; day: number },
  );
}

async function expectDateLine(page: Page, iso: string, lang: Language) {
  const day = calendarDay(parseDate(iso), lang);
  const line = page.getByTestId('new-sirius');
  await expect(line).toHaveAttribute('data-date', iso);
  await expect(line.getByTestId('new-sirius-text')).toHaveText(day.newSirius.text);
}

test.describe('the Moon on the moon page', () => {
  for (const lang of LANGS) {
    test(`draws the true phase image of each of the 28 days, named, with the heptad, in ${lang}`, async ({ page }) => {
      await onDay(page, '2026-07-14');
      await page.goto(`${prefix(lang)}/moon`);
      const cells = page.getByTestId('moon-grid').locator('.moon-cell');
      await expect(cells).toHaveCount(28);
      const names = calendarNames(lang).moonPhases;
      const days = moonOfDate(parseDate('2026-07-14'), lang).days;
      for (const [i, cell] of days.entries()) {
        const date = parseDate(cell.date);
        const phase = moonPhaseOfDay(date, await pageOffset(page, date));
        const image = cells.nth(i).getByTestId('moon-phase');
        await expect(image).toHaveAttribute('data-image', String(phase.image));
        const label = await image.locator('svg').getAttribute('aria-label');
        expect(label, cell.date).toContain(names[phase.phase - 1] as string);
        // Arabic says none, one and two days in words.
        const wholeDays = Math.floor(phase.age);
        if (lang !== 'ar' || wholeDays > 2) expect(label, cell.date).toContain(String(wholeDays));
      }
      const day = calendarDay(parseDate('2026-07-14'), lang);
      await expect(page.getByTestId('heptad')).toHaveAttribute('data-gate', String(day.heptad?.gate));
      await expect(page.getByTestId('heptad-gate')).toContainText(String(day.heptad?.gate));
      await expectDateLine(page, '2026-07-14', lang);
    });
  }

  test('names the new moon of 14 July 2026 in English as the first image', async ({ page }) => {
    await onDay(page, '2026-07-14');
    await page.goto('/en/moon');
    const cell = page.locator('.moon-cell[data-date="2026-07-14"]');
    await expect(cell.getByTestId('moon-phase')).toHaveAttribute('data-image', '1');
    await expect(cell.getByRole('img', { name: 'New moon, 0 days' })).toBeVisible();
  });

  test.describe('in a zone far from UTC', () => {
    test.use({ timezoneId: 'Pacific/Kiritimati' });
    test('counts the Moon at noon in the reader’s zone', async ({ page }) => {
      await onDay(page, '2026-07-14');
      await page.goto('/en/moon');
      const date = parseDate('2026-07-14');
      const offset = await pageOffset(page, date);
      expect(offset).toBe(14 * 60);
      const image = page.locator('.moon-cell[data-date="2026-07-14"]').getByTestId('moon-phase');
      await expect(image).toHaveAttribute('data-image', String(moonPhaseOfDay(date, offset).image));
    });
  });
});

test.describe('the oracle page', () => {
  for (const lang of LANGS) {
    test(`shows the fifth-force and PSI chrono kins of the day in ${lang}`, async ({ page }) => {
      for (const iso of ['2012-12-21', '2028-02-29']) {
        await onDay(page, iso);
        await page.goto(`${prefix(lang)}/cross`);
        const day = calendarDay(parseDate(iso), lang);
        await expect(page.getByTestId('cross-kin')).toHaveAttribute('data-kin', String(day.kin.number));
        await expect(page.getByTestId('fifth-force')).toHaveAttribute('data-kin', String(day.kin.fifthForce.number));
        await expect(page.getByTestId('fifth-force-link')).toContainText(day.kin.fifthForce.name);
        await expect(page.getByTestId('psi-kin')).toHaveAttribute('data-kin', String(day.psiKin?.number));
        await expect(page.getByTestId('psi-kin-link')).toContainText(day.psiKin?.name ?? '');
        await expectDateLine(page, iso, lang);
      }
    });
  }

  test('says the Day Out of Time has no PSI chrono kin', async ({ page }) => {
    await onDay(page, '2026-07-25');
    await page.goto('/en/cross');
    await expect(page.getByTestId('psi-kin')).toHaveAttribute('data-kin', '');
    await expect(page.getByTestId('psi-kin')).toContainText('has no PSI chrono kin');
    await expect(page.getByTestId('new-sirius-text')).toHaveText('NS1.38.0.0');
    await expect(page.getByTestId('new-sirius-day')).toHaveText('Day Out of Time');
  });
});

test.describe('29 February on the seal page', () => {
  for (const lang of LANGS) {
    test(`is 0.0 Hunab Ku with 28 February's kin and PSI kin, and says how the Law of Time reads it, in ${lang}`, async ({
      page,
    }) => {
      await onDay(page, '2028-02-29');
      await page.goto(`${prefix(lang)}/context/2028-02-29`);
      const day = calendarDay(parseDate('2028-02-29'), lang);
      const before = calendarDay(parseDate('2028-02-28'), lang);
      await expect(page.getByTestId('kin-number')).toHaveText(String(before.kin.number));
      await expect(page.getByTestId('psi-kin')).toHaveAttribute('data-kin', String(before.psiKin?.number));
      await expect(page.getByTestId('harmonic')).toHaveAttribute('data-harmonic', String(day.kin.harmonic.number));
      await expect(page.getByTestId('chromatic')).toHaveAttribute('data-chromatic', String(day.kin.chromatic.number));
      await expect(page.getByTestId('harmonic-stage')).toContainText(day.kin.harmonic.stage.name);
      await expect(page.getByTestId('chromatic-clan')).toContainText(day.kin.chromatic.clan.name);
      await expectDateLine(page, '2028-02-29', lang);
      await expect(page.getByTestId('new-sirius-day')).toHaveText(calendarNames(lang).hunabKu);
      await expect(page.getByTestId('new-sirius-note')).toBeVisible();
      const phase = moonPhaseOfDay(parseDate('2028-02-29'), await pageOffset(page, parseDate('2028-02-29')));
      const moon = page.getByTestId('moon-today');
      await expect(moon).toHaveAttribute('data-image', String(phase.image));
      await expect(moon).toHaveAttribute('data-next-new', phase.nextNewMoon ?? '');
      await expect(moon).toHaveAttribute('data-next-full', phase.nextFullMoon ?? '');
    });
  }
});

test.describe('the dashboard, the kin and the plasma pages', () => {
  for (const lang of LANGS) {
    test(`show the day's Moon and PSI kin, the kin's harmonic and chromatic and the day's heptad in ${lang}`, async ({
      page,
    }) => {
      await onDay(page, '2026-12-07');
      const date = parseDate('2026-12-07');
      const day = calendarDay(date, lang);
      await page.goto(`${prefix(lang)}/dash`);
      const phase = moonPhaseOfDay(date, await pageOffset(page, date));
      await expect(page.getByTestId('moon-today')).toHaveAttribute('data-image', String(phase.image));
      await expect(page.getByTestId('moon-today')).toHaveAttribute('data-next-full', phase.nextFullMoon ?? '');
      await expect(page.getByTestId('psi-kin')).toHaveAttribute('data-kin', String(day.psiKin?.number));

      await page.goto(`${prefix(lang)}/kin/207`);
      const kin = calendarDay(parseDate('2012-12-21'), lang).kin;
      await expect(page.getByTestId('harmonic')).toHaveAttribute('data-harmonic', String(kin.harmonic.number));
      await expect(page.getByTestId('harmonic-cell')).toContainText(kin.harmonic.timeCell.name);
      await expect(page.getByTestId('chromatic')).toHaveAttribute('data-chromatic', String(kin.chromatic.number));
      await expect(page.getByTestId('chromatic-stage')).toContainText(kin.chromatic.stage.name);

      await page.goto(`${prefix(lang)}/plasma/3`);
      await expect(page.getByTestId('heptad')).toHaveAttribute('data-gate', String(day.heptad?.gate));
      await expect(page.getByTestId('heptad-place')).toContainText(day.radialPlasma?.name ?? '');
      await expectDateLine(page, '2026-12-07', lang);
    });
  }
});

test.describe('layout', () => {
  for (const width of [375, 1280]) {
    for (const lang of LANGS) {
      test(`moon and oracle pages fit ${width} px in ${lang}, and the Moon is never mirrored`, async ({ page }) => {
        await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
        await onDay(page, '2026-07-20');
        for (const [name, path] of [
          ['moon', '/moon'],
          ['cross', '/cross'],
        ] as const) {
          await page.goto(`${prefix(lang)}${path}`);
          await expect(page.getByTestId('new-sirius')).toBeVisible();
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
          if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
          const moons = page.locator('svg.glyph-moon');
          for (let i = 0; i < (await moons.count()); i++) {
            const transform = await moons.nth(i).evaluate((svg) => getComputedStyle(svg).transform);
            expect(transform).toBe('none');
          }
          if (name === 'moon') {
            // 20 July 2026 is a waxing Moon: its lit part is on the right in every direction of the page.
            const glyph = page.locator('.moon-cell[data-date="2026-07-20"] svg.glyph-moon');
            const disc = await glyph.boundingBox();
            const lit = await glyph.locator('.m-lit').boundingBox();
            expect(lit && disc && lit.x + lit.width / 2 > disc.x + disc.width / 2).toBe(true);
          }
          if (PHOTOGRAPH) {
            await photograph(page, { path: `../screenshots/sync-${name}-${lang}-${width}.png`, fullPage: true });
          }
        }
      });
    }
  }
});
