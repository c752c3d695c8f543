import { expect, type Page } from '@playwright/test';
import { ADMIN, checkWidths, createAccount, loginAs, photograph, test, useSession, viewport } from './fixtures.ts';

/**
 * Letters to the readers of a topic, from the admin email page, in Chromium against the real server: the count of
 * readers, a test to the administrator's own address, sending after a confirmation and the letter's progress in the
 * list. A reader who confirmed the list can only be made where the database is reachable (DATABASE_URL), since the
 * confirmation link lives in the outbox. Screenshots at 375 and 1280 px go to ../screenshots for review.
 */

const EMAIL_PAGE = '/admin/stats/email/overview';

/**
 * Opens the admin email page in a language. The admin routes have no language prefix: they open in the language the
 * administrator chose last, and read from right to left in Arabic.
 */
async function openEmailPage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('hunab_language', chosen);
    localStorage.setItem('hunab_language_saved_at', String(Date.now()));
  }, lang);
  await page.goto(EMAIL_PAGE);
  await expect(page.getByTestId('letter-form')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** The count of readers the form shows once it has been read. */
async function audienceOf(page: Page): Promise<number> {
  const line = page.getByTestId('letter-audience');
  await expect(line).toHaveAttribute('data-count', /^\d+$/);
  return Number(await line.getAttribute('data-count'));
}

test('an administrator tests a letter on themselves and sends it to the readers of a topic', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await useSession(page, admin);
  await openEmailPage(page, 'en');
  const form = page.getByTestId('letter-form');
  await form.getByTestId('letter-topic').selectOption('product_news');
  await form.getByTestId('letter-lang').selectOption('en');
  const before = await audienceOf(page);
  await expect(form.getByTestId('letter-audience')).toContainText(
    `${before} ${before === 1 ? 'reader' : 'readers'} would receive it now`,
  );

  // Nothing written yet: neither button works.
  const send = form.getByTestId('letter-send');
  await expect(send).toBeDisabled();
  await expect(form.getByTestId('letter-test')).toBeDisabled();

  const subject = `Spring news ${Date.now()}`;
  await form.getByTestId('letter-subject').fill(subject);
  await form
    .getByTestId('letter-body')
    .fill('Hello!\n\nThe new course has opened: https://hunab.app/en/education\n\nSee you soon.');
  if (before === 0) await expect(send).toBeDisabled();
  else await expect(send).toBeEnabled();

  await form.getByTestId('letter-test').click();
  await expect(form.getByTestId('letter-test-sent')).toHaveText(`Sent to ${ADMIN.email}`);

  test.skip(!process.env.DATABASE_URL, 'a reader who confirmed the list needs the outbox, which needs DATABASE_URL');

  // A reader turns the topic on in their email preferences and follows the confirmation link of the outbox.
  const reader = await createAccount(request, { lang: 'en' });
  const chosen = await request.put('/api/email-preferences/topics', {
    data: { lang: 'en', topic: 'product_news', subscribed: true },
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  let link: string;
  try {
    const rows = await client.query<{ link: string }>(
      `select link from outbox_emails where lower(to_address) = lower($1) and link like '%/subscriptions/confirm%'
       order by created_at desc limit 1`,
      [reader.email],
    );
    link = rows.rows[0]?.link ?? '';
  } finally {
    await client.end();
  }
  expect(link, 'the confirmation link in the outbox').toContain('token=');
  const confirmed = await request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);

  // The count is read again when the list changes: one reader more.
  await form.getByTestId('letter-lang').selectOption('de');
  await audienceOf(page);
  await form.getByTestId('letter-lang').selectOption('en');
  // The list's count shows at once from before and is then asked anew: wait for the new answer.
  await expect(form.getByTestId('letter-audience')).toHaveAttribute('data-count', String(before + 1));
  const readers = await audienceOf(page);
  expect(readers).toBe(before + 1);
  await expect(send).toHaveText(`Send to ${readers} ${readers === 1 ? 'reader' : 'readers'}`);

  await send.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('textbox').fill('The spring news');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/admin/letters') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  expect((await posted).postDataJSON()).toMatchObject({
    topic: 'product_news',
    lang: 'en',
    subject,
    audience: readers,
    reason: 'The spring news',
  });
  await expect(dialog).toHaveCount(0);
  await expect(form.getByTestId('letter-notice')).toHaveText(
    `The email is on its way to ${readers} ${readers === 1 ? 'reader' : 'readers'}.`,
  );
  // The form is empty again for the next letter.
  await expect(form.getByTestId('letter-subject')).toHaveValue('');
  await expect(form.getByTestId('letter-body')).toHaveValue('');

  // The list follows the letter until every reader has had it.
  const row = page.getByTestId('letter-row').filter({ hasText: subject });
  await expect(row).toHaveAttribute('data-status', 'sent', { timeout: 60_000 });
  await expect(row.getByTestId('letter-sent')).toHaveText(new RegExp(`^\\d+ / ${readers}$`));
  await expect(row).toContainText(ADMIN.email);
  await expect(row).toContainText('Hunab news');
});

test('a count of readers that changed stops the sending and shows the new count', async ({ page, request }) => {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  await useSession(page, admin);
  // The server's answers for a list whose readers change between the count and the confirmation.
  let count = 3;
  await page.route('**/api/admin/letters/audience?*', (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({
      json: {
        success: true,
        data: { topic: url.searchParams.get('topic'), lang: url.searchParams.get('lang'), audience: count },
      },
    });
  });
  await page.route('**/api/admin/letters', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          json: { success: false, error: { code: 'AUDIENCE_CHANGED', message: 'The audience has changed.' } },
        })
      : route.fallback(),
  );
  await openEmailPage(page, 'en');
  const form = page.getByTestId('letter-form');
  await form.getByTestId('letter-subject').fill('A letter');
  await form.getByTestId('letter-body').fill('Its text.');
  await expect(form.getByTestId('letter-send')).toHaveText('Send to 3 readers');
  await form.getByTestId('letter-send').click();
  count = 4;
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(form.getByTestId('letter-notice')).toContainText('The number of readers changed');
  await expect(form.getByTestId('letter-send')).toHaveText('Send to 4 readers');
  // Nothing was lost: the letter is still there to send again.
  await expect(form.getByTestId('letter-subject')).toHaveValue('A letter');
});

for (const lang of ['en', 'ar'] as const) {
  test(`the letters fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await useSession(page, admin);
    await page.setViewportSize(viewport(375));
    await openEmailPage(page, lang);
    const form = page.getByTestId('letter-form');
    await form.getByTestId('letter-topic').selectOption('programme_reminders');
    await audienceOf(page);
    await form
      .getByTestId('letter-subject')
      .fill(
        lang === 'ar'
          ? 'الخطوة التالية من برنامج الأيام الثلاثة عشر تبدأ غدًا، وهذا عنوان طويل جدًا للتأكد من التفاف النص'
          : 'The next step of the 13-day programme starts tomorrow, and this subject is long on purpose to see it wrap',
      );
    await form
      .getByTestId('letter-body')
      .fill(
        lang === 'ar'
          ? 'مرحبًا!\n\nتبدأ الخطوة التالية غدًا: https://hunab.app/ar/education\n\nإلى اللقاء.'
          : 'Hello!\n\nThe next step starts tomorrow: https://hunab.app/en/education\n\nSee you soon.',
      );
    await page.waitForLoadState('networkidle');
    await photograph(page.getByTestId('letters'), { path: `../screenshots/admin-letters-panel-${lang}-375.png` });
    // The filled form is photographed widened in place: a reload would empty it.
    await checkWidths(page, `admin-letters-${lang}`, { reopen: async () => {} });
  });
}
