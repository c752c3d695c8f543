import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useSession } from '../features/auth/session.ts';
import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '../lib/languages.ts';
import type { RouteMatch } from '../lib/route-match.ts';

/**
 * A signed-in reader whose language is not Russian, arriving at an address without a language prefix (a letter's
 * link, a bookmark), is moved to the same page in their language, query and hash kept (spec 000 section 2.2). Only
 * the address the app was opened at: after that the reader moves by the app's own links, and a language chosen in
 * the app moves them itself. Guests stay on the address they asked for; so does a page without language versions.
 */
export function useReaderLanguageAddress(match: RouteMatch): void {
  const { pathname, search, hash, key } = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const session = useSession();
  const opened = useRef(key);
  // The address the app opened at, and the pages set in its place (a redirect, a date added): the reader has not
  // moved yet. A link followed or Back has moved them.
  const moved = useRef(false);
  if (type === 'PUSH' || (type === 'POP' && key !== opened.current)) moved.current = true;
  const lang = session.status === 'authenticated' ? session.user?.lang : undefined;
  const unprefixed = match.kind === 'entry' && match.lang === DEFAULT_LANGUAGE && !/^\/ru(?:\/|$)/.test(pathname);
  const localized = match.entry.localized === true;
  useEffect(() => {
    if (moved.current || !unprefixed || !localized) return;
    if (!lang || !isLanguage(lang) || lang === DEFAULT_LANGUAGE) return;
    navigate(`${localizedPath(lang, pathname)}${search}${hash}`, { replace: true });
  }, [unprefixed, localized, lang, pathname, search, hash, navigate]);
}
