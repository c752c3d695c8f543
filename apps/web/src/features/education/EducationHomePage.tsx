import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';

/** The education home: the courses. The intro course is in Russian only. */
export default function EducationHomePage() {
  const { t } = useTranslation();
  const lang = languageOfPath(useLocation().pathname);
  usePageTitle(t('pages.education'));
  return (
    <section>
      <h1 className="h3">{t('pages.education')}</h1>
      <p className="text-body-secondary">{t('education.lead')}</p>
      <div className="row g-3">
        {lang === 'ru' && (
          <div className="col-md-6">
            <Link className="course-card" to="/education/courses/intro">
              <h2 className="h5">{t('pages.courseIntro')}</h2>
              <p className="small text-body-secondary mb-0">{t('education.introText')}</p>
            </Link>
          </div>
        )}
        <div className="col-md-6">
          <Link className="course-card" to={localizedPath(lang, '/education/courses/13-days')}>
            <h2 className="h5">{t('education.course13days')}</h2>
            <p className="small text-body-secondary mb-0">{t('education.course13daysText')}</p>
          </Link>
        </div>
      </div>
    </section>
  );
}
