import { expect } from '@playwright/test';
import { checkWidths, createAccount, photograph, test, useSession, viewport } from './fixtures.ts';

/** Today's date in the browser's zone, as the journal's date field holds it. */
const todayText = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

test('a user writes, finds, filters, exports and deletes journal entries', async ({ page, request }) => {
  const account = await createAccount(request, { lang: 'en' });
  await useSession(page, account);
  // An earlier entry written through the API, on 2012-12-21 (Kin 207, Blue Crystal Hand).
  const earlier = await request.put('/api/journal/2012-12-21', {
    data: { text: 'The end of the long count', mood: 5, tags: ['cycle'] },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(earlier.ok()).toBe(true);

  // A day without an entry is an expected state: its request answers without an error status.
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/journal') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  const today = page.waitForResponse((r) => r.url().endsWith(`/api/journal/${todayText()}`));
  await page.goto('/en/journal');
  await expect(page.getByRole('heading', { name: 'Kin journal' })).toBeVisible();
  await expect(page.getByTestId('journal-date')).toHaveValue(todayText());
  expect(await (await today).json()).toMatchObject({ success: true, data: null });
  expect(failures).toEqual([]);
  await expect(page.getByTestId('journal-day-kin')).toContainText('Kin');
  // Save says why it cannot be pressed; the notices' live region is there before any notice.
  const save = page.getByTestId('journal-save');
  const notices = page.getByTestId('journal-editor').getByRole('status');
  await expect(notices).toHaveText('');
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Write a few words to save the entry.');
  await page.getByTestId('journal-text').fill('A quiet morning by the river');
  await page.getByTestId('journal-mood-4').click();
  // Too many tags: the field is marked invalid, its error tied to it, and Save says so.
  const tags = page.getByTestId('journal-tags');
  await tags.fill('a, b, c, d, e, f, g, h, i, j, k');
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  await expect(tags).toHaveAccessibleDescription('At most 10 tags.');
  await expect(save).toHaveAccessibleDescription('Fix the tags to save the entry.');
  await tags.fill('River, calm');
  await expect(tags).not.toHaveAttribute('aria-invalid');
  await save.click();
  await expect(page.getByTestId('journal-notice')).toHaveText('Saved.');
  await expect(page.getByTestId('journal-entry')).toHaveCount(2);
  await expect(page.getByTestId('journal-limits')).toContainText('2 of 30');
  await expect(page.getByTestId('journal-entry').first()).toContainText('#river');

  // Opening the older entry fills the editor with it.
  await page.locator('[data-testid="journal-entry"][data-date="2012-12-21"] button').click();
  await expect(page.getByTestId('journal-text')).toHaveValue('The end of the long count');
  await expect(page.getByTestId('journal-day-kin')).toContainText('Kin 207');

  // Filter by the seal of 2012-12-21 (Blue Hand, seal 7) and search.
  await page.getByTestId('journal-filter-seal').selectOption('7');
  await expect(page.getByTestId('journal-entry')).toHaveCount(1);
  await expect(page.getByTestId('journal-entry')).toHaveAttribute('data-date', '2012-12-21');
  await page.getByTestId('journal-filter-seal').selectOption('');
  await page.getByTestId('journal-search').fill('river');
  await page.getByTestId('journal-search').press('Enter');
  await expect(page.getByTestId('journal-entry')).toHaveCount(1);
  await expect(page.getByTestId('journal-entry')).toContainText('quiet morning');

  const download = page.waitForEvent('download');
  await page.getByTestId('journal-export-md').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hunab-journal.md');

  await page.getByTestId('journal-search').fill('');
  await page.getByTestId('journal-search').press('Enter');
  await page.getByTestId('journal-delete-all').click();
  await page.getByTestId('journal-delete-all-confirm').click();
  await expect(page.getByTestId('journal-empty')).toBeVisible();
});

test('the journal is linked from the account menu and needs a signed-in user', async ({ page, request }) => {
  await page.goto('/en/journal');
  await expect(page).toHaveURL(/\/en\/login/);
  const account = await createAccount(request, { lang: 'ru' });
  await useSession(page, account);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Дневник кинов' }).click();
  await expect(page).toHaveURL(/\/journal$/);
  await expect(page.getByRole('heading', { name: 'Дневник кинов' })).toBeVisible();
});

test('the statistics page counts the journal with a chart', async ({ page, request }) => {
  const account = await createAccount(request, { lang: 'en' });
  const today = todayText();
  const put = await request.put(`/api/journal/${today}`, {
    data: { text: 'Counted', mood: 3 },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(put.ok()).toBe(true);
  await useSession(page, account);
  await page.goto(`/en/dash/stats#${Buffer.from('1987-07-26').toString('base64')}`);
  await expect(page.getByTestId('stats-days')).toBeVisible();
  await expect(page.getByTestId('life-year')).toHaveCount(52);
  await expect(page.getByTestId('stats-journal-total')).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('stats-journal-streak')).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('stats-journal-chart').locator('g[data-value="1"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Open the journal' }).click();
  await expect(page).toHaveURL(/\/en\/journal$/);
});

test('a user turns on the daily reminder email at a local time', async ({ page, request }) => {
  const account = await createAccount(request, { lang: 'en' });
  await useSession(page, account);
  await page.goto('/en/account/email-preferences');
  await expect(page.getByRole('heading', { name: 'Reminders', exact: true })).toBeVisible();
  await page.getByTestId('reminders-email').check();
  await page.getByTestId('reminders-time').fill('07:30');
  await page.getByTestId('reminders-zone').selectOption('Asia/Tokyo');
  await page.getByTestId('reminders-save').click();
  await expect(page.getByTestId('reminders-status')).toContainText('Saved');
  const saved = await request.get('/api/reminders', { headers: { authorization: `Bearer ${account.token}` } });
  expect((await saved.json()).data).toMatchObject({ email: true, local_time: '07:30', time_zone: 'Asia/Tokyo' });
});

test('a topic switch moves on the click, keeps what the server saved, and goes back when the save fails', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { lang: 'en' });
  const auth = { authorization: `Bearer ${account.token}` };
  await useSession(page, account);
  await page.goto('/en/account/email-preferences');
  const news = page.getByTestId('topic-product_news');
  await expect(news).not.toBeChecked();
  await news.check();
  await expect(page.getByTestId('topics-status')).toContainText('Check your inbox');
  const saved = await request.get('/api/email-preferences', { headers: auth });
  const english = (await saved.json()).data.lists.find((list: { lang: string }) => list.lang === 'en');
  expect(english.topics.find((item: { topic: string }) => item.topic === 'product_news').subscribed).toBe(true);

  // With the network gone the switch shows the click while the save is under way, then returns to the saved state
  // with a message. The failure is held back until the click has been seen.
  let fail = () => {};
  const held = new Promise<void>((resolve) => {
    fail = resolve;
  });
  await page.route('**/api/email-preferences/topics', async (route) => {
    await held;
    await route.abort('internetdisconnected');
  });
  await news.click();
  await expect(news).not.toBeChecked();
  fail();
  await expect(page.getByTestId('topics-status')).toHaveClass(/text-danger/);
  await expect(news).toBeChecked();
});

for (const lang of ['en', 'ar'] as const) {
  test(`the journal and statistics fit 375 and 1280 px in ${lang}`, async ({ page, request }) => {
    const account = await createAccount(request, { lang });
    const auth = { authorization: `Bearer ${account.token}` };
    for (const [date, text, mood] of [
      ['2012-12-19', 'Long walk; a dream of water and mirrors that stayed with me all day.', 3],
      ['2012-12-20', 'Met an old friend.', 4],
      ['2012-12-21', 'The end of the long count.', 5],
      [todayText(), 'Today, written for the chart.', 4],
    ] as const) {
      await request.put(`/api/journal/${date}`, { data: { text, mood, tags: ['dream'] }, headers: auth });
    }
    await useSession(page, account);
    await page.setViewportSize(viewport(375));
    const prefix = `/${lang}`;
    for (const [name, path] of [
      ['journal', '/journal'],
      ['stats', `/dash/stats#${btoa('1987-07-26')}`],
      ['reminders', '/account/email-preferences'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#root')).not.toBeEmpty();
      if (name === 'stats') {
        const counts = page.getByTestId('personal-counts');
        await expect(counts.getByTestId('stats-journal-chart')).toBeVisible();
        await photograph(counts, { path: `../screenshots/stats-counts-${lang}-375.png` });
      }
      await checkWidths(page, `${name}-${lang}`);
    }
  });
}
