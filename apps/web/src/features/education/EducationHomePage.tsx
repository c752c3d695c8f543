import type { CourseSummary } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCourses, useMyProgress, useUserKey } from './api.ts';
import { ContinueCard } from './ContinueCard.tsx';
import { coursePath, educationPlace } from './paths.ts';

export function CourseProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation('education');
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="mt-2">
      <div
        className="course-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label={t('course.done', { done, total })}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="small text-body-secondary mt-1">{t('course.done', { done, total })}</div>
    </div>
  );
}

function CourseCard({ course, signedIn }: { course: CourseSummary; signedIn: boolean }) {
  const { t } = useTranslation('education');
  const { lang } = educationPlace(useLocation().pathname);
  return (
    <Link className="course-card h-100" to={coursePath(lang, course.id)} data-testid={`course-${course.id}`}>
      <div className="d-flex align-items-start gap-2">
        <h2 className="h5 flex-grow-1" dir="auto">
          {course.title}
        </h2>
        {!course.is_unlocked && (
          <span className="badge text-bg-secondary d-inline-flex align-items-center gap-1">
            <Icon name="lock" size={14} />
            {t(course.id === '13-days' ? 'course.needsProgramme' : 'course.needsSubscription')}
          </span>
        )}
      </div>
      <p className="small text-body-secondary mb-0" dir="auto">
        {course.summary}
      </p>
      <p className="small mb-0 mt-2">{t('course.lessons', { count: course.lesson_count })}</p>
      {signedIn && <CourseProgress done={course.completed_count} total={course.lesson_count} />}
    </Link>
  );
}

/** The education home: "continue where you left off" for a signed-in reader, and the courses of the language. */
export default function EducationHomePage() {
  const { t } = useTranslation('education');
  const { lang } = educationPlace(useLocation().pathname);
  const { signedIn } = useUserKey();
  const courses = useCourses(lang);
  const progress = useMyProgress(lang);
  usePageTitle(t('section'));
  return (
    <section>
      <h1 className="h3">{t('home')}</h1>
      <p className="text-body-secondary">{t('lead')}</p>
      {progress.data?.continue && <ContinueCard next={progress.data.continue} />}
      {courses.isPending && <p className="text-body-secondary">{t('loading')}</p>}
      {courses.isError && <p className="text-danger">{t('loadFailed')}</p>}
      <div className="row g-3 mt-1">
        {(courses.data ?? []).map((course) => (
          <div className="col-md-6" key={course.id}>
            <CourseCard course={course} signedIn={signedIn} />
          </div>
        ))}
      </div>
    </section>
  );
}
