import { expect } from '@playwright/test';
import { checkWidths, createAccount, PHOTOGRAPH, photograph, settled, test, useSession, viewport } from './fixtures.ts';

/**
 * The main pages at phone and desktop widths, in Russian (dark theme) and Arabic (light theme): every page is checked
 * in both for sideways scrolling, and with SCREENSHOTS=1 photographed to ../screenshots for review.
 */
const PAGES = [
  ['dash', '/dash'],
  ['welcome', '/welcome'],
  ['login', '/login'],
  ['register', '/register'],
  ['tzolkin', '/tzolkin'],
  ['moon', '/moon'],
  ['context', '/context/2012-12-21'],
  ['process', '/process/12'],
  ['trecena', '/trecena/16'],
  ['castle', '/castle/3'],
  ['plasma', '/plasma/2'],
  ['year', '/year/2012'],
  ['kin', '/kin/207'],
  ['cross', '/cross'],
  ['cycles', `/dash/cycles#${btoa('1987-07-26')}`],
  ['stats', `/dash/stats#${btoa('1987-07-26')}`],
  ['account', '/account'],
  ['account-subscription', '/account/subscription'],
  ['subscription', '/subscription'],
  ['education', '/education'],
  ['not-found', '/nowhere'],
] as const;

/** Two halves of the list per language and width, so the two workers share the pages. */
const HALVES = [PAGES.slice(0, 10), PAGES.slice(10)] as const;

for (const [lang, theme] of [
  ['ru', 'dark'],
  ['ar', 'light'],
] as const) {
  for (const [half, pages] of HALVES.entries()) {
    test(`pages ${half + 1} of 2 in ${lang}, ${theme}, at 375 and 1280 px`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const account = await createAccount(request, { lang });
      await useSession(page, account);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize(viewport(375));
      await page.clock.setFixedTime(new Date(2012, 11, 21, 12, 0));
      for (const [name, path] of pages) {
        const url = lang === 'ru' ? path : `/${lang}${path}`;
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
        if (PHOTOGRAPH) {
          // The comments load when the reader scrolls to them: the photograph shows them loaded.
          const slot = page.getByTestId('in-view-slot');
          const comments = page.getByTestId('comments-block');
          if ((await slot.count()) || (await comments.count())) {
            await slot.or(comments).first().scrollIntoViewIfNeeded();
            await expect(comments).toBeVisible();
            await page.waitForLoadState('networkidle');
            await page.evaluate(() => window.scrollTo(0, 0));
          }
        }
        await checkWidths(page, `${name}-${lang}`);
      }
    });
  }
}

/** The access states: a guest's sign-in prompt with the top banner, at both widths, in Russian and Arabic. */
for (const width of [375, 1280]) {
  for (const lang of ['ru', 'ar'] as const) {
    test(`access prompt in ${lang} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
      await page.addInitScript(() => localStorage.setItem('date_view_count', '1'));
      await page.goto(lang === 'ru' ? '/tzolkin' : `/${lang}/tzolkin`);
      await expect(page.getByTestId('auth-prompt')).toBeVisible();
      await expect(page.getByTestId('top-banner')).toBeVisible();
      await settled(page);
      await photograph(page, { path: `../screenshots/access-prompt-${lang}-${width}.png` });
    });
  }
}
