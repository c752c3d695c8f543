import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

/** Account pages against the real server: registration, sign-in, email confirmation and password reset. */

const PASSWORD = 'correct horse 1';
let counter = 0;
const uniqueEmail = (label: string) => `auth-${label}.${Date.now()}.${process.pid}.${++counter}@example.com`;

async function createAccount(request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const reply = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, birth_date: '1987-07-26', lang: 'en' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return email;
}

/** The date `years` years before the browser's today, YYYY-MM-DD. */
async function yearsAgo(page: Page, years: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date();
    d.setFullYear(d.getFullYear() - n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, years);
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('auth_token'));

test.describe('registration', () => {
  test('creates an account and goes on to onboarding with a session', async ({ page }) => {
    await page.goto('/en/register?interest=coach');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page).toHaveTitle('Create an account · Hunab');

    const email = uniqueEmail('register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByLabel(/^Name/).fill('Luna');
    await page.getByLabel('Date of birth').fill('1987-07-26');
    // Consent is the reader's own tick: the box starts empty.
    await expect(page.getByRole('checkbox')).not.toBeChecked();
    await page.getByRole('checkbox').check();

    const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await sent).postDataJSON()).toEqual({
      email,
      password: PASSWORD,
      username: 'Luna',
      registration_source: 'website',
      interest: 'coach',
      lang: 'en',
      birth_date: '1987-07-26',
      accept_terms: true,
    });

    // Onboarding first; it ends on /dash?welcome=true&source=registration (onboarding.spec.ts).
    await expect(page).toHaveURL(/\/en\/onboarding$/);
    const token = await storedToken(page);
    expect(token?.split('.')).toHaveLength(3);
    for (const part of token?.split('.') ?? []) expect(part).not.toBe('');
    const interest = await page.evaluate(() => JSON.parse(window.localStorage.getItem('hunab_interest') ?? 'null'));
    expect(interest).toMatchObject({ productId: 'coach', source: 'query' });
  });

  test('checks each field before sending, and needs the consent', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) requests++;
    });
    await page.goto('/en/register');
    const submit = page.getByRole('button', { name: 'Create account' });

    await submit.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();

    await page.getByLabel('Email').fill(uniqueEmail('invalid'));
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Repeat the password').fill('1234');
    await page.getByLabel('Date of birth').fill(await yearsAgo(page, 3));
    await submit.click();

    const password = page.getByLabel('Password', { exact: true });
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-describedby', /register-password-error/);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('You must be at least 6 years old')).toBeVisible();

    await page.getByLabel('Date of birth').fill(await yearsAgo(page, -1));
    await expect(page.getByText('The date of birth cannot be in the future')).toBeVisible();
    await expect(page.getByLabel('Date of birth')).toHaveAttribute('min', '1900-01-01');

    // The name takes as many characters as the server keeps, and says the limit once it is reached.
    const name = page.locator('#register-name');
    await name.fill('n'.repeat(120));
    await expect(name).toHaveValue('n'.repeat(100));
    await expect(page.getByText('The name must be at most 100 characters')).toBeVisible();

    // Without the tick the form says so as it says the fields' problems, and sends nothing.
    const consent = page.getByRole('checkbox');
    await expect(consent).not.toBeChecked();
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('register-consent-hint')).toHaveClass(/text-warning-emphasis/);
    await expect(page.getByText('To create an account, please accept the terms of use')).toBeVisible();
    await consent.check();
    await expect(page.getByTestId('register-consent-hint')).toHaveCount(0);
    await expect(submit).toBeEnabled();

    await expect(page.locator('.auth-card').getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/en/legal/terms',
    );
    await expect(page.locator('.auth-card').getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/en/legal/privacy',
    );
    expect(requests).toBe(0);
  });

  test('says when the email already has an account', async ({ page, request }) => {
    const email = await createAccount(request, 'taken');
    await page.goto('/en/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('auth-error')).toContainText('Email already exists');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/en\/register$/);
  });

  test('speaks Russian without a prefix', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
    await page.getByLabel('Пароль', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(page.getByText('Пароль должен быть не короче 6 символов')).toBeVisible();
    await page.locator('.auth-card').getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/^[^?]*\/login$/);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

test.describe('sign-in', () => {
  test('refuses a wrong password in English, stays under /en/ and holds Back for a while', async ({
    page,
    request,
  }) => {
    const email = await createAccount(request, 'wrong');
    await page.goto('/en/forgot-password');
    await page.locator('.auth-card').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Hunab');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('auth-error')).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await storedToken(page)).toBeNull();

    // Back is held on the page for 10 s after a refusal.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          // The app answers the Back step in its own popstate listener; this one runs after it.
          window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true });
          window.history.back();
        }),
    );
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // The alert can be dismissed.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('auth-error')).toHaveCount(0);
  });

  test('refuses a wrong password in Russian at /login', async ({ page, request }) => {
    const email = await createAccount(request, 'wrong-ru');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.getByText('Введите email')).toBeVisible();
    await expect(page.getByText('Введите пароль')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.getByTestId('auth-error')).toContainText('Неверный email или пароль');
  });

  test('after more than five refusals offers to reset the password', async ({ page, request }) => {
    const email = await createAccount(request, 'many');
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    for (let attempt = 1; attempt <= 6; attempt++) {
      await submit.click();
      await expect(page.getByTestId('auth-error')).toBeVisible();
      await expect(submit).toBeEnabled();
      if (attempt === 5) await expect(page.getByTestId('reset-suggestion')).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/en/forgot-password');
  });

  test('signs in and goes to the dashboard', async ({ page, request }) => {
    const email = await createAccount(request, 'login');
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/dash$/);
    expect((await storedToken(page))?.split('.')).toHaveLength(3);
  });

  test('signs in and returns to the saved page, in the reader’s language', async ({ page, request }) => {
    const email = await createAccount(request, 'return');
    await page.goto('/en/login');
    await page.evaluate(() => window.localStorage.setItem('auth_return_url', '/tzolkin'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The account reads English, so the unprefixed page saved before signing in opens at its English address.
    await expect(page).toHaveURL(/\/en\/tzolkin$/);
    expect(new URL(page.url()).pathname).toBe('/en/tzolkin');
  });

  test('ignores a return URL that leaves the site', async ({ page, request }) => {
    const email = await createAccount(request, 'evil');
    await page.goto('/en/login');
    await page.evaluate(() => window.localStorage.setItem('auth_return_url', '//evil.example/steal'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/dash$/);
    expect(await page.evaluate(() => window.localStorage.getItem('auth_return_url'))).not.toBe('//evil.example/steal');
  });

  test('links between the English pages keep the /en/ prefix and English texts', async ({ page }) => {
    await page.goto('/en/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('.auth-card').getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/en\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.locator('.auth-card').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await page.locator('.auth-card').getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/en\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('answers a reset request with the same neutral message', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/en/forgot-password');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('auth-success')).toContainText(
      `If an account exists for ${email}, we have sent it a link to reset the password.`,
    );
  });

  test('shows the error of an invalid reset link, with a way to ask for a new one', async ({ page }) => {
    await page.goto(`/en/reset-password?token=${'x'.repeat(40)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a new password');
    await page.getByLabel('Repeat the password').fill('a new password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByTestId('auth-error')).toContainText('This link is invalid or has expired.');
    await page.getByTestId('auth-error').getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/en\/forgot-password$/);
  });

  test('explains the reset page without a link, in Russian', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Новый пароль' })).toBeVisible();
    await expect(page.getByText('Эта страница открывается по ссылке из письма')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test.describe('email confirmation', () => {
  test('reports a link that does not work', async ({ page }) => {
    await page.goto(`/en/verify-email?token=${'y'.repeat(40)}`);
    await expect(page.getByTestId('auth-error')).toContainText('Email verification failed');
    await expect(page.locator('.auth-card').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/en/login',
    );
  });

  test('after registration names the address and can send the link again, then waits', async ({ page, request }) => {
    const email = await createAccount(request, 'verify');
    await page.goto(`/en/verify-email?email=${encodeURIComponent(email)}`);
    await expect(page.getByText(`We have sent a confirmation link to ${email}.`)).toBeVisible();
    const resend = page.getByRole('button', { name: 'Send the link again' });
    await resend.click();
    await expect(page.getByText(`We have sent a new link to ${email}.`)).toBeVisible();
    const waiting = page.getByRole('button', { name: /You can send it again in \d+ seconds?/ });
    await expect(waiting).toBeDisabled();
  });
});

test.describe('layout', () => {
  test('fits a 375 px phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/en/register', '/en/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      const card = await page.locator('.auth-card').boundingBox();
      expect(card?.width ?? 0).toBeLessThanOrEqual(375);
    }
  });

  test('mirrors for Arabic and keeps the /ar/ prefix', async ({ page }) => {
    await page.goto('/ar/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const input = await page.locator('#login-email').boundingBox();
    const reveal = await page.locator('.auth-reveal').boundingBox();
    const password = await page.locator('#login-password').boundingBox();
    expect(input).not.toBeNull();
    // The show-password button sits at the end of the field: the left edge in right-to-left.
    expect((reveal?.x ?? 0) - (password?.x ?? 0)).toBeLessThan(10);
    await expect(page.locator('a[href="/ar/register"]')).toBeVisible();
  });
});
