import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@hunab/calendar';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

const ORIGIN = 'https://hunab.example.com';
const PAGES = ['/tzolkin', '/legal/privacy', '/welcome'];
const CLOSED = [
  { path: '/account', localized: true },
  { path: '/account/payments', localized: true },
  { path: '/checkout', localized: true },
  { path: '/admin', localized: false },
  { path: '/payments', localized: false },
];
const DISALLOWED = ['/account', '/admin', '/checkout', '/en/account', '/ar/checkout', '/payments'];

const webDist = mkdtempSync(join(tmpdir(), 'hunab-crawl-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Hunab</title><div id="root"></div>');
mkdirSync(join(webDist, 'assets'));
/** The routes as the web build lists them: the start page, a plain page, one with a parameter, one unprefixed only. */
const ROUTES = {
  root: ['', '/tzolkin', '/legal/privacy', '/welcome', '/kin(?:/[^/]+)?', '/products/[^/]+', '/admin'],
  localized: ['', '/tzolkin', '/legal/privacy', '/welcome', '/kin(?:/[^/]+)?', '/products/[^/]+'],
};
writeFileSync(join(webDist, 'head.json'), JSON.stringify({ crawl: { pages: PAGES, closed: CLOSED }, routes: ROUTES }));

const ctx = useTestApp(() => ({ webDistDir: webDist, publicUrl: ORIGIN }));

interface Alternate {
  '@_rel': string;
  '@_hreflang': string;
  '@_href': string;
}
interface SitemapUrl {
  loc: string;
  'xhtml:link': Alternate[];
}

/** The sitemap as an XML parser we did not write reads it, after its own well-formedness check. */
async function readSitemap() {
  const reply = await ctx.app.inject('/sitemap.xml');
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toContain('xml');
  expect(XMLValidator.validate(reply.body)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'url' || name === 'xhtml:link',
  }).parse(reply.body) as { urlset: { '@_xmlns': string; '@_xmlns:xhtml': string; url: SitemapUrl[] } };
  return { body: reply.body, urlset: parsed.urlset };
}

describe('the sitemap', () => {
  it('follows the sitemaps.org protocol: a urlset of absolute, unique locations within the limits', async () => {
    const { body, urlset } = await readSitemap();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = urlset.url.map((url) => url.loc);
    expect(locs.length).toBeLessThanOrEqual(50_000);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(50 * 1024 * 1024);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) {
      expect(loc.length).toBeLessThan(2048);
      expect(new URL(loc).origin).toBe(ORIGIN);
    }
  });

  it('lists every public page in the eight languages, Russian without a prefix', async () => {
    const { urlset } = await readSitemap();
    const locs = new Set(urlset.url.map((url) => url.loc));
    expect(locs.size).toBe(PAGES.length * LANGUAGES.length);
    for (const path of PAGES) {
      expect(locs.has(`${ORIGIN}${path}`)).toBe(true);
      for (const lang of LANGUAGES.filter((code) => code !== 'ru'))
        expect(locs.has(`${ORIGIN}/${lang}${path}`)).toBe(true);
    }
  });

  it('names every language version of each page with xhtml:link alternates, as Google documents them', async () => {
    const { urlset } = await readSitemap();
    expect(urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const locs = new Set(urlset.url.map((url) => url.loc));
    for (const url of urlset.url) {
      const links = url['xhtml:link'];
      expect(links.every((link) => link['@_rel'] === 'alternate')).toBe(true);
      expect(links.map((link) => link['@_hreflang']).sort()).toEqual([...LANGUAGES, 'x-default'].sort());
      // Each version lists itself among the alternates, and every alternate is listed as a location of its own.
      expect(links.some((link) => link['@_href'] === url.loc)).toBe(true);
      for (const link of links.filter((item) => item['@_hreflang'] !== 'x-default')) {
        expect(locs.has(link['@_href'])).toBe(true);
      }
    }
    const tzolkin = urlset.url.find((url) => url.loc === `${ORIGIN}/ja/tzolkin`);
    expect(tzolkin?.['xhtml:link'].find((link) => link['@_hreflang'] === 'x-default')?.['@_href']).toBe(
      `${ORIGIN}/tzolkin`,
    );
  });
});

describe('robots.txt', () => {
  it('names the sitemap and keeps the admin, account and checkout pages out', async () => {
    const reply = await ctx.app.inject('/robots.txt');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    const lines = reply.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of DISALLOWED) expect(lines).toContain(`Disallow: ${path}`);
    // A page under a closed prefix needs no line of its own.
    expect(lines).not.toContain('Disallow: /account/payments');
    expect(lines).not.toContain('Disallow: /en/admin');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const path of PAGES) expect(disallowed.some((prefix) => path.startsWith(prefix))).toBe(false);
  });
});

describe('a language’s start page', () => {
  it('has one address: /en/ moves to /en for good, with its query', async () => {
    const reply = await ctx.app.inject('/en/?utm_source=x');
    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe('/en?utm_source=x');
    expect((await ctx.app.inject('/en')).statusCode).toBe(200);
    expect((await ctx.app.inject('/ar/')).headers.location).toBe('/ar');
  });
});

describe('addresses the app has no page for', () => {
  it('answers them 404 with the app, which shows its not-found page; every route of the app answers 200', async () => {
    for (const path of ['/', '/en', '/tzolkin', '/en/tzolkin/', '/TZOLKIN', '/kin', '/ar/kin/207', '/products/x']) {
      const reply = await ctx.app.inject(`${path}?utm_source=x`);
      expect(reply.statusCode, path).toBe(200);
      expect(reply.body, path).toContain('<div id="root">');
    }
    // The Russian prefix is the unprefixed page, which the app moves to; a page without languages has no prefix.
    expect((await ctx.app.inject('/ru/tzolkin')).statusCode).toBe(200);
    expect((await ctx.app.inject('/admin')).statusCode).toBe(200);
    for (const path of [
      '/no-such-page',
      '/en/no-such-page',
      '/tzolkin/extra',
      '/products',
      '/en/admin',
      '/xx/tzolkin',
    ]) {
      const reply = await ctx.app.inject(path);
      expect(reply.statusCode, path).toBe(404);
      expect(reply.headers['content-type'], path).toContain('text/html');
      expect(reply.body, path).toContain('<div id="root">');
    }
  });
});
