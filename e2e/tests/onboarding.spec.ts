import { kinOfDate, parseDate } from '@hunab/calendar';
import { expect } from '@playwright/test';
import { ADMIN, checkWidths, createAccount, loginAs, test, uniqueEmail, useSession, viewport } from './fixtures.ts';

const PASSWORD = 'correct horse battery';

test.describe('onboarding after registration', () => {
  test('a new account reveals its kin, chooses language, interest and topics, and lands on the welcome', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/en/register?interest=coach');
    await page.getByLabel('Email').fill(uniqueEmail('onboarding'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByLabel('Date of birth').fill('1987-07-26');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/en\/onboarding$/);

    // The birth date of registration, with the kin the engine gives it; a new date reveals its own kin.
    await expect(page.getByTestId('onboarding-progress')).toHaveText('Step 1 of 4');
    await expect(page.getByTestId('onboarding-kin')).toHaveAttribute(
      'data-kin',
      String(kinOfDate(parseDate('1987-07-26'))),
    );
    await page.getByTestId('onboarding-birth-date').fill('1990-01-01');
    await expect(page.getByTestId('onboarding-kin')).toHaveAttribute(
      'data-kin',
      String(kinOfDate(parseDate('1990-01-01'))),
    );
    const birth = page.waitForRequest((r) => r.url().endsWith('/api/user/me/birth-date') && r.method() === 'PUT');
    await page.getByTestId('onboarding-next').click();
    expect((await birth).postDataJSON()).toEqual({ birthDate: '1990-01-01' });
    await expect(page).toHaveURL(/\/en\/onboarding\?step=language$/);

    // The language moves the page to the language's own address.
    await page.getByTestId('onboarding-language-es').check();
    await page.getByTestId('onboarding-next').click();
    await expect(page).toHaveURL(/\/es\/onboarding\?step=interest$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Primeros pasos');

    // The interest of registration (from the landing's query) is the one offered; another can be chosen.
    await expect(page.getByTestId('onboarding-interest-coach')).toBeChecked();
    await page.getByTestId('onboarding-interest-13moons').check();
    const interest = page.waitForRequest((r) => r.url().endsWith('/api/user/me/interest'));
    await page.getByTestId('onboarding-next').click();
    expect((await interest).postDataJSON()).toEqual({ interest: '13moons' });
    await expect(page).toHaveURL(/\/es\/onboarding\?step=topics$/);

    // The topics of the language's list (Spanish, list 16, first): a topic on asks to confirm the address.
    await expect(page.getByTestId('topics-list')).toHaveValue('es');
    // Lists are named by their language alone: no internal ids.
    await expect(page.getByTestId('topics-list').locator('option:checked')).toHaveText('Español');
    await expect(page.getByTestId('topics-list')).not.toContainText(/\d/);
    await page.getByTestId('topic-product_news').check();
    await expect(page.getByTestId('topics-status')).toContainText('Revisa tu correo');
    await expect(page.getByTestId('topics-address')).toContainText('enlace de confirmación');
    await page.getByTestId('onboarding-finish').click();
    await expect(page).toHaveURL(/\/es\/dash\?welcome=true&source=registration$/);
  });

  test('every step can be skipped without saving anything', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    const writes: string[] = [];
    page.on('request', (r) => {
      // Only onboarding's own writes: the dashboard it lands on records its view of the day, and every page view is
      // noted (analytics, and the subscription-view note of spec 001).
      if (!page.url().includes('/onboarding')) return;
      const noted = r.url().includes('/analytics/') || r.url().includes('/amocrm/subscription-view');
      if (r.method() !== 'GET' && r.url().includes('/api/') && !noted) writes.push(r.url());
    });
    await page.goto('/en/onboarding');
    for (const step of [1, 2, 3]) {
      await expect(page.getByTestId('onboarding-progress')).toHaveText(`Step ${step} of 4`);
      await page.getByTestId('onboarding-skip').click();
    }
    await expect(page.getByTestId('onboarding-topics')).toBeVisible();
    await page.getByTestId('onboarding-skip').click();
    await expect(page).toHaveURL(/\/en\/dash\?welcome=true&source=registration$/);
    expect(writes.filter((url) => !url.includes('/frontend-error/'))).toEqual([]);
  });

  test('is for signed-in people only', async ({ page }) => {
    await page.goto('/en/onboarding');
    await expect(page).toHaveURL(/\/en\/login/);
  });
});

test.describe('account growth pages', () => {
  test('the galactic signature explains the kin of the birth date', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en', birth_date: '1987-07-26' });
    await useSession(page, account);
    await page.goto('/en/account/about');
    const kin = kinOfDate(parseDate('1987-07-26'));
    await expect(page.getByTestId('signature-kin')).toHaveAttribute('data-kin', String(kin));
    await expect(page.getByTestId('signature-seal')).toBeVisible();
    await expect(page.getByTestId('signature-tone')).toBeVisible();
    await expect(page.getByTestId('signature-wave')).toBeVisible();
    await expect(page.getByTestId('signature-cross').locator('figure[data-kin]')).toHaveCount(5);
  });

  test('brand elements download the logo and the glyphs as files', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.goto('/en/account/brand-elements');
    await expect(page.getByTestId('brand-glyph')).toHaveCount(33);
    const logo = await request.get('/favicon.svg');
    expect(logo.ok()).toBe(true);
    const svg = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /as SVG$/ })
      .first()
      .click();
    const file = await svg;
    expect(file.suggestedFilename()).toBe('hunab-seal-1.svg');
    const text = await (await file.createReadStream()).toArray();
    const body = Buffer.concat(text).toString('utf8');
    expect(body).toContain('xmlns="http://www.w3.org/2000/svg"');
    // The colours of the style sheet are written into the file.
    expect(body).toMatch(/fill="rgb\(/);
    const png = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /as PNG$/ })
      .first()
      .click();
    expect((await png).suggestedFilename()).toBe('hunab-seal-1.png');
  });

  test('the CRM return page trades nothing without credentials and says so', async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await useSession(page, admin);
    await page.goto('/amoauth?code=abc123&state=anything');
    await expect(page.getByTestId('crm-error')).toContainText('CRM not configured');
    // The code is taken out of the address, so a reload does not send it again.
    await expect(page).toHaveURL(/\/amoauth$/);
    await page.reload();
    await expect(page.getByTestId('crm-status')).toBeVisible();
  });

  test('the CRM return page is for administrators only', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    let exchanged = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/crm/connect')) exchanged = true;
    });
    await page.goto('/amoauth?code=abc123&state=anything');
    await expect(page.getByTestId('crm-return')).toHaveCount(0);
    expect(exchanged).toBe(false);
  });

  test('a referral link followed inside the app is loaded from the server', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    const link = await request.post('/api/referrals/links', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { source: 'telegram', target: '/welcome' },
    });
    expect(link.ok(), await link.text()).toBe(true);
    const { slug } = (await link.json()).link;
    await page.goto('/en/legal');
    // A client-side navigation to /r/{slug}, as a link inside the app would make.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/r/${slug}`);
    await expect(page).toHaveURL(/\/welcome\?.*ref=/);
  });
});

for (const lang of ['en', 'ar'] as const) {
  test(`growth account pages at 375 and 1280 px in ${lang} do not scroll sideways`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request, { lang });
    await useSession(page, account);
    await page.setViewportSize(viewport(375));
    const prefix = `/${lang}`;
    for (const [name, path] of [
      ['onboarding', '/onboarding'],
      ['onboarding-interest', '/onboarding?step=interest'],
      ['onboarding-topics', '/onboarding?step=topics'],
      ['email-preferences', '/account/email-preferences'],
      ['about', '/account/about'],
      ['brand-elements', '/account/brand-elements'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#root')).not.toBeEmpty();
      await checkWidths(page, `growth-${name}-${lang}`);
    }
  });
}
