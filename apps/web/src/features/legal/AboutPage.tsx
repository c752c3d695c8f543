import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalPath } from '../../lib/languages.ts';
import { usePageHead } from '../../lib/page-meta.tsx';
import { usePathLanguage } from '../../lib/route-match.ts';
import { type LegalSection, Sections } from './LegalPage.tsx';
import './legal.css';

/** /about: what Hunab is, who makes it and how to reach them. */
export default function AboutPage() {
  const { t } = useTranslation('legal');
  const lang = usePathLanguage();
  usePageHead(lang, t('about.title'), t('about.description'));
  const sections = t('about.sections', { returnObjects: true }) as LegalSection[];
  return (
    <article className="legal-page" data-testid="about-page">
      <h1 className="h2">{t('about.title')}</h1>
      <p className="lead">{t('about.intro')}</p>
      <Sections sections={Array.isArray(sections) ? sections : []} />
      <p className="d-flex flex-wrap gap-3">
        <Link to={legalPath(lang, 'privacy')}>{t('privacy.title')}</Link>
        <Link to={legalPath(lang, 'terms')}>{t('terms.title')}</Link>
      </p>
    </article>
  );
}
