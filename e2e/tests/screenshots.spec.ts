import { expect, test } from '@playwright/test';

/** Screenshots of the pages at phone and desktop widths, in Russian, English and Arabic, for review. */
const WIDTHS = [375, 1280];
const PATHS = [
  ['ru', '/'],
  ['en', '/en/'],
  ['ar', '/ar/'],
  ['ja', '/ja/'],
];

for (const width of WIDTHS) {
  for (const [lang, path] of PATHS) {
    test(`today page ${lang} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
      await page.clock.setFixedTime(new Date(2012, 11, 21, 12, 0));
      await page.goto(path as string);
      await expect(page.getByTestId('kin-number')).toHaveText('207');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
      await page.screenshot({ path: `../screenshots/today-${lang}-${width}.png`, fullPage: true });
    });
  }
}
