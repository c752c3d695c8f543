import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatters } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMyProgress, useUserKey } from './api.ts';
import { ContinueCard } from './ContinueCard.tsx';
import { CourseProgress } from './EducationHomePage.tsx';
import { coursePath, educationPlace, lessonPath } from './paths.ts';

/** The reader's progress per course, where to continue, and the lessons they finished. */
export default function ProgressPage() {
  const { t } = useTranslation('education');
  const { lang } = educationPlace(useLocation().pathname);
  const { signedIn } = useUserKey();
  const progress = useMyProgress(lang);
  usePageTitle(t('progress.title'));
  if (!signedIn) return <p className="lead">{t('progress.signIn')}</p>;
  if (progress.isPending) return <p className="text-body-secondary">{t('loading')}</p>;
  if (progress.isError) return <p className="text-danger">{t('loadFailed')}</p>;
  const { courses, lessons } = progress.data;
  const started = courses.filter((course) => course.viewed_count > 0);
  const date = formatters(lang).date;
  return (
    <section data-testid="progress-page">
      <h1 className="h3">{t('progress.title')}</h1>
      {progress.data.continue ? (
        <ContinueCard next={progress.data.continue} />
      ) : (
        <p className="text-body-secondary">{t('progress.empty')}</p>
      )}
      <div className="row g-3">
        {courses.map((course) => (
          <div className="col-md-6" key={course.course_id}>
            <div className="course-card h-100" data-testid={`progress-${course.course_id}`}>
              <h2 className="h5">
                <Link to={coursePath(lang, course.course_id)} dir="auto">
                  {course.title}
                </Link>
              </h2>
              <CourseProgress done={course.completed_count} total={course.lesson_count} />
              <p className="small text-body-secondary mb-0 mt-2">
                {course.last_activity_at
                  ? t('progress.lastActivity', { date: date(new Date(course.last_activity_at)) })
                  : t('progress.notStarted')}
              </p>
            </div>
          </div>
        ))}
      </div>
      {started.length > 0 && (
        <>
          <h2 className="h5 mt-4">{t('progress.finished')}</h2>
          <ul className="list-unstyled" data-testid="progress-finished">
            {lessons
              .filter((lesson) => lesson.status === 'completed')
              .map((lesson) => (
                <li key={`${lesson.course_id}/${lesson.lesson_id}`}>
                  <Link to={lessonPath(lang, lesson.course_id, lesson.lesson_id)}>
                    {lesson.lesson_title ?? lesson.lesson_id}
                  </Link>
                  <span className="small text-body-secondary">
                    {' · '}
                    {courses.find((course) => course.course_id === lesson.course_id)?.title}
                  </span>
                  {lesson.completed_at && (
                    <span className="small text-body-secondary"> · {date(new Date(lesson.completed_at))}</span>
                  )}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
