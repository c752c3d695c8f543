// Renders the PNG icons of the web app manifest and the Apple touch icon from public/favicon.svg, in Chromium.
// Re-run after changing the logo:  node apps/web/scripts/make-icons.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
// The PNGs are committed, so a build never needs a browser.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`, 'utf8');
/** The manifest's background_color: fills the corners of the full-bleed icons (maskable, Apple). */
const background = '#14121f';

const icons = [
  // "any" icons keep the logo's own rounded corners on a transparent background.
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  // A maskable icon must fill its square; the logo's marks lie within 72% of the radius, inside the 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  await mkdir(`${publicDir}icons`, { recursive: true });
  for (const { file, size, fullBleed } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const body = `margin:0;width:${size}px;height:${size}px;overflow:hidden;background:${fullBleed ? background : 'transparent'}`;
    const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<!doctype html><html><body style="${body}"><img src="${image}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({
      path: `${publicDir}icons/${file}`,
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: !fullBleed,
    });
    await page.close();
    console.log(`public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
