import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useDismiss } from '../../app/useDismiss.ts';
import { Icon } from '../../components/Icon.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { useSession } from '../auth/session.ts';

/** At most this many lessons in the side menu (spec 001 section 2). */
export const SIDEBAR_LESSONS = 10;

const LESSONS = [
  { to: '/education/courses/13-days/lesson/intro', key: 'lessonIntro' },
  { to: '/education/courses/13-days/lesson/lesson-1', key: 'lesson1' },
].slice(0, SIDEBAR_LESSONS);

/** Education's own header (brand, section label, burger) and side menu: a drawer on phones, collapsible on desktop. */
export function EducationLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const isAdmin = session.status === 'authenticated' && !!session.user?.is_admin;

  return (
    <div className={`education-shell${collapsed ? ' is-collapsed' : ''}`} ref={ref}>
      <header className="education-header">
        <button
          type="button"
          className="btn btn-icon"
          aria-label={t('education.menu')}
          aria-expanded={open || !collapsed}
          aria-controls="education-menu"
          onClick={() =>
            window.matchMedia('(max-width: 991.98px)').matches ? setOpen((v) => !v) : setCollapsed((v) => !v)
          }
          data-testid="education-burger"
        >
          <Icon name="menu" />
        </button>
        <Link to={localizedPath(lang, '/dash')} className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Hunab</span>
        </Link>
        <span className="education-label">{t('pages.education')}</span>
        {isAdmin && (
          <Link to={localizedPath(lang, '/tzolkin')} className="btn btn-icon ms-auto" aria-label={t('header.tzolkin')}>
            <Icon name="tzolkin" />
          </Link>
        )}
      </header>
      <nav id="education-menu" className={`education-menu${open ? ' is-open' : ''}`} aria-label={t('education.menu')}>
        <NavLink to={localizedPath(lang, '/education')} end>
          {t('education.home')}
        </NavLink>
        {LESSONS.map((lesson) => (
          <NavLink key={lesson.to} to={localizedPath(lang, lesson.to)}>
            {t(`education.${lesson.key}`)}
          </NavLink>
        ))}
        {session.status === 'authenticated' && (
          <NavLink to={localizedPath(lang, '/education/progress')} data-testid="education-progress-link">
            {t('pages.progress')}
          </NavLink>
        )}
      </nav>
      <main id="main" className="education-main">
        {children}
      </main>
    </div>
  );
}
