import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/lib/languages.ts';
import { matchRoute } from '../src/lib/route-match.ts';
import { ROUTES } from '../src/lib/route-table.ts';

/** The whole table as React Router routes, one per page and once more under /:lang, to compare rankings with. */
function referenceRoutes(): RouteObject[] {
  const localized = ROUTES.filter((entry) => entry.localized).map((entry) => ({
    path: entry.path.replace(/^\//, '') || undefined,
    index: entry.path === '/' ? true : undefined,
    id: `lang:${entry.path}`,
  })) as RouteObject[];
  return [
    ...ROUTES.map((entry) => ({ path: entry.path, id: entry.path })),
    { path: '/:lang', id: ':lang', children: localized },
  ];
}

/** A concrete address for a path pattern: parameters filled in, optional ones both ways. */
function samples(path: string): string[] {
  const filled = path.replace(/:(\w+)(\?)?/g, (_, name: string) => `x-${name}`);
  const without = path.replace(/\/:\w+\?$/, '');
  return [...new Set([filled, without || '/'])];
}

describe('the route matcher', () => {
  it('opens the same entry as React Router would for every path of the table, in every language', () => {
    const reference = referenceRoutes();
    let compared = 0;
    for (const entry of ROUTES) {
      for (const path of samples(entry.path)) {
        const prefixes = entry.localized
          ? ['', ...LANGUAGES.filter((lang) => lang !== 'ru').map((l) => `/${l}`)]
          : [''];
        for (const prefix of prefixes) {
          const url = `${prefix}${path === '/' && prefix ? '' : path}`;
          const expected = matchRoutes(reference, url)?.at(-1);
          const actual = matchRoute(url);
          const expectedPath = expected?.route.id?.replace(/^lang:/, '');
          expect(actual.entry.path, url).toBe(expectedPath);
          expect({ ...actual.params }, url).toEqual(Object.fromEntries(Object.entries(expected?.params ?? {})));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    // React Router's own matcher over every path of the table and language is slow on a busy machine.
  }, 30_000);

  it('ranks static segments above parameters', () => {
    expect(matchRoute('/products/13moons').entry.title).toBe('product13moons');
    expect(matchRoute('/products/other').entry.title).toBe('product');
    expect(matchRoute('/products/other').params).toEqual({ productId: 'other' });
    expect(matchRoute('/education/courses/13-days/lesson/intro').entry.path).toBe(
      '/education/courses/13-days/lesson/intro',
    );
    expect(matchRoute('/de/education/courses/a/lesson/b').params).toEqual({
      courseId: 'a',
      lessonSlug: 'b',
      lang: 'de',
    });
  });

  it('reads optional parameters, decodes them and ignores case and a trailing slash', () => {
    expect(matchRoute('/context/2024-02-29').params).toEqual({ date: '2024-02-29' });
    expect(matchRoute('/context').entry.page).toBe('context');
    expect(matchRoute('/context').params).toEqual({});
    expect(matchRoute('/admin/referrals/referrer/a%20b/site').params).toEqual({ referrerId: 'a b', source: 'site' });
    expect(matchRoute('/kin/%E0%A4%A').params).toEqual({ kinNumber: '%E0%A4%A' });
    expect(matchRoute('/Dash/').entry.page).toBe('dash');
    expect(matchRoute('/ar/moon').lang).toBe('ar');
    expect(matchRoute('/en').entry.page).toBe('start');
  });

  it('sends /ru/... to the unprefixed path and knows no other prefixes or unlocalized pages', () => {
    expect(matchRoute('/ru/dash').kind).toBe('russianPrefix');
    expect(matchRoute('/ru').kind).toBe('russianPrefix');
    expect(matchRoute('/xx/dash').kind).toBe('notFound');
    expect(matchRoute('/EN/dash').kind).toBe('notFound');
    expect(matchRoute('/en/admin').kind).toBe('notFound');
    expect(matchRoute('/en/no-such-page').lang).toBe('en');
    expect(matchRoute('/dash/extra/segments').kind).toBe('notFound');
  });
});
