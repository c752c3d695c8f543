import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

/** The forms and links a guest opens that search engines are not shown, beyond the sitemap's pages. */
const UNLISTED = [
  '/register',
  '/login',
  '/forgot-password',
  '/verify-email',
  '/account/restore',
  '/account/delete',
  '/telegram/login',
  '/checkout?product=13days',
  '/subscription/checkout?plan=premium_monthly',
];

/** Every public page in one language: the sitemap's (Russian, without a prefix) and the forms. */
async function publicPages(request: APIRequestContext, lang: 'ru' | 'en' | 'ar' = 'ru'): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const ofLanguage =
    lang === 'ru'
      ? paths.filter((path) => !/^\/(en|es|pt|de|ja|zh|ar)(\/|$)/.test(path))
      : paths.filter((path) => path === `/${lang}` || path.startsWith(`/${lang}/`));
  const prefix = lang === 'ru' ? '' : `/${lang}`;
  return [...new Set([...ofLanguage, ...UNLISTED.map((path) => `${prefix}${path}`)])];
}

/** Errors in the console, uncaught errors and React's notes of markup it had to render again. */
function complaints(page: Page): string[] {
  const heard: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|#418|#423|#425/i.test(message.text())) {
      heard.push(`${page.url()}: ${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (error) => heard.push(`${page.url()}: uncaught: ${error.message}`));
  return heard;
}

test.describe('every public page', () => {
  test('arrives rendered on the server, the sign-up form too', async ({ request }) => {
    test.setTimeout(180_000);
    const shells: string[] = [];
    for (const path of await publicPages(request)) {
      const reply = await request.get(path);
      expect(reply.status(), path).toBe(200);
      if (!(await reply.text()).includes('<div id="root" data-ssr="1">')) shells.push(path);
    }
    expect(shells).toEqual([]);
  });

  for (const [lang, half] of [
    ['ru', 0],
    ['ru', 1],
    ['en', 0],
    ['ar', 1],
  ] as const) {
    test(`opens without a console error or a hydration warning (${lang}, part ${half + 1})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const heard = complaints(page);
      const pages = (await publicPages(request, lang)).filter((_, index) => index % 2 === half);
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator('main').first(), path).toBeVisible();
      }
      expect(heard).toEqual([]);
    });
  }
});

test.describe('an address the app has no page for', () => {
  test('answers 404 with the not-found page, in the language of its prefix', async ({ page, request }) => {
    for (const [path, title] of [
      ['/no-such-page', 'Страница не найдена'],
      ['/en/no-such-page', 'Page not found'],
      ['/ar/tzolkin/extra', 'الصفحة غير موجودة'],
      ['/en/products', null],
    ] as const) {
      const reply = await request.get(path);
      if (title === null) {
        expect(reply.status(), path).toBe(200);
        continue;
      }
      expect(reply.status(), path).toBe(404);
      expect(reply.headers()['content-type'], path).toContain('text/html');
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    }
  });
});
