import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { collectConsoleErrors, createAccount, createAdmin, test, useSession } from './fixtures.ts';

/**
 * WCAG 2.2 AA on every page a guest, a reader and an administrator reach, in both themes: axe-core runs once per page
 * and theme, here only rather than in every test. The same visit asserts a console free of errors.
 */
const PAGES = {
  guest: [
    '/welcome',
    '/dash',
    '/dash/cycles',
    '/tzolkin',
    '/moon',
    '/context/2012-12-21',
    '/process',
    '/year',
    '/trecena',
    '/castle/3',
    '/plasma',
    '/kin/1',
    '/cross',
    '/compat',
    '/login',
    '/register',
    '/forgot-password',
    '/subscription',
    '/masters/subscription',
    '/products',
    '/products/13moons',
    '/13moons',
    '/legal',
    '/legal/privacy',
    '/about',
    '/education',
    '/team/management',
    '/game/setup/profile',
    '/en/dash',
    '/ar/dash',
  ],
  user: [
    '/account',
    '/account/referrals',
    '/account/email-preferences',
    '/account/subscription',
    '/account/payments',
    '/journal',
    '/dash/stats',
    '/education/progress',
    '/checkout?plan=premium',
    '/checkout/book-form?plan=premium',
  ],
  admin: [
    '/admin',
    '/admin/users',
    '/admin/audit',
    '/admin/privacy',
    '/admin/outbox',
    '/admin/products',
    '/admin/analytics',
    '/admin/stats/users',
    '/admin/referrals',
    '/payments',
    '/subscriptions',
    '/promocodes',
    '/comments',
    '/abtests',
    '/advanced',
  ],
} as const;

/** The serious and critical WCAG A/AA violations on the page as it is drawn now, one line each. */
async function violations(page: Page, theme: 'dark' | 'light'): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  // Only the colours change with the theme: the second pass checks contrast alone.
  const { violations: found } = await (theme === 'light' ? axe.withRules(['color-contrast']) : axe).analyze();
  return found
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${page.url()} [${theme}] ${violation.id}: ${node.target.join(' ')} ${node.any[0]?.message ?? ''}`,
      ),
    );
}

/** Switches the theme in place and waits for the colour transitions it starts (links, buttons) to end. */
function useTheme(page: Page, theme: 'dark' | 'light') {
  return page.evaluate(async (chosen) => {
    localStorage.setItem('theme', chosen);
    document.documentElement.dataset.bsTheme = chosen;
    await new Promise(requestAnimationFrame);
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  }, theme);
}

async function checkPages(page: Page, paths: readonly string[]): Promise<void> {
  const errors = collectConsoleErrors(page);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page, 'dark')));
    // The themes differ only in their stylesheet variables: the light one is switched to in place, and stored, so
    // the app keeps it if it applies the theme again; the next page opens dark.
    await useTheme(page, 'light');
    found.push(...(await violations(page, 'light')));
    await useTheme(page, 'dark');
  }
  expect.soft(found, 'axe-core: serious or critical WCAG 2.2 AA violations').toEqual([]);
  expect.soft(errors, 'console errors').toEqual([]);
}

test.describe('accessibility and a quiet console on every page', () => {
  // The slowest tests of the suite, by their nature: axe-core reads every element of each page twice (all rules in the
  // dark theme, contrast in the light one), 20-40 s a test on a quiet machine, and they are split so the two workers
  // share them evenly. The limit leaves room for a loaded machine.
  test.describe.configure({ timeout: 300_000 });

  // The calendar pages are the largest documents: three tests of a few pages each run side by side.
  test('a guest’s dashboard, Tzolkin and moon', async ({ page }) => {
    await checkPages(page, PAGES.guest.slice(0, 4));
  });

  test('a guest’s day, tone and year', async ({ page }) => {
    await checkPages(page, PAGES.guest.slice(4, 7));
  });

  test('a guest’s wavespell, castle, plasma, kin, oracle and compatibility', async ({ page }) => {
    await checkPages(page, PAGES.guest.slice(7, 14));
  });

  test('a guest’s sign-in, plans and programmes', async ({ page }) => {
    await checkPages(page, PAGES.guest.slice(14, 22));
  });

  test('a guest’s legal, education, team, game and other languages', async ({ page }) => {
    await checkPages(page, PAGES.guest.slice(22));
  });

  test('a reader’s pages', async ({ page, request }) => {
    await useSession(page, await createAccount(request));
    await checkPages(page, PAGES.user);
  });

  // Each half has its own administrator: every page it opens is noted for the CRM, which takes 20 notes a minute from
  // one account, and the seeded administrator is browsing in the tests beside these.
  const half = Math.ceil(PAGES.admin.length / 2);
  test('the admin pages, first half', async ({ page, request }) => {
    await useSession(page, await createAdmin(request));
    await checkPages(page, PAGES.admin.slice(0, half));
  });

  test('the admin pages, second half', async ({ page, request }) => {
    await useSession(page, await createAdmin(request));
    await checkPages(page, PAGES.admin.slice(half));
  });
});
