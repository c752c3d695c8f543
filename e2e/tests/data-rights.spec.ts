import { expect } from '@playwright/test';
import { ADMIN, createAccount, loginAs, test, useSession } from './fixtures.ts';

const LANGS = ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar'] as const;
const prefix = (lang: string) => (lang === 'ru' ? '' : `/${lang}`);

test('a reader asks for a copy of their data, then deletes the account with the password', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { lang: 'en' });
  await useSession(page, account);
  await page.goto('/en/account');
  await page.getByTestId('data-export-request').click();
  await expect(page.getByTestId('data-export').getByRole('status')).toContainText('preparing your archive');
  await expect(page.getByTestId('data-export-request')).toBeDisabled();

  const deletion = page.getByTestId('delete-account');
  await deletion.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(page.getByTestId('deletion-steps').locator('li')).toHaveCount(7);
  await expect(page.getByTestId('deletion-steps')).toContainText('After 30 days everything is erased');
  await expect(page.getByTestId('delete-confirm')).toBeDisabled();
  await deletion.getByLabel('Your password').fill('not my password');
  await page.getByTestId('delete-confirm').click();
  await expect(deletion.getByRole('status')).toHaveText('The password is not correct.');
  await deletion.getByLabel('Also remove the text of my comments').check();
  await deletion.getByLabel('Your password').fill(account.password);
  await page.getByTestId('delete-confirm').click();

  await expect(page).toHaveURL(/\/en\/account\/restore\?deleted=1$/);
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(403);
  expect((await login.json()).error.code).toBe('ACCOUNT_CLOSED');

  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await page.evaluate(
    ([token, user]) => {
      window.localStorage.setItem('auth_token', token as string);
      window.localStorage.setItem('user', JSON.stringify(user));
    },
    [admin.token, admin.user] as const,
  );
  await page.goto('/admin/privacy');
  await expect(page.locator('[data-section="privacy"]')).toContainText(account.email);
});

test('signing in to a deleted account says so in the language of the page', async ({ page, request }) => {
  const account = await createAccount(request, { lang: 'en' });
  const closed = await request.post('/api/account/delete', {
    data: { password: account.password },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(closed.ok(), await closed.text()).toBe(true);
  for (const [lang, words] of [
    ['ru', 'Этот аккаунт удалён'],
    ['ar', 'حُذف هذا الحساب'],
    ['en', 'This account was deleted'],
  ] as const) {
    await page.goto(`${prefix(lang)}/login`);
    await page.locator('#login-email').fill(account.email);
    await page.locator('#login-password').fill(account.password);
    await page.locator('.auth-card form button[type="submit"]').click();
    await expect(page.getByTestId('auth-error'), lang).toContainText(words);
  }
});

for (const lang of LANGS) {
  test(`the account page offers the data download and the deletion in ${lang}`, async ({ page, request }) => {
    const account = await createAccount(request, { lang });
    await useSession(page, account);
    await page.goto(`${prefix(lang)}/account`);
    for (const id of ['data-export', 'delete-account']) {
      const heading = page.getByTestId(id).locator('h2');
      await expect(heading).toBeVisible();
      await expect(heading).not.toHaveText(/^(data|delete)\./);
    }
    await page.getByTestId('delete-account').locator('button').click();
    await expect(page.getByTestId('deletion-steps').locator('li')).toHaveCount(7);
    await expect(page.getByTestId('deletion-steps')).not.toContainText('delete.steps');
    await page.goto(`${prefix(lang)}/account/restore?token=${'A'.repeat(43)}`);
    await page.getByTestId('account-link-action').click();
    await expect(page.getByRole('status')).not.toHaveText('');
    await expect(page.getByRole('status')).not.toContainText('link.');
  });
}
