import { calendarDay, formatDate, kinEntity, nextDateOfKin, parseDate, today } from '@hunab/calendar';
import { expect } from '@playwright/test';
import { ADMIN, createAccount, loginAs, test, useSession } from './fixtures.ts';

const hashOf = (date: string) => `#${Buffer.from(date).toString('base64')}`;

test.describe('the dashboard', () => {
  test('reads the birth date from the URL hash, or the birthDate query, and shows the birth kin', async ({ page }) => {
    await page.goto(`/en/dash${hashOf('1987-07-26')}`);
    await expect(page.getByTestId('birth-kin')).toContainText('White Galactic Wizard');
    await page.goto('/en/dash?birthDate=1993-07-26');
    await expect(page.getByTestId('birth-kin')).toContainText(kinEntity(144, 'en').name);
  });

  test('shows the seal, tone, oracle and veintena views', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12));
    await page.goto('/en/dash');
    await expect(page.getByTestId('reading')).toBeVisible();
    await page.goto('/en/dash?tab=oracle');
    await expect(page.getByTestId('dash-oracle').locator('.cross-driver')).toHaveAttribute(
      'data-kin',
      String(kinEntity(207).oracle.driver),
    );
    await page.goto('/en/dash?tab=veintena');
    const cards = page.getByTestId('dash-veintena').getByTestId('kin-card');
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId('dash-veintena').locator('button[aria-pressed="true"]')).toHaveCount(1);
  });

  test('asks a signed-in user without a birth date for one, unless a view is chosen', async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    test.skip(
      Boolean(admin.user && (admin.user as { birth_date?: string | null }).birth_date),
      'the administrator has a birth date',
    );
    await useSession(page, admin);
    await page.goto('/dash');
    await expect(page.getByTestId('birth-date-prompt')).toBeVisible();
    await page.goto('/dash?tab=tone');
    await expect(page.getByTestId('kin-number')).toBeVisible();
    await expect(page.getByTestId('birth-date-prompt')).toHaveCount(0);
  });
});

test.describe('personal cycles', () => {
  test('shows a guest the current cycle and the pricewall for the rest; a Basic subscriber sees every cycle', async ({
    page,
    request,
  }) => {
    const cycles = `/en/dash/cycles${hashOf('1987-07-26')}`;
    await page.goto(cycles);
    await expect(page.getByTestId('cycles-birth-kin')).toHaveAttribute('data-kin', '34');
    await expect(page.getByTestId('cycles-year-kin')).toBeVisible();
    await expect(page.getByTestId('cycles-locked')).toBeVisible();
    await expect(page.getByTestId('cycles-next-return')).toHaveCount(0);
    await page.getByTestId('cycles-unlock').click();
    await expect(page.getByTestId('pricewall')).toHaveAttribute('data-reason', 'cycles_access');

    const account = await createAccount(request, { lang: 'en' });
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    const granted = await request.post(`/api/admin/users/${account.user.id}/subscription`, {
      data: { plan_id: 'basic', days: 30 },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(granted.ok()).toBe(true);
    await useSession(page, account);
    // The same address differs only by its hash: a reload starts the app anew, signed in.
    await page.reload();
    await expect(page.getByTestId('cycles-full')).toBeVisible();
    await expect(page.getByTestId('cycles-locked')).toHaveCount(0);
    const next = nextDateOfKin(today(), 34);
    await expect(page.getByTestId('cycles-next-return').locator('a')).toHaveAttribute(
      'href',
      `/en/context/${formatDate(next)}`,
    );
    await expect(page.getByTestId('cycles-oracle').locator('.cross-analog')).toHaveAttribute(
      'data-kin',
      String(kinEntity(34).oracle.analog),
    );
    await expect(page.getByTestId('cycles-years').locator('li')).toHaveCount(9);
  });

  test('asks for a birth date when none is given and carries it in the hash', async ({ page }) => {
    await page.goto('/en/dash/cycles');
    await page.locator('#personal-birth-date').fill('2000-02-29');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/dash/cycles${hashOf('2000-02-29').replace('+', '\\+')}$`));
    await expect(page.getByTestId('cycles-birth-kin')).toHaveAttribute(
      'data-kin',
      String(calendarDay(parseDate('2000-02-28')).kin.number),
    );
  });

  test('counts a life in cycles and lays out the 52-year cycle of birthday kins', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2026, 10, 21, 12));
    await page.goto(`/en/dash/stats${hashOf('2012-12-21')}`);
    await expect(page.getByTestId('stats-days')).toHaveAttribute('data-value', '5083');
    await expect(page.getByTestId('stats-years')).toHaveAttribute('data-value', '13');
    await expect(page.getByTestId('stats-galacticReturns')).toHaveAttribute(
      'data-value',
      String(Math.floor(5080 / 260)),
    );
    const years = page.getByTestId('life-year');
    await expect(years).toHaveCount(52);
    await expect(years.first()).toHaveAttribute('data-kin', '207');
    await expect(page.locator('[data-testid="life-year"][aria-current="date"]')).toHaveAttribute('data-age', '13');
    const thirteenth = calendarDay(parseDate('2025-12-21')).kin.number;
    await expect(page.locator('[data-testid="life-year"][data-age="13"]')).toHaveAttribute(
      'data-kin',
      String(thirteenth),
    );
    await page.locator('[data-testid="life-year"][data-age="13"]').click();
    await expect(page).toHaveURL(/\/en\/context\/2025-12-21$/);
  });
});
