import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ApiReader,
  AUTH_TOKEN_KEY,
  freeDateOf,
  GUEST_DATE_KEY,
  guestDateOpen,
  KNOWN_QUERIES_ID,
  type KnownQuery,
  type LocaleReader,
  OFFLINE_TOKEN_PREFIX,
  type PageRenderer,
  type RenderedPage,
  SESSION_HINT_ATTRIBUTE,
  shareImageOf,
} from '@hunab/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** dist/head.json of the web build: the Bootstrap stylesheets, the namespaces and each page's files. */
interface HeadFacts {
  ltr: string;
  rtl: string;
  namespaces: string[];
  pages: Record<string, string[]>;
  /** The namespaces of their own that some pages read (legal texts, landings). */
  pageNamespaces?: Record<string, string[]>;
}

/** Rendered pages kept per day, address and the data they render from: for a guest nothing else changes them. */
const KEPT_PAGES = 64;
const RENDER_TIMEOUT_MS = 2_000;
/** Renders under way at once, and renders waiting for a turn; a page beyond both is sent as the app shell. */
const RENDERS_AT_ONCE = 2;
const RENDERS_WAITING = 8;

/**
 * The query parameters a page reads (the dashboard's tab and birth date, the plans page's offer, the checkout's
 * product, the sign-up interest, the emailed links, campaign tags carried into links). Any other parameter changes
 * nothing on a page, so it is left out of the address rendered and of the cache key: a flood of made-up query
 * strings is served from the cache instead of costing a render each.
 */
const PAGE_PARAMS = new Set([
  'tab',
  'birthDate',
  'interest',
  'plan',
  'product',
  'promo',
  'retry',
  'upgrade',
  'reason',
  'source',
  'platform',
  'token',
  'email',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
]);
const MAX_PARAM_LENGTH = 100;

/** The address as far as pages read it: the path and the known parameters in a fixed order; null when odd. */
export function pageAddress(url: string): string | null {
  const parsed = new URL(url, 'http://localhost');
  const kept = [...parsed.searchParams].filter(([name]) => PAGE_PARAMS.has(name));
  if (kept.some(([, value]) => value.length > MAX_PARAM_LENGTH) || kept.length > PAGE_PARAMS.size) return null;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What every rendered page may show that comes from the API: today's promo codes, which the subscription banner
 * shows to guests, and the public settings the top banners read. Read through the API itself, so the page gets
 * exactly what the browser would, and the browser renders nothing again when it would have read them itself.
 */
async function sharedQueries(api: ApiReader): Promise<KnownQuery[]> {
  const [promo, settings] = (await Promise.all([api('/promo/active'), api('/settings')])) as Array<{
    data?: unknown;
  } | null>;
  const known: KnownQuery[] = [];
  if (promo && 'data' in promo) known.push({ queryKey: ['promo', 'active'], data: promo.data });
  if (settings && 'data' in settings) known.push({ queryKey: ['settings'], data: settings.data });
  return known;
}

/** The server's local date, the day the renderer's "today" falls on. */
function localDay(): string {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

/** Today on the server as YYYY-MM-DD, the day a /dash or /context without a date shows. */
function isoLocalDay(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const CONTEXT_PAGE = /^\/(?:[a-z]{2}\/)?context\/(\d{4}-\d{2}-\d{2})$/;

/**
 * What a guest's device decides of a page (spec 000 section 4.8): on /context/{date} other than today, whether the
 * date is the device's one free date (or the device has none yet), read from the cookie the content API sets. The
 * page renders the reading's place or the sign-in prompt from it, as the API will answer once the browser asks.
 */
export function guestQueries(url: string, freeDateCookie: string | undefined): KnownQuery[] {
  const date = CONTEXT_PAGE.exec(new URL(url, 'http://localhost').pathname)?.[1];
  if (!date || date === isoLocalDay()) return [];
  return [
    {
      queryKey: [GUEST_DATE_KEY, date],
      data: { open: guestDateOpen(freeDateOf(freeDateCookie), date, isoLocalDay()) },
    },
  ];
}

/**
 * Serves index.html with the page already rendered inside #root, the page's stylesheets linked and its scripts and
 * translations preloaded, in place of the head script that does this in the browser. Falls back to the plain
 * index.html when the page is not one the server renders, the renderer is not built, or rendering fails.
 */
export function createPageRenderer(
  webDistDir: string,
  serverDistDir: string,
  log: FastifyBaseLogger,
  api: ApiReader,
  /** The address the app is reached at (PUBLIC_URL), for the absolute addresses of the alternate links. */
  publicUrl: string,
) {
  const indexPath = join(webDistDir, 'index.html');
  const rendererPath = join(serverDistDir, 'entry-server.js');
  const localesDir = join(webDistDir, 'locales');
  let loadedFor = -1;
  let loading: Promise<{ renderer: PageRenderer | null; head: HeadFacts | null; index: string }> | null = null;
  const kept = new Map<string, string>();
  let rendering = 0;
  const waiting: Array<() => void> = [];
  /** Runs a render when fewer than RENDERS_AT_ONCE are under way; `busy` when too many already wait. */
  async function inTurn<T>(render: () => Promise<T>): Promise<{ done: T } | 'busy'> {
    if (rendering >= RENDERS_AT_ONCE) {
      if (waiting.length >= RENDERS_WAITING) return 'busy';
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    rendering++;
    try {
      return { done: await render() };
    } finally {
      rendering--;
      waiting.shift()?.();
    }
  }

  const readLocale: LocaleReader = async (lang, namespace) => {
    if (!/^[a-z]{2}$/.test(lang) || !/^[a-z]+$/.test(namespace)) return null;
    try {
      return JSON.parse(await readFile(join(localesDir, lang, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  /** The build in use; a rebuilt app (a newer index.html) is picked up without a restart. */
  function current() {
    const builtAt = existsSync(indexPath) ? statSync(indexPath).mtimeMs : 0;
    if (!loading || builtAt !== loadedFor) {
      loadedFor = builtAt;
      kept.clear();
      loading = (async () => {
        const index = await readFile(indexPath, 'utf8');
        if (!existsSync(rendererPath)) return { renderer: null, head: null, index };
        try {
          const renderer = (await import(`${pathToFileURL(rendererPath).href}?built=${builtAt}`)) as PageRenderer;
          const head = JSON.parse(await readFile(join(webDistDir, 'head.json'), 'utf8')) as HeadFacts;
          return { renderer, head, index };
        } catch (error) {
          log.warn({ err: error }, 'the page renderer could not be loaded; pages are rendered in the browser');
          return { renderer: null, head: null, index };
        }
      })();
    }
    return loading;
  }

  /** The page's title, description and Open Graph tags in place of the app's generic ones. */
  function pageHead(index: string, page: RenderedPage, url: string): string {
    if (!page.head) return index;
    const { title, description, ogLocale, ogType } = page.head;
    const path = new URL(url, 'http://localhost').pathname;
    const tags = [
      ['og:title', title],
      ['og:description', description],
      ['og:type', ogType],
      ['og:locale', ogLocale],
      ['og:url', publicUrl + path],
      ['og:site_name', 'Hunab'],
    ]
      .map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content ?? '')}">`)
      .join('');
    return index
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeAttribute(title ? `${title} · Hunab` : 'Hunab')}</title>${tags}`,
      )
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeAttribute(description)}">`,
      );
  }

  function compose(index: string, head: HeadFacts, page: RenderedPage, known: KnownQuery[], url: string): string {
    const rtl = page.lang === 'ar';
    const files = head.pages[page.page] ?? [];
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index)?.[1];
    // The page is readable as sent: its scripts and translations are asked for once the browser reports the first
    // contentful paint (a second after the load event at the latest, for a tab in the background or a browser
    // without paint timing), so the first paint waits for nothing but the HTML and the stylesheets.
    // The entry's own imports the browser finds in the entry; only the page's chunk and its imports, which the entry
    // loads lazily, are named here. Each link added costs the main thread about a millisecond, so the entry, the
    // page's modules and the translations are asked for three at a time, each three in a task of their own: while a
    // performance trace records (as Lighthouse's does), a link costs up to 10 ms.
    const later = {
      modules: files.filter((file) => !file.endsWith('.css')).map((file) => `/${file}`),
      // The page's language only: the fallbacks are read when one of its files cannot be (lib/i18n.ts).
      translations: [...head.namespaces, ...(head.pageNamespaces?.[page.page] ?? [])].map(
        (namespace) => `/locales/${page.lang}/${namespace}.json`,
      ),
      entry,
    };
    // A browser that holds an account's token marks the page at once, so what it shows only to guests stays hidden.
    const starter = `<script>(function(){var d=document,f=${JSON.stringify(later)};try{var t=localStorage.getItem(${JSON.stringify(AUTH_TOKEN_KEY)});if(t&&t.indexOf(${JSON.stringify(OFFLINE_TOKEN_PREFIX)})!==0)d.documentElement.setAttribute(${JSON.stringify(SESSION_HINT_ATTRIBUTE)},'')}catch(e){}function l(r,h,a){var e=d.createElement('link');e.rel=r;e.href=h;if(a){e.as=a}e.crossOrigin='anonymous';d.head.append(e)}var on=0;function go(){if(on)return;on=1;var s=d.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src=f.entry;d.head.append(s);f.modules.forEach(function(h){q.push(['modulepreload',h])});f.translations.forEach(function(h){q.push(['preload',h,'fetch'])});setTimeout(n)}var q=[];function n(){for(var i=0;i<3&&q.length;i++){var x=q.shift();l(x[0],x[1],x[2])}if(q.length)setTimeout(n)}try{new PerformanceObserver(function(p){if(p.getEntriesByName('first-contentful-paint').length)setTimeout(go)}).observe({type:'paint',buffered:true})}catch(e){}addEventListener('load',function(){setTimeout(go,1000)})})();</script>`;
    // Page stylesheets after the app's own, in the order the browser would add them.
    const pageStyles = files
      .filter((file) => file.endsWith('.css'))
      .map((file) => `<link rel="stylesheet" href="/${file}">`)
      .join('');
    // The page in the other languages, for search engines that do not run scripts (spec 000 section 2.2).
    const alternates = page.alternates
      .map(
        ([hreflang, path]) =>
          `<link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(publicUrl + path)}" data-alternate="true">`,
      )
      .join('');
    // The page's own address in its language, without the query, which changes nothing a search engine reads.
    const canonical = `<link rel="canonical" href="${escapeAttribute(publicUrl + new URL(url, 'http://localhost').pathname)}">`;
    const image = shareImageOf(page.page, url, page.lang, isoLocalDay());
    const preview = image
      ? `<meta property="og:image" content="${escapeAttribute(publicUrl + image)}"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta name="twitter:card" content="summary_large_image">`
      : '';
    return index
      .replace(
        /<html[^>]*>/,
        `<html lang="${escapeAttribute(page.lang)}" dir="${rtl ? 'rtl' : 'ltr'}" data-bs-theme="dark">`,
      )
      .replace(
        /<!--early-head-->[\s\S]*?<!--\/early-head-->/,
        () => `<link rel="stylesheet" id="bootstrap-css" href="/${rtl ? head.rtl : head.ltr}">`,
      )
      .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
      .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => starter)
      .replace('</head>', () => `${pageStyles}${canonical}${alternates}${preview}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-ssr="1">${page.html}</div><script type="application/json" id="${KNOWN_QUERIES_ID}">${JSON.stringify(known).replace(/</g, '\\u003c')}</script>`,
      );
  }

  /**
   * The HTML for a page address (path and query), in the reader's theme (the `theme` cookie), with the guest's free
   * date (its cookie) where the page depends on it.
   */
  return async function htmlFor(
    url: string,
    theme: 'dark' | 'light' = 'dark',
    freeDateCookie?: string,
  ): Promise<string> {
    const html = await pageFor(url, guestQueries(url, freeDateCookie));
    return theme === 'light' ? html.replace(/(<html[^>]*data-bs-theme=")dark"/, '$1light"') : html;
  };

  async function pageFor(requested: string, guest: KnownQuery[]): Promise<string> {
    const { renderer, head, index } = await current();
    const url = pageAddress(requested);
    if (!renderer || !head || url === null) return index;
    // The data the page renders from: what every page shows, and what this page reads of its own.
    let known: KnownQuery[] = [];
    try {
      const [shared, own] = await Promise.all([sharedQueries(api), renderer.pageQueries(url, api)]);
      known = [...shared, ...own, ...guest];
    } catch (error) {
      log.warn({ err: error }, 'the data of a rendered page could not be read; it renders without it');
    }
    const key = `${localDay()} ${JSON.stringify(known)} ${url}`;
    const keptHtml = kept.get(key);
    if (keptHtml !== undefined) {
      kept.delete(key);
      kept.set(key, keptHtml);
      return keptHtml;
    }
    let html = index;
    try {
      const turn = await inTurn(() => renderer.renderPage(url, readLocale, { timeoutMs: RENDER_TIMEOUT_MS, known }));
      // Too many renders under way: this reader gets the app shell, which renders in the browser.
      if (turn === 'busy') return index;
      if (turn.done) html = compose(pageHead(index, turn.done, url), head, turn.done, known, url);
    } catch (error) {
      log.warn({ err: error, url }, 'a page could not be rendered on the server; it renders in the browser');
      return index;
    }
    kept.set(key, html);
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value as string);
    return html;
  }
}
