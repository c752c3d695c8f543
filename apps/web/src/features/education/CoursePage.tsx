import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCourse, useUserKey } from './api.ts';
import { CourseProgress } from './EducationHomePage.tsx';
import { FallbackNote } from './FallbackNote.tsx';
import { educationPath, educationPlace, lessonPath } from './paths.ts';

/** A course: its summary, progress and lessons, each open, done or locked; the first unfinished lesson to start. */
export default function CoursePage() {
  const { t } = useTranslation('education');
  const place = educationPlace(useLocation().pathname);
  const { lang } = place;
  const { signedIn } = useUserKey();
  const course = useCourse(place.course ?? 'intro', lang);
  usePageTitle(course.data?.title ?? t('section'));
  if (course.isPending) return <p className="text-body-secondary">{t('loading')}</p>;
  if (course.isError) {
    return (
      <section>
        <h1 className="h4">{t('notFound.title')}</h1>
        <Link to={educationPath(lang, '')}>{t('home')}</Link>
      </section>
    );
  }
  const data = course.data;
  const start = data.lessons.find((lesson) => lesson.status !== 'completed' && lesson.is_unlocked) ?? data.lessons[0];
  return (
    <section data-testid="course-page">
      <h1 className="h3" dir="auto">
        {data.title}
      </h1>
      <FallbackNote shown={data.lang} asked={lang} />
      <p className="text-body-secondary" dir="auto">
        {data.summary}
      </p>
      {signedIn && <CourseProgress done={data.completed_count} total={data.lesson_count} />}
      {!data.is_unlocked && (
        <p className="alert alert-secondary mt-3 d-flex gap-2 align-items-center">
          <Icon name="lock" size={18} />
          <span>
            {t(data.id === '13-days' ? 'course.lockedProgramme' : 'course.lockedSubscription')}{' '}
            <Link to={`${educationPath(lang, '/subscription-required')}?course=${data.id}`}>{t('locked.plans')}</Link>
          </span>
        </p>
      )}
      {start && (
        <Link className="btn btn-primary my-3" to={lessonPath(lang, data.id, start.slug)} data-testid="course-start">
          {data.completed_count > 0 ? t('course.continue') : t('course.start')}
        </Link>
      )}
      <ol className="course-lessons" data-testid="course-lessons">
        {data.lessons.map((lesson, index) => (
          <li key={lesson.id}>
            {lesson.section && lesson.section !== data.lessons[index - 1]?.section && (
              <h2 className="h6 text-body-secondary mt-3 mb-2">{lesson.section}</h2>
            )}
            <Link
              className={`education-lesson-link d-flex align-items-center gap-2${lesson.is_unlocked ? '' : ' is-locked'}`}
              to={lessonPath(lang, data.id, lesson.slug)}
              data-status={lesson.status ?? 'new'}
            >
              <span className="education-lesson-number">{lesson.lesson_number || '·'}</span>
              <span className="education-lesson-title" dir="auto">
                {lesson.title}
              </span>
              {lesson.free_preview && !data.is_unlocked && (
                <span className="badge text-bg-success">{t('lesson.free')}</span>
              )}
              {lesson.status === 'completed' ? (
                <span className="education-lesson-mark">
                  <Icon name="check" size={16} />
                  <span className="visually-hidden">{t('lesson.done')}</span>
                </span>
              ) : (
                !lesson.is_unlocked && (
                  <span className="education-lesson-mark">
                    <Icon name="lock" size={16} />
                    <span className="visually-hidden">{t('lesson.locked')}</span>
                  </span>
                )
              )}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
