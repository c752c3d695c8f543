import { expect, type Page } from '@playwright/test';
import { type Account, createAccount, photograph, test, uniqueEmail, useSession } from './fixtures.ts';

/** The cards side bar: guests' cards on the device, moved to the account on sign-up; search, edit, delete, limits. */

const hashOf = (text: string) => `#${Buffer.from(text).toString('base64')}`;

async function openBar(page: Page) {
  await page.getByTestId('cards-toggle').click();
  await expect(page.getByTestId('cards-bar')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/cards-bar-open/);
}

async function submitCard(page: Page, name: string, date: string, time?: string) {
  await page.getByTestId('cards-add').click();
  await page.getByTestId('card-name').fill(name);
  await page.getByTestId('card-date').fill(date);
  if (time) await page.getByTestId('card-time').fill(time);
  await page.getByTestId('card-save').click();
}

async function addCard(page: Page, name: string, date: string, time?: string) {
  await submitCard(page, name, date, time);
  await expect(page.getByTestId('card-form')).toHaveCount(0);
}

const names = (page: Page) => page.getByTestId('card-item-name').allInnerTexts();

async function serverCards(page: Page, token: string) {
  const reply = await page.request.get('/api/cards', { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { data: { name: string; birth_date: string; is_primary: boolean }[] };
}

async function seedCards(account: Account, page: Page, cards: { name: string; birth_date: string }[]) {
  for (const card of cards) {
    const reply = await page.request.post('/api/cards', {
      data: card,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(reply.status()).toBe(201);
  }
}

test.describe('cards of a guest', () => {
  test('are kept on the device, then found on the account once after signing up', async ({ page }) => {
    await page.goto('/en/dash');
    await expect(page.locator('body')).toHaveClass(/cards-bar-closed/);
    await openBar(page);
    await expect(page.getByTestId('cards-bar')).toContainText('Kept on this device');
    await addCard(page, 'Mila', '1987-07-26', '08:30');
    await addCard(page, 'Lev', '1828-09-09');
    expect(await names(page)).toEqual(['Mila', 'Lev']);
    await expect(page.locator('.card-item.is-primary')).toContainText('Mila');
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('cards') ?? '[]'));
    expect(local).toHaveLength(2);
    expect(local[0]).toMatchObject({ user_id: 'local_user', is_primary: true, birth_date: '1987-07-26T08:30:00.000Z' });
    expect(Number(local[0].id)).toBeGreaterThan(1_600_000_000_000);
    // The same card again is not added twice.
    await addCard(page, 'Lev', '1828-09-09', '12:00');
    expect(await names(page)).toEqual(['Mila', 'Lev']);

    await page.getByTestId('cards-toggle').click();
    await page.goto('/en/register');
    await page.getByLabel('Email').fill(uniqueEmail('cards'));
    await page.getByLabel('Password', { exact: true }).fill('cards password');
    await page.getByLabel('Repeat the password').fill('cards password');
    await page.getByLabel('Date of birth').fill('1990-01-01');
    await page.getByRole('checkbox').check();
    const migrated = page.waitForResponse((r) => r.url().endsWith('/api/cards/migrate'));
    await page.getByRole('button', { name: 'Create account' }).click();
    const reply = await (await migrated).json();
    expect(reply.data.imported).toHaveLength(2);

    await expect.poll(() => page.evaluate(() => localStorage.getItem('cards'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('cards_migrated'))).toBe('1');
    const token = (await page.evaluate(() => localStorage.getItem('auth_token'))) ?? '';
    const onServer = await serverCards(page, token);
    expect(onServer.data.map((c) => [c.name, c.birth_date, c.is_primary])).toEqual([
      ['Mila', '1987-07-26T08:30:00.000Z', true],
      ['Lev', '1828-09-09T12:00:00.000Z', false],
    ]);

    // Registration goes on to onboarding (no cards bar there); the cards are found on the next page.
    await expect(page).toHaveURL(/\/en\/onboarding$/);
    await page.goto('/en/dash');
    await openBar(page);
    await expect(page.getByTestId('card-item')).toHaveCount(2);
    await expect(page.getByTestId('cards-usage')).toHaveText('2 of 3');
    await expect(page.getByTestId('cards-bar')).not.toContainText('Kept on this device');

    // Signing out clears the session flags.
    await page.getByTestId('logout-button').click();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('cards_migrated'))).toBeNull();
  });

  test('skip what the account already has, and nameless ones get a name', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await seedCards(account, page, [{ name: 'Mila', birth_date: '1987-07-26' }]);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'cards',
        JSON.stringify([
          // Not the guest's main card: that one, on the account's own birth date, is the reader and is not moved.
          { id: '1700000000001', user_id: 'local_user', name: 'Mila', birth_date: '1987-07-26', is_primary: false },
          { id: '1700000000002', user_id: 'local_user', name: '', birth_date: '2001-01-01T09:00:00Z' },
        ]),
      );
    });
    await page.goto('/en/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const migrated = page.waitForResponse((r) => r.url().endsWith('/api/cards/migrate'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await (await migrated).json()).data.skipped).toEqual([
      { localId: '1700000000001', reason: 'duplicate', id: expect.any(String) },
    ]);
    const onServer = await serverCards(page, account.token);
    expect(onServer.data.map((c) => c.name)).toEqual(['Mila', 'Мой расчёт']);
  });

  test('show 12 cards at once and the rest a moment later; Escape closes the bar', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      const cards = Array.from({ length: 15 }, (_, i) => ({
        id: String(1_700_000_000_000 + i),
        user_id: 'local_user',
        name: `Card ${i + 1}`,
        birth_date: `1990-01-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
        is_primary: i === 0,
      }));
      localStorage.setItem('cards', JSON.stringify(cards));
    });
    await page.goto('/en/dash');
    await page.evaluate(() => {
      const seen = [] as number[];
      (window as unknown as { seen: number[] }).seen = seen;
      new MutationObserver(() => {
        const count = document.querySelectorAll('[data-testid="card-item"]').length;
        if (count && seen.at(-1) !== count) seen.push(count);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await openBar(page);
    await expect(page.getByTestId('card-item')).toHaveCount(15);
    expect(await page.evaluate(() => (window as unknown as { seen: number[] }).seen)).toEqual([12, 15]);

    await page.getByTestId('cards-search').press('Escape');
    await expect(page.getByTestId('cards-bar')).toHaveCount(0);
    await expect(page.locator('body')).toHaveClass(/cards-bar-closed/);
    await expect(page.getByTestId('cards-toggle')).toBeFocused();
  });

  test('restore a card left unsaved before signing in', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await page.goto('/en/dash');
    await openBar(page);
    await page.getByTestId('cards-add').click();
    await page.getByTestId('card-name').fill('Half typed');
    await page.getByTestId('card-date').fill('1999-09-09');
    await page.getByTestId('cards-toggle').click();
    await expect(page.getByTestId('cards-bar')).toHaveCount(0);

    await page.goto('/en/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('cards-bar')).toBeVisible();
    await expect(page.getByTestId('card-name')).toHaveValue('Half typed');
    await expect(page.getByTestId('card-date')).toHaveValue('1999-09-09');
    await page.getByTestId('card-save').click();
    await expect(page.getByTestId('card-item-name')).toHaveText('Half typed');
    expect(await page.evaluate(() => localStorage.getItem('unsaved_card'))).toBeNull();
  });
});

test.describe('cards of a signed-in user', () => {
  test('are searched, edited and deleted after a yes', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await seedCards(account, page, [
      { name: 'Людмила', birth_date: '1960-03-08' },
      { name: 'Anna', birth_date: '1990-02-28' },
      { name: 'Милана', birth_date: '1987-07-26' },
    ]);
    await useSession(page, account);
    await page.goto('/en/tzolkin');
    await openBar(page);
    await expect(page.getByTestId('card-item')).toHaveCount(3);

    await page.getByTestId('cards-search').fill('МИЛ');
    expect(await names(page)).toEqual(['Людмила', 'Милана']);
    await page.getByTestId('cards-search').fill('zz');
    await expect(page.getByTestId('cards-bar')).toContainText('No card matches “zz”.');
    await page.getByTestId('cards-search').fill('');

    const anna = page.getByTestId('card-item').filter({ hasText: 'Anna' });
    await anna.getByTestId('card-edit').click();
    await page.getByTestId('card-name').fill('');
    await page.getByTestId('card-save').click();
    await expect(page.getByTestId('card-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('card-form')).toContainText('Enter a name.');
    await page.getByTestId('card-name').fill('Anna K.');
    await page.getByTestId('card-time').fill('07:15');
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByTestId('card-save').click();
    expect((await put).postDataJSON()).toEqual({ name: 'Anna K.', birth_date: '1990-02-28T07:15:00.000Z' });
    await expect(page.getByTestId('card-item').filter({ hasText: 'Anna K.' })).toContainText('07:15');

    const mila = page.getByTestId('card-item').filter({ hasText: 'Милана' });
    await mila.getByTestId('card-delete').click();
    await mila.getByRole('button', { name: 'No' }).click();
    await expect(page.getByTestId('card-item')).toHaveCount(3);
    await mila.getByTestId('card-delete').click();
    await mila.getByTestId('card-delete-yes').click();
    await expect(page.getByTestId('card-item')).toHaveCount(2);
    // The list drops the card at once; the server's deletion may still be on its way.
    await expect
      .poll(async () => (await serverCards(page, account.token)).data.map((c) => c.name))
      .toEqual(['Людмила', 'Anna K.']);
  });

  test('open the cycles of a card, in the page on /dash and with a page load elsewhere', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await seedCards(account, page, [{ name: 'Mila', birth_date: '1987-07-26' }]);
    await useSession(page, account);
    await page.goto('/en/tzolkin');
    await openBar(page);
    const loaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Open the cycles of Mila' }).click();
    await loaded;
    await expect(page).toHaveURL(`/en/dash/cycles${hashOf('1987-07-26T12:00:00.000Z')}`);
    await expect(page.getByTestId('cycles-birth-kin')).toHaveAttribute('data-kin', '34');
    expect(await page.evaluate(() => sessionStorage.getItem('cycles_client_only'))).toBe('1');

    await page.goto('/en/dash');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await openBar(page);
    await page.getByRole('button', { name: 'Open the cycles of Mila' }).click();
    await expect(page.getByTestId('cycles-birth-kin')).toHaveAttribute('data-kin', '34');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('the birth date of the account is "me": first and main in the bar, first on /compat', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'ru', birth_date: '1987-07-26' });
    await useSession(page, account);
    await page.goto('/dash');
    await openBar(page);
    const me = page.getByTestId('card-me');
    await expect(me).toContainText('Luna');
    await expect(me).toContainText('Основная');
    // The first card for someone else is not the main one, and no card can take the mark from "me".
    await page.getByTestId('cards-add').click();
    await expect(page.getByTestId('card-form')).not.toContainText('Основная');
    // One limit for a card's name: the field takes 100 characters and says so with the number.
    await page.getByTestId('card-name').fill('Я'.repeat(120));
    await expect(page.getByTestId('card-name')).toHaveValue('Я'.repeat(100));
    await expect(page.getByTestId('card-name-limit')).toHaveText('Имя — не больше 100 знаков.');
    await page.getByTestId('card-name').fill('Аня');
    await page.getByTestId('card-date').fill('1990-02-28');
    await page.getByTestId('card-save').click();
    await expect(page.getByTestId('card-item')).toHaveCount(1);
    await expect(page.getByTestId('cards-list').locator('li').first()).toHaveAttribute('data-testid', 'card-me');
    await expect(page.getByTestId('card-item')).not.toContainText('Основная');

    await page.goto('/compat');
    const choices = page.getByTestId('compat-b-card').locator('option');
    await expect(choices.nth(1)).toHaveText('Luna · 1987-07-26');
    await expect(choices.nth(2)).toHaveText('Аня · 1990-02-28');
  });

  test('at the plan limit, adding opens the pricewall', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await seedCards(account, page, [
      { name: 'One', birth_date: '1990-01-01' },
      { name: 'Two', birth_date: '1990-01-02' },
    ]);
    await useSession(page, account);
    await page.goto('/en/dash');
    await openBar(page);
    await expect(page.getByTestId('cards-usage')).toHaveText('2 of 3');

    // Another device fills the last place: the server refuses this add, and the pricewall opens.
    await seedCards(account, page, [{ name: 'Three', birth_date: '1990-01-03' }]);
    await submitCard(page, 'Four', '1990-01-04');
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The free plan keeps up to 3 cards.');
    await expect(dialog).toContainText('Recommended for you: Basic.');
    await expect(page.getByTestId('card-form-error')).toHaveText('Your plan has no room for another card.');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('cards-usage')).toHaveText('3 of 3');
    expect((await serverCards(page, account.token)).data).toHaveLength(3);

    // Now the list knows: Add opens the pricewall straight away.
    await page.getByTestId('cards-add').click();
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('card-form')).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Choose Basic' })).toHaveAttribute(
      'href',
      '/en/subscription?source=pricewall&platform=web&reason=cards_limit_free&plan=basic',
    );
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('cards-add')).toBeFocused();
    await page.getByTestId('cards-add').click();
    await dialog.getByRole('link', { name: 'Choose Basic' }).click();
    await expect(page).toHaveURL(/\/en\/subscription\?source=pricewall&platform=web&reason=cards_limit_free/);
  });
});

test.describe('when the server cannot be reached', () => {
  test.use({ serviceWorkers: 'block' });

  test('the last fetched cards are shown with a notice, and saving says it failed', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await seedCards(account, page, [{ name: 'Cached', birth_date: '1990-01-01' }]);
    await useSession(page, account);
    await page.goto('/en/dash');
    await openBar(page);
    await expect(page.getByTestId('card-item')).toHaveCount(1);

    await page.route('**/api/cards**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await openBar(page);
    await expect(page.getByTestId('cards-stale')).toContainText('Error fetching cards');
    await expect(page.getByTestId('card-item-name')).toHaveText('Cached');
    await submitCard(page, 'Offline', '1990-01-02');
    await expect(page.getByTestId('card-form-error')).toHaveText('The card could not be saved. Please try again.');
  });
});

for (const [lang, width] of [
  ['ru', 375],
  ['ru', 1280],
  ['ar', 375],
  ['ar', 1280],
  ['en', 1280],
] as const) {
  test(`screenshots of the cards bar in ${lang} at ${width} px`, async ({ page, request }) => {
    const account = await createAccount(request, { lang });
    await seedCards(account, page, [
      { name: lang === 'ar' ? 'ليلى' : 'Мила', birth_date: '1987-07-26T08:30' },
      { name: 'Anna Karenina', birth_date: '1990-02-28' },
    ]);
    await useSession(page, account);
    await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12, 0));
    await page.goto(lang === 'ru' ? '/dash' : `/${lang}/dash`);
    await openBar(page);
    await expect(page.getByTestId('card-item')).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await photograph(page, { path: `../screenshots/cards-bar-${lang}-${width}.png` });
    await page.getByTestId('cards-add').click();
    await photograph(page, { path: `../screenshots/cards-form-${lang}-${width}.png` });
    await page.getByTestId('card-name').fill('Третья');
    await page.getByTestId('card-date').fill('2000-01-01');
    await page.getByTestId('card-save').click();
    await expect(page.getByTestId('card-item')).toHaveCount(3);
    await page.getByTestId('cards-add').click();
    await expect(page.getByTestId('pricewall')).toBeVisible();
    await photograph(page, { path: `../screenshots/cards-pricewall-${lang}-${width}.png` });
  });
}
