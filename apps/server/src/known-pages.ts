import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@hunab/calendar';

/** The part of the web build's dist/head.json that lists the app's routes, as regular expression sources. */
interface RouteFacts {
  /** Every route's path without a prefix ('' for the start page). */
  root: string[];
  /** The routes that also exist after a /{lang} prefix. */
  localized: string[];
}

function readRouteFacts(webDistDir: string | undefined): RouteFacts | null {
  const path = join(webDistDir ?? '', 'head.json');
  if (!webDistDir || !existsSync(path)) return null;
  try {
    const routes = (JSON.parse(readFileSync(path, 'utf8')) as { routes?: RouteFacts }).routes;
    return routes && Array.isArray(routes.root) && Array.isArray(routes.localized) ? routes : null;
  } catch {
    return null;
  }
}

const anyOf = (sources: string[]) => new RegExp(`^(?:${sources.map((source) => `(?:${source})`).join('|')})$`, 'i');

/**
 * Whether the web app has a page (or a redirect) at a path, as its router matches it (apps/web/src/lib/route-match.ts):
 * segment by segment, static ones without regard to case, empty segments ignored; /ru/... is the same path without
 * the prefix, which the app moves to. Every path is a page while the build does not list its routes.
 */
export function knownPages(webDistDir: string | undefined): (path: string) => boolean {
  let facts: { root: RegExp; localized: RegExp } | null | undefined;
  return (path) => {
    if (facts === undefined) {
      const routes = readRouteFacts(webDistDir);
      facts = routes && { root: anyOf(routes.root), localized: anyOf(routes.localized) };
    }
    if (!facts) return true;
    const segments = path.split('/').filter(Boolean);
    const [first = '', ...rest] = segments;
    const joined = (parts: string[]) => parts.map((segment) => `/${segment}`).join('');
    if (first === DEFAULT_LANGUAGE) return facts.root.test(joined(rest));
    if ((LANGUAGES as readonly string[]).includes(first)) return facts.localized.test(joined(rest));
    return facts.root.test(joined(segments));
  };
}
