import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { localizedPath } from '../lib/languages.ts';
import { type RouteMatch, useRouteMatch } from '../lib/route-match.ts';
import { useScrollRestoration } from '../lib/scroll-restoration.ts';
import { AppLayout } from './AppLayout.tsx';
import { RouteErrorBoundary } from './errors.tsx';
import { RouteGuard } from './guards.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PAGES } from './pages.ts';
import { useReaderLanguageAddress } from './readerLanguage.ts';

/** A redirect that keeps the language prefix, the path parameters and the query. */
function Redirect({ match }: { match: RouteMatch }) {
  const { search, hash } = useLocation();
  const target = (match.entry.redirect ?? '/').replace(/:(\w+)/g, (_, name: string) => match.params[name] ?? '');
  const localized = /^\/(en|es|pt|de|ja|zh|ar)\//.test(target) ? target : localizedPath(match.lang, target);
  return <Navigate to={`${localized}${search}${hash}`} replace />;
}

/** /ru/... is the same page as /...: Russian has no prefix. */
function RussianPrefix() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${pathname.replace(/^\/ru(?=\/|$)/, '') || '/'}${search}${hash}`} replace />;
}

/**
 * An address the server answers itself (a referral link records its click, then redirects): a link followed inside
 * the app loads it from the server, replacing this history entry so Back does not come here again.
 */
function ServerNavigation() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}

/** The page of the route table at the current address, behind its guards. */
function TablePage() {
  const match = useRouteMatch();
  useReaderLanguageAddress(match);
  if (match.kind === 'russianPrefix') return <RussianPrefix />;
  if (match.kind === 'notFound') return <NotFoundPage />;
  if (match.entry.redirect) return <Redirect match={match} />;
  if (match.entry.server) return <ServerNavigation />;
  const Page = match.entry.page ? PAGES[match.entry.page] : NotFoundPage;
  return (
    <RouteGuard entry={match.entry}>
      <Page />
    </RouteGuard>
  );
}

/**
 * The layout around one route for every page; which page it is comes from the route table (route-match.ts). The
 * browser wraps it in a BrowserRouter, the server in a StaticRouter: React Router's declarative mode, without the
 * data router (loaders, actions), which the app does not use and which was a fifth of the first download.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="*" element={<TablePage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
