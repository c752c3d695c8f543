import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import './team.css';

/** /team/thank-you: after a company asks for the business plan. */
export default function ThankYouPage() {
  const { t } = useTranslation('team');
  const lang = usePathLanguage();
  usePageTitle(t('thanks.title'));
  return (
    <div className="team-page text-center">
      <section className="team-card team-thanks">
        <div className="team-thanks-mark" aria-hidden="true">
          ✓
        </div>
        <h1 className="h3">{t('thanks.title')}</h1>
        <p>{t('thanks.text')}</p>
        <p className="text-body-secondary">{t('thanks.meanwhile')}</p>
        <div className="d-flex justify-content-center gap-2 flex-wrap">
          <Link className="btn btn-primary" to={localizedPath(lang, '/team/management')}>
            {t('thanks.toTeams')}
          </Link>
          <Link className="btn btn-outline-secondary" to={localizedPath(lang, '/dash')}>
            {t('thanks.toDash')}
          </Link>
        </div>
      </section>
    </div>
  );
}
