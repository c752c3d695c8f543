import { expect, type Page } from '@playwright/test';
import { createAccount, test, uniqueEmail, useSession } from './fixtures.ts';

/**
 * A guest's one free date as the server decides it (spec 000 section 4.8), the date bar on a date's own address, and
 * a guest's birth date given to the account they create.
 */

/** A date `days` from the browser's today, YYYY-MM-DD. */
const fromToday = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
const dateInput = (page: Page) => page.getByTestId('date-input').first();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
});

test.describe('a guest’s second date', () => {
  test('opens the first other date, then gets the prompt and not the reading, from the server and in the page', async ({
    page,
  }) => {
    const first = fromToday(40);
    const second = fromToday(80);
    await page.goto(`/en/context/${first}`);
    await expect(page.getByTestId('reading')).toBeVisible();
    await expect(dateInput(page)).toHaveValue(first);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'hunab_free_date')).toMatchObject({ value: first, httpOnly: true });

    // The page as the server sends it, before any script runs, already holds the prompt in place of the reading.
    const html = await (await page.request.get(`/en/context/${second}`)).text();
    expect(html).toContain('data-reason="guest_date_limit"');

    await page.goto(`/en/context/${second}`);
    const locked = page.getByTestId('reading-locked');
    await expect(locked).toHaveAttribute('data-reason', 'guest_date_limit');
    await expect(locked).toContainText('A guest opens today and one other date');
    await expect(locked.getByRole('link', { name: 'Create account' })).toBeVisible();
    await expect(page.getByTestId('reading')).toHaveCount(0);
    // The date bar shows the date of the page, not today.
    await expect(dateInput(page)).toHaveValue(second);
    await expect(page.getByTestId('auth-prompt')).toBeVisible();

    // The first date stays open, and so does today.
    await page.goto(`/en/context/${first}`);
    await expect(page.getByTestId('reading')).toBeVisible();
    await page.goto(`/en/context/${fromToday(0)}`);
    await expect(page.getByTestId('reading')).toBeVisible();
  });

  test('a free account on another date’s address sees that date in the bar and its plan’s refusal, and the counter says what a view is', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await useSession(page, account);
    const other = fromToday(30);
    await page.goto(`/en/context/${other}`);
    await expect(page.getByTestId('reading-locked')).toHaveAttribute('data-reason', 'free_user_restriction');
    await expect(dateInput(page)).toHaveValue(other);
    // The counter says what it counts.
    await page.goto('/en/tzolkin');
    await expect(page.getByTestId('view-counter-what')).toHaveText(
      'A view is one calendar page (the Tzolkin, the moon, a date’s context and the others) opened on a day: opening it again that day costs nothing.',
    );
  });
});

test.describe('a guest’s birth date', () => {
  test('is kept on the device, offered at sign-up, given to the account, and not doubled by the guest’s own card', async ({
    page,
    request,
  }) => {
    await page.goto('/en/dash/cycles');
    await page.getByLabel('Birth date').fill('1990-05-17');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/#/);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('guest_birth_date') ?? 'null'));
    expect(kept).toMatchObject({
      birthDate: '1990-05-17',
      source: 'guest',
      calculatedData: { kin: expect.any(Number) },
    });
    expect(typeof kept.timestamp).toBe('number');

    // The guest's own main card on that date, and a card of someone else.
    await page.evaluate(() => {
      const card = (id: string, name: string, date: string, primary: boolean) => ({
        id,
        name,
        birth_date: `${date}T12:00:00`,
        description: null,
        is_primary: primary,
      });
      localStorage.setItem(
        'cards',
        JSON.stringify([card('1', 'Me', '1990-05-17', true), card('2', 'Mama', '1962-03-08', false)]),
      );
    });

    await page.goto('/en/register');
    const birthDate = page.getByLabel('Date of birth');
    await expect(birthDate).toHaveValue('1990-05-17');
    await expect(page.locator('#register-birth-date-hint')).toContainText('Required');
    const email = uniqueEmail('guest-birth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e password 1');
    await page.getByLabel('Repeat the password').fill('e2e password 1');
    await page.getByLabel(/^Name/).fill('Sol');
    await page.locator('#register-consent').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/en\/onboarding$/);

    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const headers = { authorization: `Bearer ${token}` };
    const me = await (await request.get('/api/auth/me', { headers })).json();
    expect(me.user.birth_date).toBe('1990-05-17');
    await expect
      .poll(async () => {
        const list = await (await request.get('/api/cards', { headers })).json();
        return ((list.data ?? []) as { name: string }[]).map((card) => card.name).sort();
      })
      .toEqual(['Mama']);
    expect(await page.evaluate(() => localStorage.getItem('cards'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('guest_birth_date'))).toBeNull();
  });
});
