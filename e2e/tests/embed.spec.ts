import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { test as appTest, createAccount, useSession } from './fixtures.ts';

// The plain Playwright test: the product's fixtures wait for the app, which a page of another site is not.
/**
 * A plain page of another site that frames the widgets, as a blog would: served by a server of its own on another
 * port (another origin) of this machine, so the browser frames across origins as it would on the web.
 */
let blog: Server;
let blogOrigin = '';
const pages = new Map<string, string>();
test.beforeAll(async () => {
  blog = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pages.get(request.url ?? '') ?? '');
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogOrigin = `http://localhost:${(blog.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => blog.close(() => resolve())));

function blogPage(origin: string, lang: string, width: number): string {
  const frames = [
    ['today', `/embed/today?lang=${lang}&theme=light`, 190],
    ['kin', `/embed/kin/207?lang=${lang}&theme=dark`, 190],
    ['moon', `/embed/moon?lang=${lang}&date=2012-12-21`, 360],
  ]
    .map(
      ([name, src, height]) =>
        `<iframe data-widget="${name}" src="${origin}${src}" style="border:0;width:100%;max-width:${width}px" height="${height}"></iframe>`,
    )
    .join('<br>');
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body style="margin:8px;font-family:serif">${frames}</body></html>`;
}

test.describe('the widgets on another site', () => {
  for (const [lang, width] of [
    ['en', 320],
    ['ar', 600],
    ['ru', 600],
  ] as const) {
    test(`fit an <iframe> ${width} px wide in ${lang} without overflowing`, async ({ page, baseURL }, info) => {
      await page.setViewportSize({ width: width + 16, height: 900 });
      pages.set(`/${lang}-${width}`, blogPage(baseURL ?? '', lang, width));
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/refused|Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await page.goto(`${blogOrigin}/${lang}-${width}`);
      for (const name of ['today', 'kin', 'moon']) {
        const frame = page.frameLocator(`iframe[data-widget="${name}"]`);
        const link = frame.locator('a');
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', /utm_source=embed/);
        await expect(frame.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        // Nothing wider than the frame: the widget scrolls neither way.
        const overflow = await frame
          .locator('body')
          .evaluate((body) => body.scrollWidth - body.clientWidth + Math.max(0, body.scrollHeight - body.clientHeight));
        expect(overflow, name).toBeLessThanOrEqual(0);
      }
      expect(blocked).toEqual([]);
      await page.screenshot({ path: info.outputPath(`embed-${lang}-${width}.png`), fullPage: true });
    });
  }
});

appTest.describe('the widget snippet in the account', () => {
  for (const [lang, width] of [
    ['en', 375],
    ['ar', 1280],
  ] as const) {
    appTest(`gives the code and a live preview in ${lang} at ${width} px`, async ({ page, request }, info) => {
      await useSession(page, await createAccount(request, { lang }));
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lang}/account/brand-elements`);
      const section = page.getByTestId('brand-embed');
      await section.getByTestId('embed-widget').selectOption('moon');
      await section.getByTestId('embed-theme').selectOption('dark');
      await expect(section.getByTestId('embed-code')).toHaveValue(
        new RegExp(`/embed/moon\\?lang=${lang}&amp;theme=dark&amp;size=medium`),
      );
      // The preview is the widget itself, framed by the app's own page.
      const preview = page.frameLocator('[data-testid="embed-preview"]');
      await expect(preview.locator('table td')).toHaveCount(28);
      await expect(preview.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: info.outputPath(`snippet-${lang}-${width}.png`) });
    });
  }
});
