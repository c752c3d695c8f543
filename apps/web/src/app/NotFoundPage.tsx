import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { languageOfPath, localizedPath } from '../lib/languages.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = languageOfPath(useLocation().pathname);
  return (
    <section className="not-found text-center py-5">
      <h1>{t('notFound.title')}</h1>
      <p className="text-body-secondary">{t('notFound.text')}</p>
      <Link className="btn btn-outline-light" to={localizedPath(lang, '/')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
