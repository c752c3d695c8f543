/**
 * The hidden developer pages of the route table (spec 000 section 2.3). Each does what its path says, from the
 * app's own sources of truth (the route table, the language rules, the locale files, the pricewall), so a
 * developer can check them in a running build. Linked from nowhere and never indexed.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { openPricewall, type PricewallReason } from '../../features/paywall/pricewall.ts';
import {
  alternatePaths,
  LANGUAGE_CONFIG,
  LANGUAGES,
  type Language,
  localizedPath,
  savedLanguage,
  splitLanguage,
  unprefixedLanguage,
} from '../../lib/languages.ts';
import { NAMESPACES, PAGE_NAMESPACES } from '../../lib/namespaces.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { matchRoute } from '../../lib/route-match.ts';
import { ROUTES, type RouteEntry } from '../../lib/route-table.ts';

function DevPage({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <section className="dev-page" data-testid="dev-page">
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">{intro}</p>
      {children}
    </section>
  );
}

function TextField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="form-control mb-2" value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

const flags = (entry: RouteEntry) =>
  [
    entry.localized && 'lang',
    entry.requiresLogin && 'login',
    entry.adminOnly && 'admin',
    entry.gameAccess && 'game',
    entry.hidden && 'hidden',
    entry.redirect && `→ ${entry.redirect}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** /test/modular-routes: the route table as the app reads it, and what a typed path resolves to. */
export function RoutesPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [probe, setProbe] = useState('/en/kin/1');
  const shown = ROUTES.filter((entry) => entry.path.includes(filter.trim()));
  const match = matchRoute(probe.startsWith('/') ? probe : `/${probe}`);
  return (
    <DevPage title={t('devPages.routes.title')} intro={t('devPages.routes.intro', { count: ROUTES.length })}>
      <TextField label={t('devPages.routes.probe')} value={probe} onChange={setProbe} />
      <p data-testid="dev-route-match">
        <code>{match.entry.path}</code> · {match.entry.page ?? match.entry.kind} · {match.lang}
      </p>
      <TextField label={t('devPages.routes.filter')} value={filter} onChange={setFilter} />
      <table className="table table-sm" data-testid="dev-routes">
        <tbody>
          {shown.map((entry) => (
            <tr key={entry.path}>
              <td>
                <code>{entry.path}</code>
              </td>
              <td>{entry.page ?? '—'}</td>
              <td>{entry.kind}</td>
              <td className="small">{flags(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DevPage>
  );
}

interface HeadFacts {
  title: string;
  description: string;
  canonical: string;
  ogLocale: string;
  alternates: [string, string][];
}

function readHead(): HeadFacts {
  const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? '';
  return {
    title: document.title,
    description: attr('meta[name="description"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    ogLocale: attr('meta[property="og:locale"]', 'content'),
    alternates: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute('hreflang') ?? '',
      link.getAttribute('href') ?? '',
    ]),
  };
}

/** /seo-test: what this page puts in the document head (title, description, og:locale, alternate links). */
export function SeoPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [head, setHead] = useState<HeadFacts | null>(null);
  // Read after the layout has written the head for this path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path means a new head to read
  useEffect(() => {
    const timer = window.setTimeout(() => setHead(readHead()), 0);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  const expected = alternatePaths(splitLanguage(pathname).path);
  return (
    <DevPage title={t('devPages.seo.title')} intro={t('devPages.seo.intro')}>
      {head && (
        <dl data-testid="dev-seo">
          <dt>title</dt>
          <dd>{head.title}</dd>
          <dt>description</dt>
          <dd>{head.description || '—'}</dd>
          <dt>og:locale</dt>
          <dd>{head.ogLocale || '—'}</dd>
          <dt>hreflang</dt>
          <dd>
            <ul className="list-unstyled mb-0" data-testid="dev-seo-alternates">
              {head.alternates.map(([lang, href]) => (
                <li key={lang}>
                  {lang}: <code>{href}</code>
                </li>
              ))}
            </ul>
          </dd>
          <dt>{t('devPages.seo.expected')}</dt>
          <dd data-testid="dev-seo-check">
            {expected.length === head.alternates.length ? t('devPages.ok') : t('devPages.mismatch')}
          </dd>
        </dl>
      )}
    </DevPage>
  );
}

/** /test-language-routes: a path in every language, and which of them the route table answers. */
export function LanguageRoutesPage() {
  const { t } = useTranslation();
  const [path, setPath] = useState('/tzolkin');
  const clean = splitLanguage(path.startsWith('/') ? path : `/${path}`).path;
  return (
    <DevPage title={t('devPages.languageRoutes.title')} intro={t('devPages.languageRoutes.intro')}>
      <TextField label={t('devPages.routes.probe')} value={path} onChange={setPath} />
      <ul className="list-unstyled" data-testid="dev-language-routes">
        {LANGUAGES.map((lang) => {
          const target = localizedPath(lang, clean);
          const match = matchRoute(target);
          const found = match.entry.path !== '*' && match.lang === lang;
          return (
            <li key={lang} data-lang={lang} data-found={found}>
              {LANGUAGE_CONFIG[lang].nativeName}: <Link to={target}>{target}</Link> —{' '}
              {found ? t('devPages.ok') : t('devPages.notFound')}
            </li>
          );
        })}
      </ul>
    </DevPage>
  );
}

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** Plural forms differ per language: compare keys without their plural suffix. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/** /test-translations: per namespace, the keys each language lacks against Russian, read from the locale files. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const [namespace, setNamespace] = useState<string>('translation');
  const [missing, setMissing] = useState<Record<Language, string[]> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setMissing(null);
    setFailed(false);
    Promise.all(
      LANGUAGES.map(async (lang) => {
        const response = await fetch(`/locales/${lang}/${namespace}.json`);
        if (!response.ok) throw new Error(`${lang}: ${response.status}`);
        return [lang, new Set(keysOf((await response.json()) as Tree).map(baseKey))] as const;
      }),
    ).then(
      (sets) => {
        if (!live) return;
        const all = new Map(sets);
        const reference = all.get('ru') ?? new Set<string>();
        setMissing(
          Object.fromEntries(
            LANGUAGES.map((lang) => [lang, [...reference].filter((key) => !all.get(lang)?.has(key))]),
          ) as Record<Language, string[]>,
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [namespace]);
  return (
    <DevPage title={t('devPages.translations.title')} intro={t('devPages.translations.intro')}>
      <select
        aria-label={t('devPages.translations.namespace')}
        className="form-select mb-3"
        value={namespace}
        onChange={(e) => setNamespace(e.target.value)}
      >
        {[...NAMESPACES, ...PAGE_NAMESPACES].map((ns) => (
          <option key={ns}>{ns}</option>
        ))}
      </select>
      {failed && <p className="alert alert-warning">{t('devPages.translations.failed')}</p>}
      {missing && (
        <ul className="list-unstyled" data-testid="dev-translations">
          {LANGUAGES.map((lang) => (
            <li key={lang} data-lang={lang} data-missing={missing[lang].length}>
              <strong>{lang}</strong>:{' '}
              {missing[lang].length === 0
                ? t('devPages.translations.complete')
                : t('devPages.translations.missing', {
                    count: missing[lang].length,
                    keys: missing[lang].slice(0, 10).join(', '),
                  })}
            </li>
          ))}
        </ul>
      )}
    </DevPage>
  );
}

/** /test-hmr-translations: live texts of the running app, and a reload of the translations without a page load. */
export function HotTranslationsPage() {
  const { t, i18n } = useTranslation();
  const [reloads, setReloads] = useState(0);
  const reload = async () => {
    await i18n.reloadResources(i18n.language);
    await i18n.changeLanguage(i18n.language);
    setReloads((n) => n + 1);
  };
  return (
    <DevPage title={t('devPages.hotTranslations.title')} intro={t('devPages.hotTranslations.intro')}>
      <dl data-testid="dev-hot-translations">
        <dt>language</dt>
        <dd>{i18n.language}</dd>
        <dt>app.loading</dt>
        <dd>{t('app.loading')}</dd>
        <dt>pages.tzolkin</dt>
        <dd>{t('pages.tzolkin')}</dd>
      </dl>
      <button type="button" className="btn btn-outline-primary" onClick={() => void reload()}>
        {t('devPages.hotTranslations.reload')}
      </button>
      <p className="mt-2" data-testid="dev-reloads" data-count={reloads}>
        {t('devPages.hotTranslations.reloads', { count: reloads })}
      </p>
    </DevPage>
  );
}

const PRICEWALL_REASONS: readonly PricewallReason[] = [
  'content_date_free',
  'content_date_basic',
  'cards_limit_free',
  'cards_limit_basic',
  'cycles_access',
];

/** /test/pricewall: opens the pricewall (the `reason` query picks the trigger), with a button per trigger. */
export function PricewallTestPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const asked = search.get('reason');
  const reason = PRICEWALL_REASONS.find((r) => r === asked) ?? 'content_date_free';
  useEffect(() => {
    openPricewall({ reason, limit: reason.startsWith('cards') ? 3 : undefined });
  }, [reason]);
  return (
    <DevPage title={t('devPages.pricewall.title')} intro={t('devPages.pricewall.intro')}>
      <div className="d-flex flex-wrap gap-2">
        {PRICEWALL_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => openPricewall({ reason: r, limit: r.startsWith('cards') ? 3 : undefined })}
          >
            {r}
          </button>
        ))}
      </div>
    </DevPage>
  );
}

/** /test-no-prefix: a page without language versions, and the language it opens in all the same. */
export function NoPrefixPage() {
  const { t, i18n } = useTranslation();
  const facts = useMemo(
    () => ({
      saved: savedLanguage(),
      resolved: unprefixedLanguage(i18n.language),
      english: matchRoute('/en/test-no-prefix'),
    }),
    [i18n.language],
  );
  return (
    <DevPage title={t('devPages.noPrefix.title')} intro={t('devPages.noPrefix.intro')}>
      <dl data-testid="dev-no-prefix">
        <dt>{t('devPages.noPrefix.saved')}</dt>
        <dd>{facts.saved ?? '—'}</dd>
        <dt>{t('devPages.noPrefix.resolved')}</dt>
        <dd data-testid="dev-no-prefix-language">{facts.resolved}</dd>
        <dt>/en/test-no-prefix</dt>
        <dd data-testid="dev-no-prefix-english">
          {facts.english.entry.path === '*' ? t('devPages.notFound') : t('devPages.ok')}
        </dd>
      </dl>
    </DevPage>
  );
}
