import type { LessonSummary } from '@hunab/contracts';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { type Language, localizedPath } from '../../lib/languages.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useSession } from '../auth/session.ts';
import { useCourse, useCourses } from './api.ts';
import { coursePath, educationPath, educationPlace, lessonPath } from './paths.ts';
import './education.css';

/** At most this many lessons in the side menu (spec 001 section 2). */
export const SIDEBAR_LESSONS = 10;

/** The lessons the side menu shows: at most ten, a window that keeps the open lesson inside it. */
export function sidebarWindow<T extends { slug: string }>(lessons: readonly T[], current: string | null): T[] {
  if (lessons.length <= SIDEBAR_LESSONS) return [...lessons];
  const at = Math.max(
    0,
    lessons.findIndex((lesson) => lesson.slug === current),
  );
  const start = Math.min(Math.max(0, at - 3), lessons.length - SIDEBAR_LESSONS);
  return lessons.slice(start, start + SIDEBAR_LESSONS);
}

function LessonLink({ lesson, course, lang }: { lesson: LessonSummary; course: string; lang: Language }) {
  const { t } = useTranslation('education');
  const mark = lesson.status === 'completed' ? 'check' : lesson.is_unlocked ? null : 'lock';
  return (
    <NavLink
      to={lessonPath(lang, course, lesson.slug)}
      className={`education-lesson-link${lesson.is_unlocked ? '' : ' is-locked'}`}
      data-status={lesson.status ?? 'new'}
    >
      <span className="education-lesson-number">{lesson.lesson_number || '·'}</span>
      <span className="education-lesson-title" dir="auto">
        {lesson.title}
      </span>
      {mark && (
        <span className="education-lesson-mark" title={t(mark === 'check' ? 'lesson.done' : 'lesson.locked')}>
          <Icon name={mark} size={16} />
          <span className="visually-hidden">{t(mark === 'check' ? 'lesson.done' : 'lesson.locked')}</span>
        </span>
      )}
    </NavLink>
  );
}

/** Education's own header (brand, section label, burger) and side menu: a drawer on phones, collapsible on desktop. */
export function EducationLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('education');
  const { pathname } = useLocation();
  const place = educationPlace(pathname);
  const { lang } = place;
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const signedIn = session.status === 'authenticated' && !session.user?.isOfflineUser;
  const isAdmin = session.status === 'authenticated' && !!session.user?.is_admin;
  const courses = useCourses(lang);
  const course = useCourse(place.course, lang);
  const lessons = course.data ? sidebarWindow(course.data.lessons, place.lesson) : [];

  return (
    <div className={`education-shell${collapsed ? ' is-collapsed' : ''}`} ref={ref}>
      <header className="education-header">
        <button
          type="button"
          className="btn btn-icon"
          aria-label={t('menu')}
          aria-expanded={open || !collapsed}
          aria-controls="education-menu"
          onClick={() =>
            window.matchMedia('(max-width: 991.98px)').matches ? setOpen((v) => !v) : setCollapsed((v) => !v)
          }
          data-testid="education-burger"
        >
          <Icon name="menu" />
        </button>
        <Link to={localizedPath(lang, '/dash')} className="brand" aria-label={t('translation:app.home')}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Hunab</span>
        </Link>
        <Link to={educationPath(lang, '')} className="education-label">
          {t('section')}
        </Link>
        {isAdmin && (
          <Link
            to={localizedPath(lang, '/tzolkin')}
            className="btn btn-icon ms-auto"
            aria-label={t('tzolkin')}
            data-testid="education-tzolkin"
          >
            <Icon name="tzolkin" />
          </Link>
        )}
      </header>
      <nav
        id="education-menu"
        className={`education-menu${open ? ' is-open' : ''}`}
        aria-label={t('menu')}
        data-testid="education-menu"
      >
        <NavLink to={educationPath(lang, '')} end>
          {t('home')}
        </NavLink>
        {signedIn && (
          <NavLink to={educationPath(lang, '/progress')} data-testid="education-progress-link">
            {t('progress.title')}
          </NavLink>
        )}
        {course.data ? (
          <>
            <div className="education-menu-heading">
              <Link to={coursePath(lang, course.data.id)} dir="auto">
                {course.data.title}
              </Link>
              <span className="small text-body-secondary">
                {t('course.done', { done: course.data.completed_count, total: course.data.lesson_count })}
              </span>
            </div>
            <div className="education-menu-lessons" data-testid="education-sidebar-lessons">
              {lessons.map((lesson) => (
                <LessonLink key={lesson.id} lesson={lesson} course={course.data.id} lang={lang} />
              ))}
            </div>
            {course.data.lessons.length > lessons.length && (
              <Link className="small" to={coursePath(lang, course.data.id)}>
                {t('course.allLessons', { count: course.data.lessons.length })}
              </Link>
            )}
          </>
        ) : (
          <>
            <div className="education-menu-heading">{t('courses')}</div>
            {(courses.data ?? []).map((item) => (
              <NavLink key={item.id} to={coursePath(lang, item.id)} dir="auto">
                {item.title}
              </NavLink>
            ))}
          </>
        )}
      </nav>
      <main id="main" className="education-main">
        {children}
      </main>
    </div>
  );
}
