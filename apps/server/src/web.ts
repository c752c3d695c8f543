import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LANGUAGES } from '@hunab/calendar';
import { type ApiReader, GUEST_DATE_COOKIE } from '@hunab/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrawlFiles } from './crawl.ts';
import { knownPages } from './known-pages.ts';
import { cookieOf } from './lib/cookies.ts';
import { errorBody } from './lib/errors.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './lib/security-headers.ts';
import { oembedDiscovery } from './modules/public-api/index.ts';
import { createPageRenderer } from './page-rendering.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A GET of the API from inside the server, as a guest's browser would make it: the body of a 200 or 404, else null. */
function apiReader(app: FastifyInstance): ApiReader {
  return async (path) => {
    const reply = await app.inject({ method: 'GET', url: `/api${path}` });
    return reply.statusCode === 200 || reply.statusCode === 404 ? reply.json() : null;
  };
}

/** A page's HTML, compressed for a browser that accepts it (the rendered year page is ~450 KB of markup). */
async function encoded(html: string, acceptEncoding: string | undefined) {
  const accepts = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepts)) return { body: await gzipped(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}

/** What a missing file looks like; any other path (/kin/1.5 too) is a page of the app. */
const STATIC_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.json',
  '.webmanifest',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.svg',
  '.ico',
  '.webp',
  '.avif',
  '.woff',
  '.woff2',
  '.ttf',
  '.txt',
  '.xml',
  '.mdx',
  '.md',
  '.br',
  '.gz',
  '.html',
]);

const LANGUAGE_ROOT_WITH_SLASH = new RegExp(`^/(${LANGUAGES.join('|')})/$`);

/**
 * The checkout steps, the test provider's payment page and the payment results, in any language: never stored by the
 * browser, so Back after paying loads them anew and shows what the payment did, not the buttons to pay again.
 */
const PAYMENT_PAGE = new RegExp(
  `^(?:/(?:${LANGUAGES.join('|')}))?/(?:payment|checkout|subscription/(?:checkout|success))(?:/|$)`,
);

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and index.html for
 * every client route. A missing file (a path with an extension) and an unknown /api path are real 404s.
 */
/** The readings as static Markdown: /content/{lang}/{signs|tones|moon|plasmas|castles}/{n}.mdx. */
export async function registerContentFiles(app: FastifyInstance, contentDir: string | undefined): Promise<void> {
  if (!contentDir || !existsSync(contentDir)) return;
  await app.register(fastifyStatic, {
    root: contentDir,
    prefix: '/content/',
    decorateReply: false,
    wildcard: false,
    index: false,
    // Lessons are read through the API, which keeps the locked ones to those they are open to.
    allowedPath: (path) => !path.startsWith('/education/'),
    setHeaders(reply, path) {
      if (/\.mdx?$/.test(path)) reply.header('content-type', 'text/markdown; charset=utf-8');
      reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  options: { renderPages?: boolean; publicUrl?: string } = {},
): Promise<void> {
  const indexPath = join(webDistDir ?? '', 'index.html');
  const assetsDir = join(webDistDir ?? '', 'assets');
  const hasWebApp = webDistDir !== undefined && existsSync(indexPath);
  if (!hasWebApp || !webDistDir) {
    if (webDistDir) app.log.warn({ webDistDir }, 'the web app is not built: run `npm run build` to serve it');
  } else {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz twins of its text files; browsers that accept them get those.
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.startsWith(assetsDir);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Pages rendered on the server (apps/web/dist-server, built next to dist); index.html alone without it.
  const pageHtml =
    hasWebApp && webDistDir && options.renderPages !== false
      ? createPageRenderer(
          webDistDir,
          join(webDistDir, '..', 'dist-server'),
          app.log,
          apiReader(app),
          options.publicUrl ?? '',
        )
      : null;

  registerCrawlFiles(app, hasWebApp ? webDistDir : undefined, options.publicUrl ?? '');
  const isKnownPage = knownPages(hasWebApp ? webDistDir : undefined);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A language's start page has one address, without the slash after it.
    const languageRoot = LANGUAGE_ROOT_WITH_SLASH.exec(path)?.[1];
    if (languageRoot && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.redirect(`/${languageRoot}${request.url.slice(path.length)}`, 301);
    }
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', `No API endpoint at ${request.method} ${path}.`));
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !STATIC_EXTENSIONS.has(extname(path).toLowerCase());
    if (!isPage || !hasWebApp) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const theme = /(?:^|;\s*)theme=light(?:;|$)/.test(request.headers.cookie ?? '') ? 'light' : 'dark';
    const page = pageHtml
      ? await pageHtml(request.url, theme, cookieOf(request, GUEST_DATE_COOKIE))
      : await readFile(indexPath, 'utf8');
    // Kin and day pages name their oEmbed answer, for sites that are given the page's address.
    const html = page.replace('</head>', () => `${oembedDiscovery(path, options.publicUrl ?? '')}</head>`);
    const { body, encoding } = await encoded(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    // The page's own inline scripts (the starter of a rendered page differs per page) are allowed by their hashes.
    reply.header('content-security-policy', contentSecurityPolicy(inlineScriptHashes(html)));
    // An address the app has no page for gets the app's not-found page with a real 404, which search engines drop.
    return reply
      .status(isKnownPage(path) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAYMENT_PAGE.test(path) ? 'no-store' : 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
  });
}
