import { expect } from '@playwright/test';
import { ADMIN, createAccount, loginAs, test, useSession } from './fixtures.ts';

/**
 * The two-command setup has no mail server: a reader asks for a new password, an administrator finds the letter at
 * /admin/outbox, reads it as sent, and its link leads to the page that sets the new password.
 */
test('an administrator reads a kept letter at /admin/outbox and follows its link', async ({ page, request }) => {
  const reader = await createAccount(request);
  expect((await request.post('/api/auth/reset-password', { data: { email: reader.email } })).ok()).toBe(true);
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await useSession(page, admin);
  await page.goto('/admin/outbox');
  const section = page.locator('[data-section="outbox"]');
  const row = section.locator('tr', { hasText: reader.email }).filter({ hasText: 'Сброс пароля' });
  await expect(row).toBeVisible();
  const link = row.locator('a[href*="reset-password?token="]');
  await expect(link).toHaveAttribute('target', '_blank');
  await row.getByRole('button').click();
  const letter = page.getByTestId('outbox-letter');
  await expect(letter).toContainText(reader.email);
  await expect(letter.locator('iframe')).toHaveAttribute('sandbox', /allow-popups/);
  const href = (await link.getAttribute('href')) ?? '';
  // The letter statistics name the kinds in the administrator's language too, with the kept letters counted.
  await page.goto('/admin/stats/email/overview');
  const kind = page.getByTestId('admin-email').locator('tr', { hasText: 'Сброс пароля' });
  await expect(kind).toBeVisible();
  await expect(kind.locator('td').nth(4)).not.toHaveText('0');
  await page.goto(new URL(href).pathname + new URL(href).search);
  await expect(page.locator('input[type="password"]').first()).toBeVisible();
});
