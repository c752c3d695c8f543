import { calendarDay, today } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { KinSummary } from '../calendar/KinSummary.tsx';

/** The first page a guest sees: what Hunab is, today's kin, and the way in. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const lang = languageOfPath(useLocation().pathname);
  usePageTitle(t('pages.welcome'));
  const day = calendarDay(today(), lang);
  return (
    <div className="welcome">
      <section className="welcome-hero text-center">
        <h1 className="display-6 fw-semibold">{t('welcome.title')}</h1>
        <p className="lead text-body-secondary">{t('welcome.lead')}</p>
        <div className="d-flex gap-2 justify-content-center flex-wrap">
          <Link className="btn btn-primary btn-lg" to={localizedPath(lang, '/register')}>
            {t('welcome.register')}
          </Link>
          <Link className="btn btn-outline-secondary btn-lg" to={localizedPath(lang, '/dash')}>
            {t('welcome.explore')}
          </Link>
        </div>
        <p className="mt-3 small">
          {t('welcome.haveAccount')} <Link to={localizedPath(lang, '/login')}>{t('header.login')}</Link>
        </p>
      </section>
      <h2 className="h5 text-body-secondary mt-4">{t('welcome.todayIs')}</h2>
      <KinSummary day={day} lang={lang} heading="h2" />
    </div>
  );
}
