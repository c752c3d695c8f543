import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteEntry } from '../../app/route-match.ts';
import { ROUTES } from '../../app/routeTable.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';

/** An admin page: its title, and the map of the admin area. */
export default function AdminPage() {
  const { t } = useTranslation();
  const entry = useRouteEntry();
  const title = t(`pages.${entry.title ?? 'admin'}`);
  usePageTitle(title);
  const sections = ROUTES.filter((route) => route.adminOnly && route.page && !route.path.includes(':'));
  return (
    <section>
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">{t('placeholder.text')}</p>
      <nav className="admin-map" aria-label={t('pages.admin')}>
        {sections.map((route) => (
          <Link key={route.path} to={route.path}>
            {t(`pages.${route.title}`)}
          </Link>
        ))}
      </nav>
    </section>
  );
}
