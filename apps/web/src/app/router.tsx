import { createBrowserRouter, Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath } from '../lib/languages.ts';
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
function Redirect({ entry, lang }: { entry: RouteEntry; lang: (typeof LANGUAGES)[number] }) {
  const params = useParams();
  const { search, hash } = useLocation();
  const target = (entry.redirect ?? '/').replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  const localized = /^\/(en|es|pt|de|ja|zh|ar)\//.test(target) ? target : localizedPath(lang, target);
  return <Navigate to={`${localized}${search}${hash}`} replace />;
}

function routeFor(entry: RouteEntry, lang: (typeof LANGUAGES)[number]): RouteObject {
  const prefix = lang === DEFAULT_LANGUAGE ? '' : `/${lang}`;
  const path = entry.path === '/' ? prefix || '/' : `${prefix}${entry.path}`;
  if (entry.redirect)
    return { path, element: <Redirect entry={entry} lang={lang} />, handle: { entry } satisfies RouteHandle };
  const Page = entry.page ? PAGES[entry.page] : NotFoundPage;
  return {
    path,
    element: (
      <RouteGuard entry={entry}>
        <Page />
      </RouteGuard>
    ),
    handle: { entry } satisfies RouteHandle,
  };
}

/** /ru/... is the same page as /...: Russian has no prefix. */
function RussianPrefix() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${pathname.replace(/^\/ru(?=\/|$)/, '') || '/'}${search}${hash}`} replace />;
}

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const entry of ROUTES) {
    children.push(routeFor(entry, DEFAULT_LANGUAGE));
    if (entry.localized)
      for (const lang of LANGUAGES) if (lang !== DEFAULT_LANGUAGE) children.push(routeFor(entry, lang));
  }
  children.push({ path: '/ru/*', element: <RussianPrefix /> }, { path: '/ru', element: <RussianPrefix /> });
  children.push({
    path: '*',
    element: <NotFoundPage />,
    handle: { entry: { path: '*', kind: 'other', title: 'notFound' } },
  });
  return [{ element: <AppLayout />, errorElement: <RouteErrorPage />, children }];
}

export const router = createBrowserRouter(buildRoutes());
