/**
 * Which entry of the route table a path opens, and with which parameters. The router itself holds a single route
 * for all pages: React Router would otherwise flatten, rank and compile a pattern for each of the ~230 paths (every
 * page, and the localized ones once more under /{lang}/) on start and on every render of the routes, about 10 ms a
 * time on a laptop and four times that on a phone. Here the table is indexed by first segment once, and a path is
 * compared segment by segment with the few entries that share it.
 */
import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfPath } from './languages.ts';
import { ROUTES, type RouteEntry } from './route-table.ts';

export type RouteParams = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  /**
   * A page or a redirect of the table; /ru/..., where the reader goes to the same path without the prefix (Russian
   * has none); or an unknown address, with the not-found entry.
   */
  kind: 'entry' | 'russianPrefix' | 'notFound';
  entry: RouteEntry;
  params: RouteParams;
  lang: Language;
}

/** The entry of an unknown address: the not-found page in the general layout. */
export const NOT_FOUND_ENTRY: RouteEntry = { path: '*', kind: 'other', title: 'notFound' };

interface Pattern {
  entry: RouteEntry;
  /** Lower-case static segments, or a parameter. */
  segments: ReadonlyArray<{ name: string; param: boolean; optional: boolean }>;
  /** React Router's ranking: static segments outrank parameters, longer paths outrank shorter ones. */
  score: number;
}

type Index = Map<string, Pattern[]>;

function patternOf(entry: RouteEntry, path: string): Pattern {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = segment.startsWith(':');
      const optional = param && segment.endsWith('?');
      const name = param ? segment.slice(1, optional ? -1 : undefined) : segment.toLowerCase();
      return { name, param, optional };
    });
  const score = segments.reduce((sum, segment) => sum + (segment.param ? 3 : 10), segments.length);
  return { entry, segments, score };
}

function indexOf(entries: readonly RouteEntry[]): Index {
  const index: Index = new Map();
  for (const entry of entries) {
    const pattern = patternOf(entry, entry.path);
    // No entry begins with a parameter, so the first segment is a static key ('' for the root page).
    const key = pattern.segments[0]?.name ?? '';
    const list = index.get(key) ?? [];
    list.push(pattern);
    index.set(key, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.score - a.score);
  return index;
}

let rootIndex: Index | undefined;
let localizedIndex: Index | undefined;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The parameters of `segments` under `pattern`, or null when the path is not the pattern's. */
function paramsOf(pattern: Pattern, segments: readonly string[]): Record<string, string | undefined> | null {
  const required = pattern.segments.filter((segment) => !segment.optional).length;
  if (segments.length < required || segments.length > pattern.segments.length) return null;
  const params: Record<string, string | undefined> = {};
  for (let i = 0; i < pattern.segments.length; i++) {
    const expected = pattern.segments[i];
    const actual = segments[i];
    if (!expected) return null;
    if (actual === undefined) {
      if (!expected.optional) return null;
      continue;
    }
    if (expected.param) params[expected.name] = decode(actual);
    else if (actual.toLowerCase() !== expected.name) return null;
  }
  return params;
}

function find(index: Index, segments: readonly string[]): { entry: RouteEntry; params: RouteParams } | null {
  for (const pattern of index.get(segments[0]?.toLowerCase() ?? '') ?? []) {
    const params = paramsOf(pattern, segments);
    if (params) return { entry: pattern.entry, params };
  }
  return null;
}

let last: { pathname: string; match: RouteMatch } | undefined;

/** The route of `pathname`: the table's entry with its parameters, the /ru redirect, or not found. */
export function matchRoute(pathname: string): RouteMatch {
  if (last?.pathname === pathname) return last.match;
  rootIndex ??= indexOf(ROUTES);
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  let match: RouteMatch;
  const atRoot = find(rootIndex, segments);
  if (atRoot) {
    match = { kind: 'entry', ...atRoot, lang: DEFAULT_LANGUAGE };
  } else if (first === DEFAULT_LANGUAGE) {
    match = { kind: 'russianPrefix', entry: NOT_FOUND_ENTRY, params: {}, lang: DEFAULT_LANGUAGE };
  } else if (isLanguage(first)) {
    localizedIndex ??= indexOf(ROUTES.filter((entry) => entry.localized));
    const localized = find(localizedIndex, segments.slice(1));
    match = localized
      ? { kind: 'entry', ...localized, params: { ...localized.params, lang: first }, lang: first }
      : { kind: 'notFound', entry: NOT_FOUND_ENTRY, params: {}, lang: first };
  } else {
    match = { kind: 'notFound', entry: NOT_FOUND_ENTRY, params: {}, lang: DEFAULT_LANGUAGE };
  }
  last = { pathname, match };
  return match;
}

/** The interface language of the current address, from its /{lang}/ prefix. */
export function usePathLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** The route-table match of the current address (see route-match.ts). */
export function useRouteMatch(): RouteMatch {
  return matchRoute(useLocation().pathname);
}

/** The current page's entry of the route table; the not-found entry for an unknown address. */
export function useRouteEntry(): RouteEntry {
  return useRouteMatch().entry;
}

/** The path parameters of the current page (`:date`, `:kinNumber`, ...), and `lang` under /{lang}/. */
export function useRouteParams(): RouteParams {
  return useRouteMatch().params;
}
