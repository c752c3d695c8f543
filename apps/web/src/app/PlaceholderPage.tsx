import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from './router.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** A page of the route table whose content is still being prepared: its real title, in its real layout. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const title = t(`pages.${handle?.entry.title ?? 'notFound'}`);
  usePageTitle(title);
  return (
    <section className="placeholder-page" data-testid="page-title-section">
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary">{t('placeholder.text')}</p>
    </section>
  );
}
