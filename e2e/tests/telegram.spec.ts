import { expect } from '@playwright/test';
import { createAccount, photograph, test, useSession } from './fixtures.ts';

test('Connect Telegram on the account page gives a one-time link to the bot', async ({ page, request }) => {
  const account = await createAccount(request, { lang: 'en' });
  await useSession(page, account);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/en/account');
  const section = page.getByTestId('telegram-connect');
  await section.getByRole('button', { name: 'Connect Telegram' }).click();
  await expect(section.getByTestId('telegram-link')).toHaveAttribute(
    'href',
    /^https:\/\/t\.me\/hunab_test_bot\?start=[A-Za-z0-9_-]{43}$/,
  );
  await section.scrollIntoViewIfNeeded();
  await photograph(page, { path: '../screenshots/telegram-connect-en-375.png' });
});

test('with no bot on the server, the bot pages promise nothing a button would do', async ({ page }) => {
  // What the server answers when no bot token is set (the server's own tests hold it to that).
  await page.route('**/api/telegram/bot', (route) =>
    route.fulfill({ json: { success: true, enabled: false, username: null } }),
  );
  await page.goto('/en/hunabbot');
  await expect(page.getByTestId('bot-off').first()).toBeVisible();
  await expect(page.getByTestId('landing-cta')).toHaveCount(0);
  await expect(page.getByText('The button opens it in your messenger.')).toHaveCount(0);
  await expect(page.getByText('Open the bot and press Start.')).toHaveCount(0);

  await page.goto('/en/telegram/login?token=not-a-token');
  const status = page.getByTestId('telegram-login-status');
  await expect(status).toHaveText('This link is not valid or has expired.');
  await expect(status).not.toContainText('bot');
  await page.getByRole('link', { name: 'Sign in with email and password' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
});
