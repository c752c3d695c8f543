import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, createAccount, test, useSession } from './fixtures.ts';

/** Each test comments on a kin of its own, so tests running side by side never see each other's comments. */
const KINS = { write: 11, vote: 12, guest: 13, retry: 14, arabic: 15 } as const;

async function post(
  request: APIRequestContext,
  who: Account,
  kin: number,
  content: string,
  extra: Record<string, unknown> = {},
) {
  const reply = await request.post('/api/comments', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { cycleType: 'kin', cycleValue: kin, content, lang: 'en', ...extra },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data as { id: number };
}

const block = (page: Page) => page.getByTestId('comments-block');

/** Opens a page and scrolls to its end, where the comments load once they scroll into view. */
async function openComments(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}
/** The comment whose own text is `text` (not a thread that merely holds it in a reply). */
const commentWith = (page: Page, text: string) =>
  block(page)
    .getByTestId('comment-text')
    .getByText(text, { exact: true })
    .locator('xpath=ancestor::li[@data-testid="comment"][1]');

test.describe('comments on a cycle', () => {
  test('posts a comment with the form’s checks, replies, edits and deletes it', async ({ page, request }) => {
    const author = await createAccount(request, { username: 'Mila', lang: 'en' });
    await useSession(page, author);
    await openComments(page, `/en/kin/${KINS.write}`);
    const form = block(page).getByTestId('comment-form');
    const text = form.getByRole('textbox');

    await text.fill('short');
    await expect(form.getByTestId('comment-counter')).toHaveText('5 / 1,000');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText('At least 10 characters');
    await text.fill('x'.repeat(1200));
    await expect(form.getByTestId('comment-counter')).toHaveText('1,000 / 1,000');
    await form.getByRole('button', { name: 'Clear' }).click();
    await expect(text).toHaveValue('');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText('The comment cannot be empty');

    await text.fill('  The crystal hand finishes what it starts.  ');
    await form.getByRole('button', { name: 'Send' }).click();
    const posted = commentWith(page, 'The crystal hand finishes what it starts.');
    await expect(posted).toBeVisible();
    // From here on the comment is found by its id: its text changes.
    const mine = block(page).locator(`li[data-comment-id="${await posted.getAttribute('data-comment-id')}"]`);
    await expect(text).toHaveValue('');
    await expect(mine.locator('time').first()).toHaveText('just now');
    await expect(block(page).getByTestId('comments-count')).toHaveText('1');

    // A reply, one level down.
    await mine.getByRole('button', { name: 'Reply' }).first().click();
    const replyForm = mine.getByTestId('comment-reply-form');
    await replyForm.getByRole('textbox').fill('And then it lets go, gently.');
    await replyForm.getByRole('button', { name: 'Send' }).click();
    const reply = commentWith(page, 'And then it lets go, gently.');
    await expect(reply).toHaveAttribute('data-depth', '1');

    // An unchanged edit sends nothing; a changed one is saved and marked.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url());
    });
    await mine.getByRole('button', { name: 'Edit' }).first().click();
    await mine.getByTestId('comment-edit-form').getByRole('button', { name: 'Save' }).click();
    await expect(mine.getByTestId('comment-edit-form')).toHaveCount(0);
    expect(puts).toEqual([]);
    await mine.getByRole('button', { name: 'Edit' }).first().click();
    await mine.getByTestId('comment-edit-form').getByRole('textbox').fill('The crystal hand completes the cycle.');
    await mine.getByTestId('comment-edit-form').getByRole('button', { name: 'Save' }).click();
    const edited = mine;
    await expect(commentWith(page, 'The crystal hand completes the cycle.')).toContainText('edited');
    expect(puts).toHaveLength(1);

    // Deleting asks first; the comment then stays as a placeholder above its reply.
    await edited.getByRole('button', { name: 'Delete' }).first().click();
    await edited.getByRole('button', { name: 'No' }).click();
    await expect(edited.getByTestId('comment-text').first()).toBeVisible();
    await edited.getByRole('button', { name: 'Delete' }).first().click();
    await edited.getByRole('button', { name: 'Yes, delete' }).click();
    const thread = block(page).getByTestId('comment').first();
    await expect(thread.getByTestId('comment-deleted')).toHaveText('Comment deleted');
    await expect(thread.getByText('And then it lets go, gently.')).toBeVisible();

    // After a reload the server tells the same story.
    await page.reload();
    await expect(block(page).getByTestId('comment-deleted')).toBeVisible();
    await expect(commentWith(page, 'And then it lets go, gently.')).toBeVisible();
  });

  test('votes on another’s comment, switches and takes the vote back, never on one’s own', async ({
    page,
    request,
  }) => {
    const reader = await createAccount(request, { lang: 'en' });
    const other = await createAccount(request, { username: 'Oleg', lang: 'en' });
    await post(request, other, KINS.vote, 'A thought worth weighing today.');
    await post(request, reader, KINS.vote, 'My own thought on the matter.');
    await useSession(page, reader);
    await openComments(page, `/en/kin/${KINS.vote}`);

    const theirs = commentWith(page, 'A thought worth weighing today.');
    const like = theirs.getByTestId('comment-like');
    const dislike = theirs.getByTestId('comment-dislike');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText('1');
    await dislike.click();
    await expect(like).toHaveText('0');
    await expect(dislike).toHaveText('1');
    await expect(dislike).toHaveAttribute('aria-pressed', 'true');
    await dislike.click();
    await expect(dislike).toHaveText('0');
    await expect(dislike).toHaveAttribute('aria-pressed', 'false');

    const mine = commentWith(page, 'My own thought on the matter.');
    await expect(mine.getByTestId('comment-like')).toBeDisabled();
    await expect(mine.getByTestId('comment-dislike')).toBeDisabled();
    await expect(mine.getByTestId('comment-like')).toHaveAttribute('title', 'You cannot rate your own comments');
  });

  test('shows a guest the first threads, blurs the rest with a register prompt, and asks them to sign in to vote', async ({
    page,
    request,
  }) => {
    const first = await createAccount(request, { lang: 'en' });
    const second = await createAccount(request, { lang: 'en' });
    for (let i = 1; i <= 5; i++) {
      await post(request, i <= 3 ? first : second, KINS.guest, `Guest-visible thread number ${i}.`);
    }
    await openComments(page, `/en/kin/${KINS.guest}`);
    await expect(block(page).getByTestId('comments-list').getByTestId('comment')).toHaveCount(3);
    await expect(block(page).getByTestId('comments-login')).toContainText('Sign in to write and rate comments.');
    await expect(block(page).getByTestId('comment-form')).toHaveCount(0);
    const wall = block(page).getByTestId('comments-guest-wall');
    await expect(wall).toContainText('2 more comments open once you register.');
    await expect(wall.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/en/register');
    // The two oldest threads never reached the page.
    await expect(page.getByText('Guest-visible thread number 1.')).toHaveCount(0);
    await expect(page.getByText('Guest-visible thread number 2.')).toHaveCount(0);

    const shown = commentWith(page, 'Guest-visible thread number 5.');
    await shown.getByTestId('comment-like').click();
    await expect(shown.getByRole('status')).toContainText('Only members can rate comments.');
    await expect(shown.getByTestId('comment-like')).toHaveText('0');
  });

  test('offers a retry on a failed or empty list', async ({ page }) => {
    let fail = true;
    await page.route('**/api/comments?*', (route) =>
      fail
        ? route.fulfill({ status: 503, body: '{"success":false,"error":{"code":"X","message":"down"}}' })
        : route.continue(),
    );
    await openComments(page, `/en/kin/${KINS.retry}`);
    const empty = block(page).getByTestId('comments-empty');
    await expect(empty).toContainText('Failed to fetch comment', { timeout: 15_000 });
    fail = false;
    await empty.getByRole('button', { name: 'Try again' }).click();
    await expect(empty).toContainText('No comments yet. Be the first!');
    await expect(empty.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('loads the comments only when the reader scrolls to them', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/comments')) asked.push(request.url());
    });
    // A long page: the year's thirteen moons.
    await page.goto('/en/year/2012');
    await expect(page.getByTestId('in-view-slot')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await expect(block(page)).toHaveCount(0);

    await page.getByTestId('in-view-slot').scrollIntoViewIfNeeded();
    await expect(block(page).getByRole('heading', { name: /Comments/ })).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    await expect(page.getByTestId('in-view-slot')).toHaveCount(0);
  });

  test('reads right to left in Arabic, with its own words', async ({ page, request }) => {
    const author = await createAccount(request, { lang: 'ar' });
    await post(request, author, KINS.arabic, 'تعليق عن هذا الكين اليوم.', { lang: 'ar' });
    await useSession(page, author);
    await openComments(page, `/ar/kin/${KINS.arabic}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(block(page).getByRole('heading', { name: /التعليقات/ })).toBeVisible();
    await expect(commentWith(page, 'تعليق عن هذا الكين اليوم.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
