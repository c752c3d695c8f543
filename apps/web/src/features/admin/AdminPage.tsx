import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useRouteEntry } from '../../lib/route-match.ts';
import { ROUTES } from '../../lib/route-table.ts';
import { CORE_SECTIONS } from './core/index.ts';
import { INSIGHT_SECTIONS } from './insights/index.ts';

/**
 * Every admin route: the area's navigation and the section the route names, each section its own chunk so nothing
 * of the admin area reaches a visitor's download.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const entry = useRouteEntry();
  const key = entry.title ?? 'admin';
  const title = t(`pages.${key}`);
  usePageTitle(title);
  const Section = CORE_SECTIONS[key] ?? INSIGHT_SECTIONS[key];
  const sections = ROUTES.filter((route) => route.adminOnly && route.page && !route.path.includes(':'));
  return (
    <div className="admin-area row g-3">
      <nav className="admin-nav col-12 col-lg-3 col-xxl-2 small" aria-label={t('pages.admin')}>
        <ul className="nav nav-pills flex-lg-column flex-nowrap overflow-auto">
          {sections.map((route) => (
            <li key={route.path} className="nav-item">
              <Link className={`nav-link py-1 px-2${route.path === entry.path ? ' active' : ''}`} to={route.path}>
                {t(`pages.${route.title}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="col-12 col-lg-9 col-xxl-10">
        <h1 className="h3">{title}</h1>
        {Section ? (
          <Suspense fallback={<div className="spinner-border spinner-border-sm" role="status" />}>
            <Section />
          </Suspense>
        ) : (
          <p className="text-body-secondary">{t('placeholder.text')}</p>
        )}
      </section>
    </div>
  );
}
