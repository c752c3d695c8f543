/**
 * The server's render of a page: the same routes and providers as the browser, with a static router, translations
 * read from the built locale files and a guest's view of the page. The browser hydrates this HTML (main.tsx).
 * Pages behind sign-in, redirects, the Russian /ru prefix and pages that send the reader on at once (PageRedirect)
 * are not rendered here: the server sends the app shell.
 */
import { today } from '@hunab/calendar';
import type { ApiReader, KnownQuery, LocaleReader, RenderedPage } from '@hunab/contracts';
import { createInstance, type i18n, type Resource } from 'i18next';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/AppRoot.tsx';
import { PAGES } from './app/pages.ts';
import { AppRoutes } from './app/router.tsx';
import { ServerRedirects } from './components/PageRedirect.tsx';
import { dashQueries } from './features/calendar/dashQueries.ts';
import { kinQueries, processQueries } from './features/calendar/matrixQueries.ts';
import { checkoutQueries, productsQueries } from './features/commerce/productsQueries.ts';
import { educationQueries } from './features/education/educationQueries.ts';
import {
  alternatePaths,
  DEFAULT_LANGUAGE,
  LANGUAGE_CONFIG,
  LANGUAGES,
  type Language,
  splitLanguage,
} from './lib/languages.ts';
import { NAMESPACES, PAGE_NAMESPACES } from './lib/namespaces.ts';
import { type PageHead, PageHeadCollector } from './lib/page-meta.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { matchRoute, type RouteParams } from './lib/route-match.ts';
import type { PageName } from './lib/route-table.ts';

const translators = new Map<Language, Promise<i18n>>();

/** One translator per language, with the same fallbacks as the browser's: the language, English, Russian. */
function translatorFor(lang: Language, read: LocaleReader): Promise<i18n> {
  let made = translators.get(lang);
  if (!made) {
    made = (async () => {
      const resources: Resource = {};
      for (const code of new Set<Language>([lang, 'en', DEFAULT_LANGUAGE])) {
        resources[code] = {};
        for (const namespace of [...NAMESPACES, ...PAGE_NAMESPACES]) {
          const bundle = await read(code, namespace);
          if (bundle) resources[code][namespace] = bundle;
        }
      }
      const instance = createInstance();
      await instance.use(initReactI18next).init({
        lng: lang,
        supportedLngs: [...LANGUAGES],
        fallbackLng: ['en', DEFAULT_LANGUAGE],
        ns: [...NAMESPACES, ...PAGE_NAMESPACES],
        defaultNS: 'translation',
        fallbackNS: ['translation'],
        load: 'currentOnly',
        resources,
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        showSupportNotice: false,
      });
      return instance;
    })();
    made.catch(() => translators.delete(lang));
    translators.set(lang, made);
  }
  return made;
}

/** The pages that render from page-specific API data as a guest sees them, and how to read it. */
const PAGE_QUERIES: Partial<
  Record<
    PageName,
    (lang: Language, api: ApiReader, search: URLSearchParams, params: RouteParams) => Promise<KnownQuery[]>
  >
> = {
  // The server's day, as the page's selected date is on the server.
  dash: (lang, api) => dashQueries(today(), lang, api),
  // The tone of the address, and the kin of the address, as the page shows them.
  process: (lang, api, _search, params) => processQueries(params.toneId, lang, api),
  kin: (lang, api, _search, params) => kinQueries(params.kinNumber, lang, api),
  products: productsQueries,
  education: educationQueries,
  checkout: checkoutQueries,
};

/** The queries the page at `url` renders from beyond the shared ones, read through `api`. */
export async function pageQueries(url: string, api: ApiReader): Promise<KnownQuery[]> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = matchRoute(pathname);
  const read = match.kind === 'entry' && match.entry.page ? PAGE_QUERIES[match.entry.page] : undefined;
  return read ? read(match.lang, api, searchParams, match.params) : [];
}

/**
 * What a page that says nothing of itself is sent with: the title of its route and a description naming it, so no
 * page reaches a search engine as a bare "Hunab".
 */
function routeHead(translator: i18n, lang: Language, titleKey: string | undefined): PageHead {
  const title = titleKey ? translator.t(`pages.${titleKey}`) : '';
  return {
    title,
    description: translator.t('app.pageDescription', { page: title || 'Hunab' }),
    ogLocale: LANGUAGE_CONFIG[lang].ogLocale,
    ogType: 'website',
  };
}

/**
 * Renders the page at `url` (path and query) as a guest sees it, or answers null when the page is not one the
 * server renders. Gives up after `timeoutMs`.
 */
export async function renderPage(
  url: string,
  read: LocaleReader,
  { timeoutMs = 2_000, known = [] }: { timeoutMs?: number; known?: KnownQuery[] } = {},
): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://localhost');
  const { kind, entry, lang } = matchRoute(pathname);
  if (
    kind !== 'entry' ||
    !entry.page ||
    entry.redirect ||
    (entry.requiresLogin && !entry.openToGuests) ||
    entry.adminOnly ||
    entry.gameAccess
  ) {
    return null;
  }
  // With its chunk loaded the page renders in place; a page that suspended would be sent as a fallback to swap.
  const [translator] = await Promise.all([translatorFor(lang, read), PAGES[entry.page].preload()]);
  const queryClient = createQueryClient();
  for (const query of known) queryClient.setQueryData(query.queryKey, query.data);
  const failures: unknown[] = [];
  let redirects = false;
  const collector: { head: PageHead | null } = { head: null };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`rendering ${pathname} took over ${timeoutMs} ms`)), timeoutMs);
  try {
    const { prelude } = await prerender(
      <ServerRedirects.Provider
        value={() => {
          redirects = true;
        }}
      >
        <PageHeadCollector.Provider value={collector}>
          <I18nextProvider i18n={translator}>
            <AppRoot queryClient={queryClient}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </AppRoot>
          </I18nextProvider>
        </PageHeadCollector.Provider>
      </ServerRedirects.Provider>,
      {
        signal: abort.signal,
        // Every boundary in place: a large one would otherwise be sent as its fallback plus a script that swaps it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          failures.push(error);
        },
      },
    );
    const html = await new Response(prelude).text();
    // A part that failed would be left to the browser; the whole page is, instead, so nothing renders twice.
    if (failures.length > 0) throw failures[0];
    // A page that sends the reader elsewhere at once (to today's date, to the start page's target) is left to the
    // browser, which knows where.
    if (redirects) return null;
    return {
      html,
      lang,
      page: entry.page,
      alternates: alternatePaths(splitLanguage(pathname).path),
      head: collector.head ?? routeHead(translator, lang, entry.title),
    };
  } finally {
    clearTimeout(timer);
  }
}
