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
