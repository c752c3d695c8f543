import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, localizedPath } from '../../../lib/languages.ts';
import { matchRoute } from '../../../lib/route-match.ts';
import { ROUTES, type RouteEntry } from '../../../lib/route-table.ts';
import './insights.css';

type RouteKind = 'redirect' | 'admin' | 'localized' | 'root';

const kindOf = (entry: RouteEntry): RouteKind =>
  entry.redirect ? 'redirect' : entry.adminOnly ? 'admin' : entry.localized ? 'localized' : 'root';

/** A path with sample values for its parameters, so it can be matched like an address a reader types. */
const sample = (path: string) => path.replace(/\/:(\w+)\?/g, '').replace(/:(\w+)/g, '1');

interface Cell {
  path: string;
  /** The address opens this very entry of the table (a redirect: the target it leads to). */
  resolves: boolean;
  target?: string;
}

/** Where the route opens in a language: its /{lang}/ address when localized, else the root address. */
function cellOf(entry: RouteEntry, lang: Language): Cell {
  const path = entry.localized ? localizedPath(lang, entry.path) : entry.path;
  const match = matchRoute(sample(path));
  const resolves = match.kind === 'entry' && match.entry === entry;
  const target = entry.redirect
    ? /^\/(en|es|pt|de|ja|zh|ar)\//.test(entry.redirect)
      ? entry.redirect
      : localizedPath(lang, entry.redirect)
    : undefined;
  return { path, resolves, target };
}

/** /debug-language-routes: the route table by the eight languages, with each address and what it is. */
export default function LanguageRoutesSection() {
  const { t } = useTranslation('insights');
  const [kind, setKind] = useState<RouteKind | ''>('');
  const [filter, setFilter] = useState('');
  const rows = useMemo(
    () =>
      ROUTES.filter((entry) => entry.path !== '*')
        .filter((entry) => !kind || kindOf(entry) === kind)
        .filter((entry) => !filter || entry.path.includes(filter.trim())),
    [kind, filter],
  );
  const counts = useMemo(() => {
    const all: Record<RouteKind, number> = { redirect: 0, admin: 0, localized: 0, root: 0 };
    for (const entry of ROUTES) all[kindOf(entry)]++;
    return all;
  }, []);
  const unresolved = useMemo(
    () => ROUTES.flatMap((entry) => LANGUAGES.map((lang) => cellOf(entry, lang))).filter((cell) => !cell.resolves),
    [],
  );
  return (
    <div data-testid="language-routes">
      <p className="small text-body-secondary">{t('routes.help')}</p>
      <div className="d-flex flex-wrap gap-2 mb-2 small">
        {(Object.keys(counts) as RouteKind[]).map((name) => (
          <span key={name} className={`badge route-kind-${name}`}>
            {t(`routes.kinds.${name}`)}: {counts[name]}
          </span>
        ))}
        <span className={`badge ${unresolved.length ? 'text-bg-danger' : 'text-bg-success'}`} data-testid="unresolved">
          {t('routes.unresolved', { count: unresolved.length })}
        </span>
      </div>
      <div className="row g-2 mb-2">
        <div className="col-6 col-md-3">
          <select
            className="form-select form-select-sm"
            aria-label={t('routes.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as RouteKind | '')}
          >
            <option value="">{t('common.all')}</option>
            {(Object.keys(counts) as RouteKind[]).map((name) => (
              <option key={name} value={name}>
                {t(`routes.kinds.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <input
            className="form-control form-control-sm"
            placeholder={t('routes.filter')}
            aria-label={t('routes.filter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      </div>
      <div className="table-responsive">
        <table className="table table-sm small align-middle">
          <thead>
            <tr>
              <th>{t('routes.route')}</th>
              <th>{t('routes.kind')}</th>
              {LANGUAGES.map((lang) => (
                <th key={lang}>{lang}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.path}>
                <td className="text-nowrap">
                  <code dir="ltr">{entry.path}</code>
                </td>
                <td>
                  <span className={`badge route-kind-${kindOf(entry)}`}>{t(`routes.kinds.${kindOf(entry)}`)}</span>
                </td>
                {LANGUAGES.map((lang) => {
                  const cell = cellOf(entry, lang);
                  return (
                    <td key={lang} className={`text-nowrap${cell.resolves ? '' : ' table-danger'}`}>
                      <code dir="ltr">{cell.path}</code>
                      {cell.target && (
                        <div className="text-body-secondary" dir="ltr">
                          → {cell.target}
                        </div>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
