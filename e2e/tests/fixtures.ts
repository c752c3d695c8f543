import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  type Response,
} from '@playwright/test';

/**
 * Pages come from the server already rendered and are hydrated a moment later; a click before that would be lost.
 * Every test's page waits, after goto and reload, until the app has taken over (`data-app-ready` on <html>).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const takenOver = async (response: Response | null) => {
      if (response?.headers()['content-type']?.includes('text/html')) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => takenOver(await goto(...args));
    page.reload = async (...args: Parameters<Page['reload']>) => takenOver(await reload(...args));
    // The server's Content-Security-Policy is on in every test: anything it refuses fails the test.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

/**
 * The errors a page writes to the console while it is open, for a test to assert there are none. Expected states (no
 * journal entry for today yet, a lesson still locked) are answered without an error status, so nothing is left out.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    errors.push(`${message.text()} (${where})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * Screenshots are for people to look at (`SCREENSHOTS=1 npm run test -w @hunab/e2e-tests`, into ../screenshots); no
 * test reads them, and a full-page one costs about as much as the page's load, so without the flag none is taken. The
 * checks around them (sideways scrolling, what is visible) run either way.
 */
export const PHOTOGRAPH = process.env.SCREENSHOTS === '1';
export async function photograph(target: Page | Locator, options: PageScreenshotOptions & { path: string }) {
  if (!PHOTOGRAPH) return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

/** The phone and desktop widths every page is checked at, and their window sizes. */
export const WIDTHS = [375, 1280] as const;
export const viewport = (width: number) => ({ width, height: width < 600 ? 812 : 860 });

/**
 * Checks the page as it is drawn now at each width, phone first, for sideways scrolling, and photographs it there
 * (with SCREENSHOTS=1). Open the page at phone width: it is then widened in place, as the layout is CSS media
 * queries and hooks that follow the window's size, which costs a fraction of opening it again; only when
 * photographing is it opened again (`reopen`, a reload by default) so the photograph is what a first visit draws.
 * The window is left at phone width for the next page.
 */
export async function checkWidths(
  page: Page,
  name: string,
  options: { reopen?: () => Promise<unknown>; fullPage?: boolean } = {},
): Promise<void> {
  for (const width of WIDTHS) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize(viewport(width));
      if (PHOTOGRAPH) await (options.reopen ?? (() => page.reload()))();
      await settled(page);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await photograph(page, { path: `../screenshots/${name}-${width}.png`, fullPage: options.fullPage ?? true });
  }
  await page.setViewportSize(viewport(WIDTHS[0]));
}

/** Waits until the page's animations and transitions (a drawer opening, a dialog fading in) have ended, then a frame. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    await new Promise(requestAnimationFrame);
  });
}

export const ADMIN = { email: 'admin@e2e.hunab.test', password: 'e2e admin password' };

let counter = 0;
export const uniqueEmail = (label = 'e2e') => `${label}.${Date.now()}.${process.pid}.${++counter}@example.com`;

export interface Account {
  email: string;
  password: string;
  token: string;
  user: { id: string; email: string; is_admin: boolean };
}

/** Creates an account through the API. */
export async function createAccount(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<Account> {
  const email = uniqueEmail();
  const password = 'e2e password 1';
  const reply = await request.post('/api/auth/register', {
    data: { email, password, username: 'Luna', birth_date: '1987-07-26', lang: 'ru', ...overrides },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const body = await reply.json();
  return { email, password, token: body.token, user: body.user };
}

export async function loginAs(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const reply = await request.post('/api/auth/login', { data: { email, password } });
  expect(reply.ok(), await reply.text()).toBe(true);
  const body = await reply.json();
  return { email, password, token: body.token, user: body.user };
}

/**
 * A new administrator of its own, made one by the seeded administrator: for a test whose browsing must not share the
 * seeded account's per-account limits with the tests running beside it.
 */
export async function createAdmin(request: APIRequestContext): Promise<Account> {
  const account = await createAccount(request);
  const boss = await loginAs(request, ADMIN.email, ADMIN.password);
  const reply = await request.post(`/api/admin/users/${account.user.id}/admin`, {
    headers: { authorization: `Bearer ${boss.token}` },
    data: { is_admin: true, reason: 'an administrator of its own for a test' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return loginAs(request, account.email, account.password);
}

/** Puts a session into the browser's storage before the app starts. */
export async function useSession(page: Page, account: Account): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      if (!window.sessionStorage.getItem('e2e-session-set')) {
        window.localStorage.setItem('auth_token', token as string);
        window.localStorage.setItem('user', JSON.stringify(user));
        window.sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [account.token, account.user] as const,
  );
}

/** A horizontal swipe of 100 px across the page's main area, right to left (a matrix page moves its date forward). */
export async function swipeLeft(page: Page): Promise<void> {
  await page.evaluate(() => {
    const main = document.querySelector('main') as HTMLElement;
    const touch = (x: number) => new Touch({ identifier: 1, target: main, clientX: x, clientY: 300 });
    main.dispatchEvent(
      new TouchEvent('touchstart', { bubbles: true, touches: [touch(300)], changedTouches: [touch(300)] }),
    );
    main.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(200)] }));
  });
}
