import { type APIRequestContext, expect as baseExpect } from '@playwright/test';
import { type Account, ADMIN, checkWidths, createAccount, loginAs, test, useSession, viewport } from './fixtures.ts';

async function subscriber(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<Account> {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  const account = await createAccount(request, { lang: 'en', ...overrides });
  const reply = await request.post(`/api/admin/users/${account.user.id}/subscription`, {
    data: { plan_id: 'basic_monthly', days: 30 },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return account;
}

/** The machine running these may be busy: every wait gets more time than the default 5 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

let aliasCounter = 0;
const alias = () =>
  `Seeker ${String.fromCharCode(97 + ((Date.now() + ++aliasCounter) % 26))}${process.pid % 97}${aliasCounter}`;

test.describe('the game', () => {
  test('a subscriber sets up the game and checks in', async ({ page, request }) => {
    test.setTimeout(180_000);
    const account = await subscriber(request);
    await useSession(page, account);
    await page.goto('/en/game');
    await expect(page).toHaveURL(/\/en\/game\/setup\/profile$/);
    const name = alias();
    await page.getByTestId('game-alias').fill(name);
    await page.getByTestId('game-next').click();
    await expect(page).toHaveURL(/\/setup\/goal$/);
    await page.getByLabel('A moon').check();
    await page.getByTestId('game-next').click();
    // Signed in already: the account step passes on to the start.
    await expect(page).toHaveURL(/\/setup\/complete$/);
    await expect(page.getByTestId('game-summary-alias')).toHaveText(name);
    await page.getByTestId('game-start').click();
    await expect(page).toHaveURL(/\/en\/game\/mirror$/);
    await expect(page.getByTestId('game-prompt')).not.toBeEmpty();
    await expect(page.getByTestId('game-relation')).toBeVisible();
    await page.getByTestId('game-checkin').click();
    await expect(page.getByTestId('game-practised')).toContainText('Checked in');
    await expect(page.getByTestId('game-streak')).toHaveText(/Streak 1/);

    await page.getByRole('link', { name: 'Goals' }).click();
    await expect(page.getByTestId('game-goal')).toContainText('A moon');
    await expect(page.getByTestId('game-goal')).toContainText('1 of');
    await page.getByRole('link', { name: 'Statistics' }).click();
    await expect(page.getByTestId('game-figure-days')).toContainText('1');
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByTestId('game-activity-item')).toHaveCount(1);
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await page.getByTestId('game-opt-in').click();
    await expect(page.getByTestId('game-board')).toContainText(name);
  });

  test('a signed-in reader without a plan is shown the way in, not the game', async ({ page, request }) => {
    const account = await createAccount(request, { lang: 'en' });
    await useSession(page, account);
    await page.goto('/en/game/mirror');
    await expect(page.getByTestId('game-closed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/en/subscription');
  });

  test('a guest starts the setup and is asked to sign in before the start', async ({ page }) => {
    await page.goto('/en/game/setup/profile');
    await page.getByTestId('game-alias').fill(alias());
    await page.getByTestId('game-next').click();
    await page.getByTestId('game-next').click();
    await expect(page).toHaveURL(/\/setup\/auth$/);
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  });

  test('an administrator previews the game without writing', async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await useSession(page, admin);
    await page.goto('/admin/game/preview');
    await expect(page.getByTestId('game-prompt')).toBeVisible();
    await expect(page.getByTestId('game-checkin')).toBeDisabled();
  });
});

test.describe('teams', () => {
  test('an owner creates a team, a second user joins by the link, both are on the map', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createAccount(request, { lang: 'en', username: 'Olga' });
    await useSession(page, owner);
    await page.goto('/en/team');
    await expect(page).toHaveURL(/\/en\/team\/management/);
    await page.getByTestId('team-name').fill('Night shift');
    await page.getByTestId('team-create').click();
    await expect(page.getByTestId('team-member')).toHaveCount(1);
    await page.getByTestId('team-invite-create').click();
    const link = await page.getByTestId('team-invite-link').inputValue();
    expect(link).toContain('/en/team/management?invite=');

    const member = await createAccount(request, { lang: 'en', username: 'Mira', birth_date: '1990-01-15' });
    const other = await browser.newContext();
    const memberPage = await other.newPage();
    await useSession(memberPage, member);
    await memberPage.goto(new URL(link).pathname + new URL(link).search);
    await memberPage.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const join = memberPage.getByTestId('team-join');
    await expect(join).toContainText('Night shift');
    await join.getByLabel('Name').fill('Mira');
    await memberPage.getByTestId('team-join-birth').fill('1990-01-15');
    await join.getByRole('button', { name: 'Join the team' }).click();
    await expect(memberPage.getByTestId('team-member')).toHaveCount(2);
    await expect(memberPage.getByTestId('team-members')).toContainText('Olga');
    await expect(memberPage.getByTestId('team-composite')).toBeVisible();
    await other.close();

    await page.reload();
    await expect(page.getByTestId('team-member')).toHaveCount(2);
    await expect(page.getByTestId('team-members')).toContainText('Mira');

    await page.getByRole('link', { name: 'Compare a candidate' }).click();
    await expect(page).toHaveURL(/\/en\/team\/hr/);
    await page.getByTestId('hr-birth').fill('1995-05-05');
    await page.getByTestId('hr-compare').click();
    await expect(page.getByTestId('hr-result')).toContainText('What they would add');
  });

  test('the thank-you page follows a request for the business plan', async ({ page }) => {
    await page.goto('/en/team/thank-you');
    await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
  });
});

test.describe('the time zone of the game', () => {
  test.use({ timezoneId: 'Asia/Yekaterinburg' });
  test('is found by city in the reader’s language, the browser’s own zone first', async ({ page }) => {
    await page.goto('/game/setup/profile');
    const zone = page.getByTestId('game-time-zone');
    await expect(zone).toHaveValue('Asia/Yekaterinburg');
    await expect(zone.locator('option').first()).toContainText('Екатеринбург');
    await page.getByTestId('game-time-zone-search').fill('моск');
    await expect(zone.locator('option').nth(1)).toContainText('Москва');
    await zone.selectOption('Europe/Moscow');
    await page.getByTestId('game-time-zone-search').fill('zzzz');
    await expect(zone.locator('option')).toHaveCount(1);
    await expect(zone).toHaveValue('Europe/Moscow');
    await page.goto('/ar/game/setup/profile');
    await expect(page.getByTestId('game-time-zone').locator('option:checked')).toContainText('موسكو');
  });
});

test.describe('screenshots of the game and team pages', () => {
  for (const lang of ['ru', 'ar'] as const) {
    test(`in ${lang} at 375 and 1280 px`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const account = await subscriber(request, { lang });
      const prefix = lang === 'ru' ? '' : `/${lang}`;
      await useSession(page, account);
      await page.setViewportSize(viewport(375));
      const auth = { headers: { authorization: `Bearer ${account.token}` } };
      await request.put('/api/game/profile', {
        ...auth,
        data: { alias: alias(), time_zone: 'UTC', leaderboard_opt_in: true },
      });
      await request.post('/api/game/goal', { ...auth, data: { cycle: 'wavespell' } });
      await request.post('/api/game/practice', {
        ...auth,
        data: { kind: 'reflection', answer: 'Слушать и отвечать.' },
      });
      const team = await request.post('/api/teams', { ...auth, data: { name: 'Studio' } });
      const teamId = (await team.json()).data.id as string;
      for (const [name, birth_date] of [
        ['Анна', '1987-12-03'],
        ['Ильяс', '1979-03-14'],
      ]) {
        await request.post(`/api/teams/${teamId}/members`, { ...auth, data: { name, birth_date } });
      }
      for (const [name, path] of [
        ['game-setup', '/game/setup/profile'],
        ['game-mirror', '/game/mirror'],
        ['game-goals', '/game/goals'],
        ['game-stats', '/game/stats'],
        ['game-leaderboard', '/game/leaderboard'],
        ['team-management', '/team/management'],
        ['team-hr', '/team/hr'],
        ['team-thank-you', '/team/thank-you'],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
        await checkWidths(page, `${name}-${lang}`);
      }
    });
  }
});
