import { type APIRequestContext, expect as baseExpect } from '@playwright/test';
import {
  type Account,
  ADMIN,
  checkWidths,
  createAccount,
  loginAs,
  photograph,
  settled,
  test,
  useSession,
  viewport,
} from './fixtures.ts';

/** Waits longer than the default: each page reads several calls from a server that shares its machine. */
const expect = baseExpect.configure({ timeout: 15_000 });

async function grantPlan(request: APIRequestContext, account: Account, planId = 'basic_monthly'): Promise<void> {
  const admin = await loginAs(request, ADMIN.email, ADMIN.password);
  const reply = await request.post(`/api/admin/users/${account.user.id}/subscription`, {
    data: { plan_id: planId, days: 30 },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/** A new English-speaking account with the basic plan. */
async function subscriber(request: APIRequestContext): Promise<Account> {
  const account = await createAccount(request, { lang: 'en' });
  await grantPlan(request, account);
  return account;
}

test.describe('the education area', () => {
  // Several pages and calls per test, on a machine shared with other work.
  test.beforeEach(() => test.setTimeout(150_000));

  test('a free reader goes through the intro, is stopped at a subscription lesson and reaches the plans', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, { lang: 'ru' });
    await useSession(page, account);
    await page.goto('/education');
    await expect(page.getByRole('heading', { name: 'Курсы', level: 1 })).toBeVisible();
    await expect(page.getByTestId('education-progress-link')).toBeVisible();
    await page.getByTestId('course-intro').click();
    await expect(page).toHaveURL(/\/education\/courses\/intro$/);
    await expect(page.getByTestId('course-lessons').getByRole('link')).toHaveCount(6);
    await page.getByTestId('course-start').click();
    await expect(page).toHaveURL(/\/education\/courses\/intro\/lesson\/lesson-1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Что такое календарь 13 Лун');
    // The lesson draws the product's glyphs.
    await expect(page.locator('[data-glyph="plasma-1"] svg')).toBeVisible();
    await page.getByTestId('lesson-complete').click();
    await expect(page.getByTestId('lesson-done')).toBeVisible();
    await page.getByTestId('lesson-next').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Цолькин — круг из 260 дней');
    await expect(page.getByTestId('lesson-previous')).toHaveAttribute(
      'href',
      '/education/courses/intro/lesson/lesson-1',
    );
    // The side menu marks the finished lesson.
    await expect(page.getByTestId('education-sidebar-lessons').locator('[data-status="completed"]')).toHaveCount(1);

    // A closed lesson is an expected answer, not an error status the browser would log.
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/education/courses/subscription/lesson/lesson-1');
    const locked = page.getByTestId('lesson-locked');
    await expect(locked).toBeVisible();
    await expect(locked).toContainText('Этот урок пока закрыт');
    expect(failures).toEqual([]);
    await expect(page.getByTestId('lesson-page')).toHaveCount(0);
    await page.getByTestId('lesson-locked-link').click();
    await expect(page).toHaveURL(/\/education\/subscription-required\?course=subscription$/);
    await expect(page.getByTestId('required-plan-basic')).toBeVisible();
    await page.getByTestId('required-plan-premium').getByRole('link').click();
    await expect(page).toHaveURL(/\/subscription\?source=education&platform=web&reason=education&plan=premium_monthly/);
  });

  test('a subscriber completes a lesson and finds it on the progress page and under "continue"', async ({
    page,
    request,
  }) => {
    await useSession(page, await subscriber(request));
    await page.goto('/en/education/courses/subscription');
    await expect(page.getByTestId('course-page')).toBeVisible();
    await expect(page.getByTestId('course-lessons').locator('.is-locked')).toHaveCount(0);
    await page
      .getByTestId('course-lessons')
      .getByRole('link', { name: /Power, action and essence/ })
      .click();
    await expect(page).toHaveURL(/\/en\/education\/courses\/subscription\/lesson\/lesson-2$/);
    await expect(page.locator('[data-glyph="seal-7"]')).toBeVisible();
    await page.getByTestId('lesson-complete').click();
    await expect(page.getByTestId('lesson-done')).toHaveText('Lesson completed');

    await page.getByTestId('education-progress-link').click();
    await expect(page).toHaveURL(/\/en\/education\/progress$/);
    await expect(page.getByTestId('progress-subscription')).toContainText('1 of 10 done');
    await expect(page.getByTestId('progress-finished')).toContainText('Power, action and essence of a seal');
    const resume = page.getByTestId('education-continue');
    await expect(resume).toContainText('Dots and bars');
    await expect(resume).toHaveAttribute('href', '/en/education/courses/subscription/lesson/lesson-3?resume=1');

    await page.goto('/en/education');
    await expect(page.getByTestId('education-continue')).toContainText('Dots and bars');
    await expect(page.getByTestId('course-subscription')).toContainText('1 of 10 done');
    await page.getByTestId('education-continue').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dots and bars — the thirteen tones');
  });

  test('the 13 days open at their intro in the reader’s language and lock their tone lessons for a free reader', async ({
    page,
  }) => {
    await page.goto('/de/education/courses/13-days');
    await expect(page).toHaveURL(/\/de\/education\/courses\/13-days\/lesson\/intro$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('So gehst du den Kurs „13 Tage“');
    await expect(page.getByTestId('education-fallback')).toHaveCount(0);
    // A guest has no progress link and is asked to sign in to keep progress.
    await expect(page.getByTestId('education-progress-link')).toHaveCount(0);
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('lesson-locked')).toBeVisible();
    await expect(page.getByTestId('education-sidebar-lessons').getByRole('link')).toHaveCount(10);
  });

  test('on a phone the menu is a drawer that opens, lists at most ten lessons and closes on a choice', async ({
    page,
    request,
  }) => {
    await useSession(page, await subscriber(request));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/en/education/courses/13-days/lesson/lesson-1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Day 1. The Magnetic tone');
    const menu = page.getByTestId('education-menu');
    await expect(menu).not.toBeInViewport();
    await page.getByTestId('education-burger').click();
    await expect(menu).toHaveClass(/is-open/);
    await expect(menu).toBeInViewport();
    const links = page.getByTestId('education-sidebar-lessons').getByRole('link');
    await expect(links).toHaveCount(10);
    await links.filter({ hasText: 'Day 3' }).click();
    await expect(page).toHaveURL(/\/lesson\/lesson-3$/);
    await expect(menu).not.toHaveClass(/is-open/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Day 3. The Electric tone');
    // No bottom navigation on education pages.
    await expect(page.locator('.bottom-nav')).toHaveCount(0);
  });

  test('on a desktop the menu collapses, and an administrator sees the Tzolkin icon', async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    await useSession(page, admin);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/en/education/courses/subscription/lesson/lesson-5');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The oracle cross — five positions');
    await expect(page.getByTestId('education-tzolkin')).toBeVisible();
    const menu = page.getByTestId('education-menu');
    await expect(menu).toBeVisible();
    await page.getByTestId('education-burger').click();
    await expect(page.locator('.education-shell')).toHaveClass(/is-collapsed/);
    await page.getByTestId('education-burger').click();
    await expect(page.locator('.education-shell')).not.toHaveClass(/is-collapsed/);
  });
});

const SHOTS = [
  ['education-home', '/education'],
  ['education-course', '/education/courses/subscription'],
  ['education-lesson', '/education/courses/subscription/lesson/lesson-6'],
  ['education-tone', '/education/courses/13-days/lesson/lesson-7'],
  ['education-required', '/education/subscription-required?course=13-days'],
  ['education-progress', '/education/progress'],
] as const;

for (const lang of ['ru', 'ar'] as const) {
  test(`education pages fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request, { lang });
    await grantPlan(request, account);
    await request.post('/api/education/progress', {
      data: { course_id: 'subscription', lesson_id: 'lesson-1', status: 'completed' },
      headers: { authorization: `Bearer ${account.token}` },
    });
    await useSession(page, account);
    await page.setViewportSize(viewport(375));
    for (const [name, path] of SHOTS) {
      await page.goto(lang === 'ru' ? path : `/${lang}${path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#main')).not.toBeEmpty();
      await checkWidths(page, `${name}-${lang}`);
    }
    await page.getByTestId('education-burger').click();
    await expect(page.getByTestId('education-menu')).toBeVisible();
    await settled(page);
    await photograph(page, { path: `../screenshots/education-drawer-${lang}-375.png` });
  });
}
