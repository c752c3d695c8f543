import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title.ts';
import { useRouteEntry } from '../lib/route-match.ts';

/** A page of the route table whose content is still being prepared: its real title, in its real layout. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const entry = useRouteEntry();
  const title = t(`pages.${entry.title ?? 'notFound'}`);
  usePageTitle(title);
  return (
    <section className="placeholder-page" data-testid="page-title-section">
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary">{t('placeholder.text')}</p>
    </section>
  );
}
