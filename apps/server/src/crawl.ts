import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@hunab/calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The part of the web build's dist/head.json that tells which pages search engines are shown and kept from. */
interface CrawlFacts {
  /** Public pages without their language prefix. */
  pages: string[];
  /** The pages behind sign-in, by the part of their path before any parameter; `localized` ones in every language. */
  closed: { path: string; localized: boolean }[];
}

const NONE: CrawlFacts = { pages: [], closed: [] };

function readCrawlFacts(webDistDir: string | undefined): CrawlFacts {
  const path = join(webDistDir ?? '', 'head.json');
  if (!webDistDir || !existsSync(path)) return NONE;
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { crawl?: CrawlFacts }).crawl ?? NONE;
  } catch {
    return NONE;
  }
}

/** A page's path in one language: Russian without a prefix, the start page of another language without a slash. */
export function pathIn(lang: string, path: string): string {
  if (lang === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sitemap in the form Google documents for pages in several languages: one <url> per page and language, each
 * naming every language's version and the default with <xhtml:link rel="alternate" hreflang>.
 */
export function sitemapXml(origin: string, pages: readonly string[]): string {
  const urls = pages.flatMap((path) => {
    const links = [...LANGUAGES.map((lang) => [lang, pathIn(lang, path)] as const), ['x-default', path] as const]
      .map(
        ([hreflang, href]) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + href)}"/>`,
      )
      .join('\n');
    return LANGUAGES.map(
      (lang) => `  <url>\n    <loc>${escapeXml(origin + pathIn(lang, path))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The path prefixes to keep crawlers out of, in every language, none already covered by a shorter one. */
export function closedPrefixes(closed: CrawlFacts['closed']): string[] {
  const all = [
    ...new Set(
      closed.flatMap(({ path, localized }) => (localized ? LANGUAGES.map((lang) => pathIn(lang, path)) : [path])),
    ),
  ].sort();
  return all.filter((path) => !all.some((other) => other !== path && path.startsWith(`${other}/`)));
}

export function robotsTxt(origin: string, closed: CrawlFacts['closed']): string {
  return [
    'User-agent: *',
    ...closedPrefixes(closed).map((path) => `Disallow: ${path}`),
    'Disallow: /api/',
    // The share images are what link previews show.
    'Allow: /api/share/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /sitemap.xml and /robots.txt, from the pages the web build lists; addresses are absolute, on PUBLIC_URL when it is
 * set, else on the address the request came to.
 */
export function registerCrawlFiles(app: FastifyInstance, webDistDir: string | undefined, publicUrl: string): void {
  let facts: CrawlFacts | null = null;
  const crawl = () => {
    facts ??= readCrawlFacts(webDistDir);
    return facts;
  };
  const originOf = (request: FastifyRequest) => publicUrl.replace(/\/$/, '') || `${request.protocol}://${request.host}`;
  app.get(
    '/sitemap.xml',
    { schema: { summary: 'The public pages in every language, for search engines', tags: ['system'] } },
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(originOf(request), crawl().pages)),
  );
  app.get(
    '/robots.txt',
    { schema: { summary: 'What crawlers may read, and where the sitemap is', tags: ['system'] } },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(originOf(request), crawl().closed)),
  );
}
