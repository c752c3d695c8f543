import { MAX_DATE, MIN_DATE, parseDate } from '@hunab/calendar';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { BrandLink } from '../components/BrandLink.tsx';
import { Icon } from '../components/Icon.tsx';
import { AccessLayer } from '../features/access/AccessLayer.tsx';
import { DashCta } from '../features/access/DashCta.tsx';
import { ViewLimits } from '../features/access/ViewLimits.tsx';
import { signOut, useImpersonation, useSession } from '../features/auth/session.ts';
import { MatrixMenu } from '../features/calendar/MatrixMenu.tsx';
import { NewSiriusLine } from '../features/calendar/Synchronometer.tsx';
import { CARDS_TOGGLE_ID, cardsBar, useCardsBarOpen } from '../features/cards/bar.ts';
import { PricewallHost } from '../features/paywall/PricewallHost.tsx';
import { useSubscriptionViews } from '../features/subscription/useSubscriptionViews.ts';
import { track } from '../lib/analytics.ts';
import { ReadyMark, WhenInView } from '../lib/hydration.tsx';
import { applyDocumentLanguage } from '../lib/i18n.ts';
import { changeLanguage } from '../lib/language-change.ts';
import {
  alternatePaths,
  LANGUAGES,
  type Language,
  legalPath,
  localizedPath,
  NATIVE_NAMES,
  splitLanguage,
  unprefixedLanguage,
} from '../lib/languages.ts';
import { useMenuKeys } from '../lib/menu-keys.ts';
import { useRouteEntry } from '../lib/route-match.ts';
import { NO_RETURN_PATHS, type RouteEntry } from '../lib/route-table.ts';
import { useSelectedDate } from '../lib/selected-date.tsx';
import { LOCAL_KEYS, local } from '../lib/storage.ts';
import { setTheme, useTheme } from '../lib/theme.ts';
import { useDismiss } from '../lib/use-dismiss.ts';
import { ConnectionLine } from './ConnectionLine.tsx';
import { PageSpinner } from './guards.tsx';
import { layoutRules } from './layoutRules.ts';

const CardsBar = lazy(() => import('../features/cards/CardsBar.tsx'));
// Loaded after the first paint: a page sent as HTML keeps their server-rendered markup until their code is here.
const EducationLayout = lazy(() =>
  import('../features/education/EducationLayout.tsx').then((module) => ({ default: module.EducationLayout })),
);
const TopBannersSlot = lazy(() =>
  import('./TopBannersSlot.tsx').then((module) => ({ default: module.TopBannersSlot })),
);
const CommentsBlock = lazy(() => import('../features/comments/CommentsBlock.tsx'));
const ImpersonationBanner = lazy(() => import('../features/auth/components/ImpersonationBanner.tsx'));
/** The admin button, fetched only for administrators, so the first download of everyone else stays as it was. */
const AdminMatrixStrip = lazy(() => import('../features/access/AdminMatrixStrip.tsx'));
const AdminMenu = lazy(() => import('./AdminMenu.tsx').then((module) => ({ default: module.AdminMenu })));

/** The previous / date / next selector of the matrix pages. */
export function DateSelector({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { iso, step, setDate, isToday, goToday } = useSelectedDate();
  const [text, setText] = useState(iso);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setText(iso), [iso]);

  const commit = (value: string) => {
    setText(value);
    // Exactly YYYY-MM-DD within 1000-01-01..9999-12-31 (spec 000 section 5).
    if (value.length !== 10) return setInvalid(value.length > 0);
    try {
      setDate(parseDate(value));
      setInvalid(false);
    } catch {
      setInvalid(true);
    }
  };

  return (
    <fieldset
      className={`date-selector${compact ? ' date-selector-compact' : ''}`}
      aria-label={t('header.dateSelector')}
    >
      <button type="button" className="btn btn-icon" onClick={() => step(-1)} aria-label={t('header.previousDay')}>
        <Icon name="chevronLeft" className="flip-rtl" />
      </button>
      <input
        type="date"
        className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
        value={text}
        min={MIN_DATE}
        max={MAX_DATE}
        onChange={(event) => commit(event.target.value)}
        aria-label={t('header.date')}
        aria-invalid={invalid}
        data-testid="date-input"
      />
      <button type="button" className="btn btn-icon" onClick={() => step(1)} aria-label={t('header.nextDay')}>
        <Icon name="chevronRight" className="flip-rtl" />
      </button>
      {!isToday && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={goToday}>
          {t('header.today')}
        </button>
      )}
    </fieldset>
  );
}

/** `unprefixed`: the page has no language versions, so choosing a language changes the interface and stays here. */
function SettingsMenu({ lang, path, unprefixed }: { lang: Language; path: string; unprefixed: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const keys = useMenuKeys(open, setOpen, button, menu);

  const pick = async (code: Language) => {
    setOpen(false);
    await changeLanguage(code);
    if (!unprefixed) navigate(`${localizedPath(code, path)}${search}${hash}`);
  };

  return (
    <div className="header-menu" ref={ref}>
      <button
        ref={button}
        type="button"
        className="btn btn-icon"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'settings-menu' : undefined}
        aria-label={t('header.settings')}
        title={t('header.settings')}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={keys.onButtonKeyDown}
        data-testid="settings-button"
      >
        <Icon name="settings" />
      </button>
      {open && (
        <div
          ref={menu}
          id="settings-menu"
          className="header-dropdown"
          role="menu"
          aria-label={t('header.settings')}
          onKeyDown={keys.onMenuKeyDown}
          data-testid="settings-menu"
        >
          <p className="dropdown-header" role="presentation">
            {t('header.language')}
          </p>
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              role="menuitemradio"
              tabIndex={-1}
              aria-checked={code === lang}
              lang={code}
              className={`dropdown-item${code === lang ? ' active' : ''}`}
              onClick={() => void pick(code)}
            >
              {NATIVE_NAMES[code]}
            </button>
          ))}
          <hr className="dropdown-divider" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="dropdown-item d-flex align-items-center gap-2"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            data-testid="theme-toggle"
          >
            <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={18} />
            {theme === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}
          </button>
        </div>
      )}
    </div>
  );
}

function HeaderIcon({ to, icon, label }: { to: string; icon: Parameters<typeof Icon>[0]['name']; label: string }) {
  return (
    <NavLink to={to} className="btn btn-icon" aria-label={label} title={label}>
      <Icon name={icon} />
    </NavLink>
  );
}

function Header({ lang, path, entry }: { lang: Language; path: string; entry: RouteEntry }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const rules = layoutRules(entry.kind, path);
  const signedIn = session.status === 'authenticated';
  const isAdmin = signedIn && !!session.user?.is_admin;
  const cardsOpen = useCardsBarOpen();

  return (
    <header className="app-header">
      <BrandLink to={localizedPath(lang, '/dash')} />
      {rules.dateSelector && (
        <div className="header-date d-none d-md-flex">
          <DateSelector />
        </div>
      )}
      {rules.headerControls ? (
        <nav className="header-icons" aria-label={t('header.navigation')}>
          <HeaderIcon to={localizedPath(lang, '/tzolkin')} icon="tzolkin" label={t('header.tzolkin')} />
          <HeaderIcon to={localizedPath(lang, '/dash')} icon="dash" label={t('header.dash')} />
          <HeaderIcon to={localizedPath(lang, '/dash/cycles')} icon="cycles" label={t('header.cycles')} />
          <button
            id={CARDS_TOGGLE_ID}
            type="button"
            className={`btn btn-icon${cardsOpen ? ' active' : ''}`}
            aria-pressed={cardsOpen}
            aria-label={t('header.cards')}
            title={t('header.cards')}
            onClick={cardsBar.toggle}
            data-testid="cards-toggle"
          >
            <Icon name="cards" />
          </button>
          {isAdmin && (
            <HeaderIcon to={localizedPath(lang, '/education')} icon="education" label={t('header.education')} />
          )}
          {isAdmin && (
            <Suspense fallback={null}>
              <AdminMenu />
            </Suspense>
          )}
          <SettingsMenu lang={lang} path={path} unprefixed={!!entry.adminOnly} />
          {signedIn && <HeaderIcon to={localizedPath(lang, '/account')} icon="account" label={t('header.account')} />}
          {signedIn ? (
            <button
              type="button"
              className="btn btn-icon"
              aria-label={t('header.logout')}
              title={t('header.logout')}
              onClick={() => {
                void signOut();
                navigate(localizedPath(lang, '/login'));
              }}
              data-testid="logout-button"
            >
              <Icon name="logout" className="flip-rtl" />
            </button>
          ) : (
            <HeaderIcon to={localizedPath(lang, '/login')} icon="login" label={t('header.login')} />
          )}
        </nav>
      ) : (
        <nav className="header-icons" aria-label={t('header.navigation')}>
          <SettingsMenu lang={lang} path={path} unprefixed={!!entry.adminOnly} />
        </nav>
      )}
    </header>
  );
}

function BottomNav({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const item = (to: string, icon: Parameters<typeof Icon>[0]['name'], label: string) => (
    <NavLink to={localizedPath(lang, to)} className="bottom-nav-item" end={to === '/dash'}>
      <Icon name={icon} />
      <span>{label}</span>
    </NavLink>
  );
  return (
    <nav className="bottom-nav" aria-label={t('header.navigation')} data-testid="bottom-nav">
      {item('/dash', 'dash', t('header.dash'))}
      {item('/tzolkin', 'tzolkin', t('header.tzolkin'))}
      {item('/moon', 'moon', t('header.moon'))}
      {item('/dash/cycles', 'cycles', t('header.cycles'))}
      {signedIn ? item('/account', 'account', t('header.account')) : item('/login', 'login', t('header.login'))}
    </nav>
  );
}

function Footer({ lang, sticky }: { lang: Language; sticky: boolean }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={`app-footer${sticky ? '' : ' app-footer-static'}`}>
      <span>© {year} Hunab</span>
      <span className="footer-links">
        <Link to={legalPath(lang, 'privacy')}>{t('footer.privacy')}</Link>
        <Link to={legalPath(lang, 'terms')}>{t('footer.terms')}</Link>
        <Link to={localizedPath(lang, '/about')}>{t('footer.about')}</Link>
      </span>
    </footer>
  );
}

/**
 * Alternate-language links for the eight languages plus a default, with the prefix stripped (spec 000 section 2.2),
 * and the page's canonical address: this language's version, without its query.
 */
function useAlternateLinks(path: string, lang: Language): void {
  useEffect(() => {
    const canonical = `${window.location.origin}${localizedPath(lang, path)}`;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    if (link.href !== canonical) link.href = canonical;
  }, [path, lang]);
  useEffect(() => {
    const wanted = alternatePaths(path).map(([hreflang, href]) => [hreflang, `${window.location.origin}${href}`]);
    const present = [...document.head.querySelectorAll<HTMLLinkElement>('link[data-alternate]')];
    // The server writes them into a page it renders: they stay as they are when they already say the same.
    const same =
      present.length === wanted.length &&
      present.every((link, i) => link.hreflang === wanted[i]?.[0] && link.href === wanted[i]?.[1]);
    if (same) return;
    for (const link of present) link.remove();
    for (const [hreflang = '', href = ''] of wanted) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = href;
      link.dataset.alternate = 'true';
      document.head.append(link);
    }
  }, [path]);
}

/** A horizontal swipe of 50 px or more on a matrix page moves the date: a day, or 13 on the wavespell page. */
const SWIPE_PX = 50;
function useDateSwipe(enabled: boolean, days: number, rtl: boolean) {
  const { step } = useSelectedDate();
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: React.TouchEvent) => {
      const touch = event.touches[0];
      start.current = enabled && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: React.TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start.current || !touch) return;
      const dx = touch.clientX - start.current.x;
      const dy = touch.clientY - start.current.y;
      start.current = null;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
      const forward = rtl ? dx > 0 : dx < 0;
      step(forward ? days : -days);
    },
  };
}

/** Main layout: top banners, header, content, footer, bottom navigation (spec 000 section 2.4). */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const split = splitLanguage(pathname);
  const path = split.path;
  const entry = useRouteEntry();
  // The administrators' pages have no language versions: they speak the interface language chosen, not the path's.
  const lang = entry.adminOnly ? unprefixedLanguage(i18n.language) : split.lang;
  const rules = layoutRules(entry.kind, path);
  const impersonating = useImpersonation() !== null;
  const session = useSession();
  const isAdmin = session.status === 'authenticated' && session.user?.is_admin === true;
  const swipe = useDateSwipe(entry.kind === 'matrix', path.startsWith('/trecena') ? 13 : 1, lang === 'ar');
  const cardsOpen = useCardsBarOpen();

  useAlternateLinks(path, split.lang);
  useSubscriptionViews();
  useEffect(() => {
    applyDocumentLanguage(lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);
  useEffect(() => {
    if (!NO_RETURN_PATHS.includes(path) && path !== '/' && entry.path !== '*')
      local.set(LOCAL_KEYS.returnUrl, pathname + search);
    // Sent in a task of its own: the effects of a page's first render are one task, and the page comes first.
    setTimeout(() => track({ event: 'page_view', category: 'navigation', label: path }), 0);
  }, [pathname, search, path, entry.path]);

  if (rules.ownChrome) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <EducationLayout>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <ReadyMark />
          </Suspense>
        </EducationLayout>
      </Suspense>
    );
  }

  return (
    <div
      className={`app-shell${rules.bottomNav ? ' has-bottom-nav' : ''}${rules.mobileDateBar ? ' has-date-bar' : ''}`}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {impersonating && (
        <Suspense fallback={null}>
          <ImpersonationBanner adminPath={localizedPath(lang, '/admin/users')} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <TopBannersSlot enabled={rules.topNotifications} lang={lang} path={path} />
      </Suspense>
      <ConnectionLine lang={lang} />
      <Header lang={lang} path={path} entry={entry} />
      <main
        id="main"
        className={`app-main app-main-${entry.kind}${path === '/dash' ? ' app-main-dash' : ''}`}
        {...swipe}
      >
        {entry.kind === 'matrix' && <MatrixMenu />}
        {entry.kind === 'matrix' && <NewSiriusLine />}
        {entry.kind === 'matrix' && isAdmin && (
          <Suspense fallback={null}>
            <AdminMatrixStrip />
          </Suspense>
        )}
        {entry.kind === 'matrix' && <ViewLimits />}
        {path === '/dash' && <DashCta lang={lang} />}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <ReadyMark />
        </Suspense>
        {entry.kind === 'matrix' && (
          <WhenInView slotClass="comments-slot">
            <Suspense fallback={<div className="comments-slot" />}>
              <CommentsBlock />
            </Suspense>
          </WhenInView>
        )}
      </main>
      <Footer lang={lang} sticky={rules.stickyFooter} />
      {rules.mobileDateBar && (
        <div className="mobile-date-bar d-md-none" data-testid="mobile-date-bar">
          <DateSelector compact />
        </div>
      )}
      {rules.bottomNav && <BottomNav lang={lang} />}
      {cardsOpen && rules.headerControls && (
        <Suspense fallback={null}>
          <CardsBar />
        </Suspense>
      )}
      <PricewallHost />
      <AccessLayer promptAllowed={entry.kind !== 'auth' && entry.kind !== 'checkout'} />
    </div>
  );
}
