import { expect } from '@playwright/test';
import { ADMIN, createAccount, loginAs, test, useSession } from './fixtures.ts';

/** A small real PNG (40×80, grey), as a phone's screenshot would be. */
const screenshot = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACgAAABQCAYAAABrjzfBAAAAkElEQVR4Ac3BAQEAAAiAIPP/nAbWDGH2ESZxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxEidxB257A3Bum950AAAAAElFTkSuQmCC',
    'base64',
  );

test('a reader’s testimonial waits for review, an administrator approves it, and the landing shows it', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/en/13secrets');
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.getByTestId('testimonials')).toHaveCount(0);

  const reader = await createAccount(request, { lang: 'en' });
  await useSession(page, reader);
  await page.goto('/en/account');
  const form = page.getByTestId('testimonial-form');
  const words = `The wavespell view keeps my week in rhythm. ${Date.now()}`;
  await form.getByLabel('Your testimonial').fill(words);
  await form.getByLabel('First name to publish').fill('Ixchel');
  await form.getByLabel(/^Screenshot/).setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: screenshot() });
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please agree to the publication first.');
  await form.getByLabel(/I agree/).check();
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you! Your testimonial is waiting for review.');
  await expect(page.getByTestId('my-testimonials').locator('li')).toHaveAttribute('data-status', 'pending');

  const admin = await browser.newPage();
  await useSession(admin, await loginAs(request, ADMIN.email, ADMIN.password));
  await admin.goto('/admin/testimonials');
  await admin.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const row = admin.locator('tr', { hasText: words });
  // The administrator's interface speaks the administrator's language, Russian.
  await row.getByRole('button', { name: 'Одобрить' }).click();
  await expect(row).toHaveAttribute('data-status', 'approved');
  await admin.close();

  // Another visitor: the first one's browser keeps the empty files for their 5 minutes.
  const visitor = await browser.newPage();
  await visitor.goto('/en/13secrets');
  const section = visitor.getByTestId('testimonials');
  await expect(section.getByTestId('testimonial-screenshot')).toContainText(words);
  await expect(section.getByRole('img', { name: 'Screenshot shared by Ixchel' })).toHaveJSProperty('naturalWidth', 40);
  await visitor.close();
});
