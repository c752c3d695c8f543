import { expect, type Page } from '@playwright/test';
import { createAccount, test, uniqueEmail, useSession } from './fixtures.ts';

const PASSWORD = 'e2e password 1';

/** Fills the registration form as a new reader does, ticks the consent and sends it. */
async function register(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('place'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByLabel('Date of birth').fill('1987-07-26');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Skips every step of onboarding, as a reader in a hurry does. */
async function skipOnboarding(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/en\/onboarding/);
  for (const step of [1, 2, 3, 4]) {
    await expect(page.getByTestId('onboarding-progress')).toHaveText(`Step ${step} of 4`);
    await page.getByTestId('onboarding-skip').click();
  }
}

const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('a new reader keeps their place', () => {
  test('registering from a checkout comes back to the plan after onboarding', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/en/subscription/checkout?plan=premium_monthly');
    await page.getByTestId('checkout-sign-in').getByRole('link', { name: 'Create an account' }).click();
    await register(page);
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/en\/subscription\/checkout\?plan=premium_monthly$/);
  });

  test('registering after opening a shared kin comes back to it; from elsewhere onboarding ends on the welcome', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/en/kin/207');
    await page.goto('/en/register');
    await register(page);
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/en\/kin\/207$/);

    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/en/tzolkin');
    await page.goto('/en/register');
    await register(page);
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/en\/dash\?welcome=true&source=registration$/);
  });

  test('a new page opens at its top or its anchor, and Back opens the page where the reader left it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/en/tzolkin');
    await expect(page.getByTestId('tzolkin-grid')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => scrollTop(page)).toBe(900);
    await page.locator('.bottom-nav').getByRole('link', { name: 'Moon' }).click();
    await expect(page).toHaveURL(/\/en\/moon$/);
    await expect(page.getByTestId('moon-grid')).toBeVisible();
    await expect.poll(() => scrollTop(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/tzolkin$/);
    await expect.poll(() => scrollTop(page)).toBe(900);
    await page.goForward();
    await expect(page).toHaveURL(/\/en\/moon$/);
    await expect.poll(() => scrollTop(page)).toBe(0);

    // The footer's links open their page at its top, not at the bottom where the footer was.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => scrollTop(page)).toBeGreaterThan(300);
    await page.locator('.app-footer').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.getByTestId('about-page')).toBeVisible();
    await expect.poll(() => scrollTop(page)).toBe(0);

    // An address with an anchor opens at that part of the page.
    await page.goto('/en/legal/privacy#legal-4');
    await expect(page.locator('#legal-4')).toBeInViewport();
  });

  test('a signed-in reader of English is moved to the English address; a guest stays on the one asked for', async ({
    page,
    request,
  }) => {
    await page.goto('/moon?utm_source=bookmark');
    await expect(page.getByTestId('moon-grid')).toBeVisible();
    await expect(page).toHaveURL(/\/moon\?utm_source=bookmark$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.goto('/moon?utm_source=letter#top');
    await expect(page).toHaveURL(/\/en\/moon\?utm_source=letter#top$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('moon-grid')).toBeVisible();
    await page.goto('/context/2027-05-01');
    await expect(page).toHaveURL(/\/en\/context\/2027-05-01$/);
    // A reader who chooses Russian in the app stays there.
    const russian = await createAccount(request, { lang: 'ru' });
    await useSession(page, russian);
    await page.goto('/tzolkin');
    await expect(page.getByTestId('tzolkin-grid')).toBeVisible();
    await expect(page).toHaveURL(/\/tzolkin$/);
  });
});
