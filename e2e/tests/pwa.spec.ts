// The installable, offline-capable web app: the manifest and its icons, the service worker at /sw.js, an offline
// start in several languages, and the update message of a new service worker reaching the page.
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

// These tests need the service worker even if the other tests come to block it (`serviceWorkers: 'block'`).
test.use({ serviceWorkers: 'allow' });

type UpdateCounter = { __appUpdates: number };

/** Counts `appUpdateAvailable` window events from before the app's own scripts run. */
async function countAppUpdates(context: BrowserContext) {
  await context.addInitScript(() => {
    const counter = window as unknown as UpdateCounter;
    counter.__appUpdates = 0;
    window.addEventListener('appUpdateAvailable', () => {
      counter.__appUpdates += 1;
    });
  });
}

const appUpdates = (page: Page) => page.evaluate(() => (window as unknown as UpdateCounter).__appUpdates);

/** The app has rendered something into #root (the pages themselves change too often to name a text). */
async function expectAppRendered(page: Page) {
  await expect(page.locator('#root > *').first()).toBeAttached({ timeout: 15_000 });
}

/** Opens `/`, waits for the service worker to be active, and reloads so that it controls the page. */
async function openControlledPage(page: Page) {
  await page.goto('/');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expectAppRendered(page);
  return registration;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('serves the web app manifest with its icons, linked from the page', async ({ page, request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const manifest = (await response.json()) as {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Hunab',
    short_name: 'Hunab',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#14121f',
    theme_color: '#14121f',
  });
  expect(manifest).toHaveProperty('description');

  const png = (sizes: string, purpose: string) =>
    manifest.icons.find((icon) => icon.type === 'image/png' && icon.sizes === sizes && icon.purpose === purpose);
  const wanted = [png('192x192', 'any'), png('512x512', 'any'), png('512x512', 'maskable')];
  for (const icon of wanted) {
    expect(icon).toBeDefined();
    if (!icon) continue;
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }

  await page.goto('/');
  const links = await page.evaluate(() => ({
    manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
    apple: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href,
  }));
  expect(links.manifest).toMatch(/\/manifest\.webmanifest$/);
  expect(links.apple).toBeTruthy();
  const apple = await request.get(links.apple ?? '');
  expect(apple.status()).toBe(200);
  expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });
});

test('serves /sw.js, which registers with scope / and controls the page after a reload', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const script = await request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  // Browsers look for a new version on each visit; it must never be served from an HTTP cache.
  expect(script.headers()['cache-control']).toBe('no-cache');

  await countAppUpdates(context);
  const registration = await openControlledPage(page);
  expect(registration.scope).toBe(`${baseURL}/`);
  expect(registration.script).toBe(`${baseURL}/sw.js`);
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(controller).toBe(`${baseURL}/sw.js`);
  // A first installation is not an update.
  expect(await appUpdates(page)).toBe(0);
});

test('starts offline at / and at /en/, with translations, and never answers the API from a cache', async ({
  page,
  context,
}) => {
  await openControlledPage(page);
  await context.setOffline(true);

  await page.reload();
  await expectAppRendered(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  await page.goto('/en/');
  await expectAppRendered(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const offline = await page.evaluate(async () => {
    const status = (url: string) =>
      fetch(url).then(
        (reply) => reply.status,
        () => 'network error',
      );
    return {
      // Cached when the service worker was installed, though Spanish was never opened.
      spanish: await status('/locales/es/translation.json'),
      health: await status('/api/health'),
    };
  });
  expect(offline).toEqual({ spanish: 200, health: 'network error' });
});

test('tells the page when a new service worker replaces the old one', async ({ page, context }) => {
  test.setTimeout(120_000);
  await countAppUpdates(context);
  await openControlledPage(page);
  expect(await appUpdates(page)).toBe(0);

  // A different script URL is a new version for the browser: it installs, replaces the active worker and, being an
  // update, posts CACHE_UPDATE_AVAILABLE, which src/lib/pwa.ts turns into the window event.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: '/' }));
  // Installing downloads the whole precache (every page's chunk) before the new worker takes over.
  await expect.poll(() => appUpdates(page), { timeout: 45_000 }).toBe(1);
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(controller).toMatch(/\/sw\.js\?next$/);
});
