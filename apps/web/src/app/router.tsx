import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation, useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '../lib/languages.ts';
import { AppLayout } from './AppLayout.tsx';
import { RouteErrorPage } from './errors.tsx';
import { RouteGuard } from './guards.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PAGES } from './pages.ts';
import { ROUTES, type RouteEntry } from './routeTable.ts';

export interface RouteHandle {
  entry: RouteEntry;
}

/** A redirect that keeps the language prefix, the path parameters and the query. */
function Redirect({ entry }: { entry: RouteEntry }) {
  const params = useParams();
  const { search, hash } = useLocation();
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const target = (entry.redirect ?? '/').replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  const localized = /^\/(en|es|pt|de|ja|zh|ar)\//.test(target) ? target : localizedPath(lang, target);
  return <Navigate to={`${localized}${search}${hash}`} replace />;
}

/** The route of a page; an empty path is the index route of the /{lang} scope. */
function routeFor(entry: RouteEntry, path: string): RouteObject {
  const where = path ? { path } : { index: true as const };
  const handle: RouteHandle = { entry };
  if (entry.redirect) return { ...where, element: <Redirect entry={entry} />, handle };
  const Page = entry.page ? PAGES[entry.page] : NotFoundPage;
  return {
    ...where,
    element: (
      <RouteGuard entry={entry}>
        <Page />
      </RouteGuard>
    ),
    handle,
  };
}

/** /ru/... is the same page as /...: Russian has no prefix. */
function RussianPrefix() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${pathname.replace(/^\/ru(?=\/|$)/, '') || '/'}${search}${hash}`} replace />;
}

/** The pages of the other languages live under /{lang}/; any other first segment there is not found. */
function LanguageScope() {
  const { lang } = useParams();
  return isLanguage(lang) && lang !== DEFAULT_LANGUAGE ? <Outlet /> : <NotFoundPage />;
}

/**
 * Russian pages at the root, the localized ones once more under a `:lang` segment: one route per page and
 * language would be 700 routes, which React Router flattens and ranks on every navigation.
 */
export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  const localized: RouteObject[] = [];
  for (const entry of ROUTES) {
    children.push(routeFor(entry, entry.path));
    if (entry.localized) {
      localized.push(routeFor(entry, entry.path.replace(/^\//, '')));
    }
  }
  children.push(
    { path: '/ru/*', element: <RussianPrefix /> },
    { path: '/ru', element: <RussianPrefix /> },
    { path: '/:lang', element: <LanguageScope />, children: localized },
  );
  children.push({
    path: '*',
    element: <NotFoundPage />,
    handle: { entry: { path: '*', kind: 'other', title: 'notFound' } },
  });
  return [{ element: <AppLayout />, errorElement: <RouteErrorPage />, children }];
}

/** The browser's router; the server renders the same routes with a static router (entry-server.tsx). */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
