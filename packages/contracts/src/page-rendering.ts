/**
 * What the server and the web build's page renderer (apps/web/src/entry-server.tsx) say to each other, and what the
 * rendered HTML hands to the browser.
 */

/** A query a page renders from, answered on the server and handed to the browser with the HTML. */
export interface KnownQuery {
  queryKey: unknown[];
  data: unknown;
}

/** Where the browser keeps the signed-in token (spec 000 section 3). */
export const AUTH_TOKEN_KEY = 'auth_token';

/** How the token of an offline session starts: the reader uses the app without an account on this device. */
export const OFFLINE_TOKEN_PREFIX = 'offline-token-';

/**
 * Set on <html> by a rendered page's first script when the browser holds an account's token (not an offline
 * session's): the page was rendered for a guest,
 * so what only a guest may see (a sign-in request) stays hidden until the app knows who is reading. The app takes it
 * away once the reader turns out to be a guest.
 */
export const SESSION_HINT_ATTRIBUTE = 'data-session';

/** The id of the JSON script after #root that holds the page's known queries. */
export const KNOWN_QUERIES_ID = 'known-queries';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  lang: string;
  /** The page's name in the route table, which names its files in dist/head.json. */
  page: string;
  /** The same page in every language and the default, as hreflang and path: the document's alternate links. */
  alternates: [hreflang: string, path: string][];
  /** The page's own title, description and Open Graph facts, when it states them. */
  head?: { title: string; description: string; ogLocale: string; ogType: string };
}

/** Reads /locales/{lang}/{namespace}.json of the build; null when the file is missing. */
export type LocaleReader = (lang: string, namespace: string) => Promise<Record<string, unknown> | null>;

/**
 * A GET of the API (the path after /api) as a guest's browser would make it: the body of a 200, the error envelope of
 * a 404 (so a page can say that what it names does not exist), or null for any other answer.
 */
export type ApiReader = (path: string) => Promise<unknown>;

/** The renderer module: a page as a guest sees it, or null for a page the server does not render. */
export interface PageRenderer {
  /**
   * The queries the page at `url` renders from beyond those every page shares (the dashboard's readings of the
   * day), read through `api`; none for most pages. The server hands them to `renderPage` as known queries.
   */
  pageQueries(url: string, api: ApiReader): Promise<KnownQuery[]>;
  renderPage(
    url: string,
    read: LocaleReader,
    options?: { timeoutMs?: number; known?: KnownQuery[] },
  ): Promise<RenderedPage | null>;
}

/**
 * The share image a link preview shows for a page (an address under /api/share), or null: the kin of /kin/{n}, the
 * day of /context/{date}, and `today` (YYYY-MM-DD) for /context and /dash. The server puts it in the HTML; the
 * browser follows it on client navigation.
 */
export function shareImageOf(page: string, url: string, lang: string, today: string): string | null {
  const path = url.split(/[?#]/)[0] ?? '';
  if (page === 'kin') {
    const kin = /\/kin\/(\d{1,3})\/?$/.exec(path)?.[1];
    return kin && Number(kin) >= 1 && Number(kin) <= 260 ? `/api/share/kin/${Number(kin)}.png?lang=${lang}` : null;
  }
  if (page === 'context' || page === 'dash') {
    const date = /\/context\/(\d{4}-\d{2}-\d{2})\/?$/.exec(path)?.[1] ?? today;
    return `/api/share/day/${date}.png?lang=${lang}`;
  }
  return null;
}
