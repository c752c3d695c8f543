import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedPath } from '../lib/languages.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { usePathLanguage } from '../lib/route-match.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  usePageTitle(t('notFound.title'));
  return (
    <section className="not-found text-center py-5">
      <p className="display-4 fw-bold text-body-secondary mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="h3">{t('notFound.title')}</h1>
      <p className="text-body-secondary">{t('notFound.text')}</p>
      <Link className="btn btn-primary" to={localizedPath(lang, '/dash')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
