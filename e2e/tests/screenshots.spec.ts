import { expect } from '@playwright/test';
import { createAccount, test, useSession } from './fixtures.ts';

/**
 * Screenshots of the main pages at phone and desktop widths, dark and light, Russian and Arabic, written to
 * ../screenshots for review. Each also checks that nothing scrolls sideways.
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
  ['plasma', '/plasma/2'],
  ['year', '/year/2012'],
  ['kin', '/kin/207'],
  ['cross', '/cross'],
  ['cycles', `/dash/cycles#${btoa('1987-07-26')}`],
  ['stats', `/dash/stats#${btoa('1987-07-26')}`],
  ['kin-comments', '/kin/207'],
  ['account', '/account'],
  ['account-subscription', '/account/subscription'],
  ['subscription', '/subscription'],
  ['education', '/education'],
  ['not-found', '/nowhere'],
] as const;

for (const width of [375, 1280]) {
  for (const lang of ['ru', 'ar', 'en'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      if (lang === 'en' && theme === 'light') continue;
      test(`pages in ${lang}, ${theme}, at ${width} px`, async ({ page, request }) => {
        test.setTimeout(240_000);
        const account = await createAccount(request, { lang });
        await useSession(page, account);
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
        await page.clock.setFixedTime(new Date(2012, 11, 21, 12, 0));
        for (const [name, path] of PAGES) {
          const url = lang === 'ru' ? path : `/${lang}${path}`;
          if (name === 'login' || name === 'register' || name === 'welcome') await page.evaluate(() => 0);
          await page.goto(url);
          await page.waitForLoadState('networkidle');
          await expect(page.locator('#root')).not.toBeEmpty();
          // The comments load when the reader scrolls to them: the shot shows them loaded.
          const slot = page.getByTestId('in-view-slot');
          const comments = page.getByTestId('comments-block');
          if ((await slot.count()) || (await comments.count())) {
            await slot.or(comments).first().scrollIntoViewIfNeeded();
            await expect(comments).toBeVisible();
            await page.waitForLoadState('networkidle');
            await page.evaluate(() => window.scrollTo(0, 0));
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `../screenshots/${name}-${lang}-${theme}-${width}.png`, fullPage: true });
        }
      });
    }
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
      await page.waitForTimeout(400);
      await page.screenshot({ path: `../screenshots/access-prompt-${lang}-${width}.png` });
    });
  }
}
