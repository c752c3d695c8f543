import { useTranslation } from 'react-i18next';
import { usePageHead } from './page-meta.tsx';
import { usePathLanguage } from './route-match.ts';

/**
 * Sets the document title as "<title> · Hunab", with a description naming the page and the Open Graph tags to match, on the
 * server's HTML and after every client navigation (a page with its own description uses `usePageHead`).
 */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  // A page with a title is described by name, so no two pages share one description.
  usePageHead(usePathLanguage(), title ?? '', title ? t('app.pageDescription', { page: title }) : t('app.description'));
}
