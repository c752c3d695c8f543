import type { LessonDetail, LessonLock } from '@hunab/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { formatters, isRightToLeft, type Language, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { saveProgress, useLesson, useSaveProgress, useUserKey } from './api.ts';
import { FallbackNote } from './FallbackNote.tsx';
import { lessonImage } from './LessonGlyph.tsx';
import { coursePath, educationPath, educationPlace, lessonPath } from './paths.ts';

/** How far down the lesson the reader is, in per cent of the page. */
function scrolledPercent(): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return max <= 0 ? 100 : Math.max(0, Math.min(100, Math.round((window.scrollY / max) * 100)));
}

/** A lesson closed to the reader: why, and the way in (the plans, or the day it opens). */
function LockedLesson({ details, course, lang }: { details: LessonLock; course: string; lang: Language }) {
  const { t } = useTranslation('education');
  const drip = details.reason === 'drip';
  return (
    <section className="locked-panel" data-testid="lesson-locked">
      <Icon name="lock" size={36} />
      <h1 className="h4 mt-2">{t('locked.title')}</h1>
      {drip ? (
        <p>
          {details.available_at
            ? t('locked.dripOn', { date: formatters(lang).date(new Date(details.available_at)) })
            : t('locked.drip')}
        </p>
      ) : (
        <>
          <p>{t(course === '13-days' ? 'locked.programme' : 'locked.subscription')}</p>
          <Link
            className="btn btn-primary"
            to={`${educationPath(lang, '/subscription-required')}?course=${course}`}
            data-testid="lesson-locked-link"
          >
            {t('locked.plans')}
          </Link>
          {!details.signed_in && (
            <p className="small mt-3 mb-0">
              <Link to={localizedPath(lang, '/login')}>{t('locked.signIn')}</Link>
            </p>
          )}
        </>
      )}
      <p className="mt-3 mb-0">
        <Link to={coursePath(lang, course)}>{t('lesson.backToCourse')}</Link>
      </p>
    </section>
  );
}

/** The reader's visit of a lesson: marked viewed when opened, its reading position kept when they leave. */
function useReadingPosition(lesson: LessonDetail | undefined, signedIn: boolean, resume: boolean) {
  const courseId = lesson?.course_id;
  const slug = lesson?.slug;
  const start = useRef(lesson?.position ?? 0);
  start.current = lesson?.position ?? 0;
  useEffect(() => {
    if (!courseId || !slug) return;
    if (resume && start.current > 0) {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo({ top: (max * start.current) / 100 });
    }
    if (!signedIn) return;
    void saveProgress({ course_id: courseId, lesson_id: slug, status: 'viewed' }).catch(() => undefined);
    let furthest = 0;
    const onScroll = () => {
      furthest = scrolledPercent();
    };
    const keep = () => {
      if (furthest > 0) {
        void saveProgress({ course_id: courseId, lesson_id: slug, status: 'viewed', position: furthest }).catch(
          () => undefined,
        );
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [courseId, slug, signedIn, resume]);
}

/** A lesson: its text with the product's glyphs, previous and next, and the completion button. */
export default function LessonPage() {
  const { t } = useTranslation('education');
  const place = educationPlace(useLocation().pathname);
  const [search] = useSearchParams();
  const { lang } = place;
  const course = place.course ?? '13-days';
  const slug = place.lesson ?? 'intro';
  const { signedIn } = useUserKey();
  const lesson = useLesson(course, slug, lang);
  const complete = useSaveProgress();
  usePageTitle(lesson.data?.lesson?.title ?? t('section'));
  useReadingPosition(lesson.data?.lesson ?? undefined, signedIn, search.get('resume') === '1');

  if (lesson.isPending) return <p className="text-body-secondary">{t('loading')}</p>;
  if (lesson.data?.locked) return <LockedLesson details={lesson.data.locked} course={course} lang={lang} />;
  if (lesson.isError || !lesson.data?.lesson) {
    return (
      <section>
        <h1 className="h4">{t('notFound.title')}</h1>
        <Link to={educationPath(lang, '')}>{t('home')}</Link>
      </section>
    );
  }
  const data = lesson.data.lesson;
  // A text in another language than the page's (English on an Arabic page) keeps its own direction.
  const direction = isRightToLeft(data.lang as Language) ? 'rtl' : 'ltr';
  const done = data.status === 'completed' || (complete.isSuccess && complete.variables?.lesson_id === data.slug);
  return (
    <article data-testid="lesson-page">
      <p className="small text-body-secondary mb-1">
        <Link to={coursePath(lang, data.course_id)}>{data.course_title}</Link>
        {data.section ? ` · ${data.section}` : ''}
      </p>
      <h1 className="h3" dir={direction} lang={data.lang}>
        {data.title}
      </h1>
      <FallbackNote shown={data.lang} asked={lang} />
      <div className="lesson-body" dir={direction} lang={data.lang}>
        <Markdown text={data.body} image={lessonImage(lang)} under={1} />
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-4">
        {!signedIn ? (
          <Link to={localizedPath(lang, '/login')} className="btn btn-outline-secondary">
            {t('lesson.signInToSave')}
          </Link>
        ) : done ? (
          <span className="badge text-bg-success fs-6 d-inline-flex align-items-center gap-1" data-testid="lesson-done">
            <Icon name="check" size={16} />
            {t('lesson.completed')}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-success"
            disabled={complete.isPending}
            onClick={() => complete.mutate({ course_id: data.course_id, lesson_id: data.slug, status: 'completed' })}
            data-testid="lesson-complete"
          >
            {t('lesson.complete')}
          </button>
        )}
        {complete.isError && <span className="text-danger small">{t('saveFailed')}</span>}
      </div>
      <nav className="lesson-nav" aria-label={t('lesson.navigation')}>
        {data.previous ? (
          <Link to={lessonPath(lang, data.course_id, data.previous.slug)} rel="prev" data-testid="lesson-previous">
            <span className="lesson-arrow">←</span> {data.previous.title}
          </Link>
        ) : (
          <span />
        )}
        {data.next && (
          <Link
            to={lessonPath(lang, data.course_id, data.next.slug)}
            rel="next"
            className="text-end ms-auto"
            data-testid="lesson-next"
          >
            {data.next.title} <span className="lesson-arrow">→</span>
          </Link>
        )}
      </nav>
    </article>
  );
}
