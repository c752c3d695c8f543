import { kinEntity } from '@hunab/calendar';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';

/** Everything React says about a page whose HTML it had to render again. */
function hydrationComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  return complaints;
}

test.describe('pages rendered on the server', () => {
  test('a matrix page arrives as HTML in its language, before any script runs', async ({ request }) => {
    const moon = await request.get('/en/moon');
    expect(moon.headers()['content-type']).toContain('text/html');
    const html = await moon.text();
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toMatch(/<div id="root" data-ssr="1">/);
    expect(html).toContain('data-testid="matrix-title"');
    expect(html).toContain('data-testid="moon-grid"');
    // The scripts start after the first paint: none is in the document itself.
    expect(html).not.toMatch(/<script type="module"/);
    // The same page in the other languages, for search engines that do not run scripts.
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([\w-]+)" href="https?:\/\/[^/"]+([^"]*)"/g)];
    expect(alternates.map((link) => [link[1], link[2]])).toEqual([
      ['ru', '/moon'],
      ['en', '/en/moon'],
      ['es', '/es/moon'],
      ['pt', '/pt/moon'],
      ['de', '/de/moon'],
      ['ja', '/ja/moon'],
      ['zh', '/zh/moon'],
      ['ar', '/ar/moon'],
      ['x-default', '/moon'],
    ]);

    // Its own title, description and canonical address, read without running a script.
    const title = /<title>([^<]+) · Hunab<\/title>/.exec(html)?.[1] ?? '';
    expect(title).toMatch(/Moon/);
    expect(html).toContain(`<meta name="description" content="${title} in Hunab, the Dreamspell 13-moon calendar`);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^/"]+\/en\/moon">/);

    const arabic = await (await request.get('/ar/tzolkin')).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl"');
    expect(arabic).toMatch(/<title>[^<]+ · Hunab<\/title>/);
    expect(arabic).toMatch(/bootstrap\.rtl\.min-[\w-]+\.css/);
  });

  test('the sitemap lists the public pages in every language, and robots.txt names it and keeps private pages out', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    for (const path of ['/tzolkin', '/en/tzolkin', '/ar/legal/privacy', '/ja/welcome', '/de/education', '/zh/castle']) {
      expect(locs, path).toContain(path);
    }
    expect(locs.filter((path) => /\/(account|admin|checkout|journal|login|payment)\b/.test(path))).toEqual([]);
    // A listed page answers and calls itself canonical.
    for (const path of ['/es/tzolkin', '/zh/about']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^/"]+${path}">`));
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    for (const path of ['/admin', '/account', '/checkout', '/en/account', '/ar/checkout']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    const slash = await request.get('/en/', { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers().location).toBe('/en');
  });

  test('pages behind sign-in, the /ru prefix and pages that send the reader on are sent as the app shell', async ({
    request,
  }) => {
    // /context and /process without a date or tone go on to a page the browser picks.
    for (const path of ['/account', '/admin', '/ru/dash', '/context', '/en/process']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  test('the moon page is the same once hydrated, and its arrows answer', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/en/moon');
    const title = page.getByTestId('matrix-title');
    const before = await title.textContent();
    await page.getByRole('button', { name: 'Next moon' }).click();
    await expect(title).not.toHaveText(before ?? '');
    expect(complaints).toEqual([]);
  });

  test('keeps the Open Graph tags once hydrated, and follows a client navigation with them', async ({ page }) => {
    const og = (property: string) => page.locator(`head meta[property="${property}"]`);
    const html = await (await page.request.get('/en/kin/34')).text();
    // A kin's title names it, so no two kins share one.
    const title = (n: number) => `Kin ${n} · ${kinEntity(n, 'en').name}`;
    expect(html).toContain(`<meta property="og:title" content="${title(34)}">`);
    await page.goto('/en/kin/34');
    await expect(og('og:title')).toHaveAttribute('content', title(34));
    await expect(og('og:url')).toHaveAttribute('content', /\/en\/kin\/34$/);
    await expect(og('og:image')).toHaveAttribute('content', /\/api\/share\/kin\/34\.png/);
    await page.getByTestId('kin-next').click();
    await expect(page).toHaveURL(/\/en\/kin\/35$/);
    await expect(og('og:title')).toHaveAttribute('content', title(35));
    await expect(og('og:url')).toHaveAttribute('content', /\/en\/kin\/35$/);
    await expect(og('og:image')).toHaveAttribute('content', /\/api\/share\/kin\/35\.png/);
    await expect(og('og:locale')).toHaveAttribute('content', 'en_US');
  });

  test('a kin of the hydrated Tzolkin opens its day', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    await page.goto('/en/tzolkin');
    await page.getByTestId('tzolkin-grid').locator('.tzolkin-cell[data-kin="1"] button').click();
    await expect(page).toHaveURL(/\/en\/context\/\d{4}-\d{2}-\d{2}$/);
    expect(complaints).toEqual([]);
  });

  test('the dashboard arrives with the reading of the day, which the browser does not ask for again', async ({
    page,
    request,
  }) => {
    const day = (await (await request.get('/api/debug/hunabmath?lang=en')).json()).hunabmath;
    const seal = (await (await request.get(`/api/content/seal/${day.kin.sign.number}?lang=en`)).json()).data;
    const html = await (await request.get('/en/dash')).text();
    expect(html).toContain('data-testid="reading"');
    expect(html).toContain(`"queryKey":["reading","signs",${day.kin.sign.number},"en"]`);
    expect(html).toContain(`"queryKey":["reading","tones",${day.tone.number},"en"]`);

    const complaints = hydrationComplaints(page);
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/content/')) asked.push(sent.url());
    });
    await page.goto('/en/dash');
    await expect(page.getByTestId('reading').getByRole('heading', { level: 2 })).toHaveText(seal.title);
    await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('link', { name: 'Tone' }).click();
    await expect(page).toHaveURL(/tab=tone/);
    await expect(page.getByTestId('reading')).toBeVisible();
    expect(asked).toEqual([]);
    expect(complaints).toEqual([]);
  });

  test('the products, courses and settings arrive with the page, and the browser does not read them again', async ({
    page,
    request,
  }) => {
    // The programmes are sold in Russian: the Russian page carries the catalogue, the English one a note only.
    const products = await (await request.get('/products')).text();
    expect(products).toContain('data-testid="product-13days"');
    expect(products).toContain('"queryKey":["products","ru"]');
    expect(products).toContain('"queryKey":["settings"]');
    expect(await (await request.get('/en/products')).text()).not.toContain('"queryKey":["products"');
    const courses = await (await request.get('/en/education')).text();
    expect(courses).toContain('"queryKey":["education","courses","en","guest"]');

    const complaints = hydrationComplaints(page);
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (/\/api\/(products|education\/courses|settings)\b/.test(sent.url())) asked.push(sent.url());
    });
    await page.goto('/products');
    await expect(page.getByTestId('product-13days')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '1');
    await page.goto('/en/education');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '1');
    expect(asked).toEqual([]);
    expect(complaints).toEqual([]);
  });

  test('a light theme chosen before is in the HTML already', async ({ page, context, baseURL }) => {
    // What choosing the light theme leaves behind: the setting on the device and its cookie.
    await context.addCookies([{ name: 'theme', value: 'light', url: baseURL ?? '' }]);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const reply = await page.request.get('/dash');
    expect(await reply.text()).toContain('data-bs-theme="light"');
    await page.goto('/dash');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  });
});
