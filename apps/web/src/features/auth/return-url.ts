import { isLanguage } from '@hunab/calendar';
import { matchRoute } from '../../lib/route-match.ts';

/** Pages a sign-in must never return to: that would loop back into the forms. */
const AUTH_PAGES = new Set(['/login', '/register', '/verify-email', '/forgot-password', '/reset-password']);

/** The path without a leading /{lang}: `/en/login` gives `/login`. */
function withoutLanguage(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  return isLanguage(first) ? `/${rest.join('/')}` : pathname;
}

/**
 * The saved return URL if it is safe to go to: a path of this site (starting with a single '/', never '//' or a
 * backslash trick), not an auth page. Returns path, query and hash, or null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'https://return.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const bare = withoutLanguage(url.pathname).replace(/\/+$/, '') || '/';
  if (AUTH_PAGES.has(bare)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The pages a new account comes back to after onboarding when the reader registered from them: what they were about
 * to buy (a checkout, a product, the plans) and the pages people share (a kin, a day, two people side by side, a
 * landing a friend's link opens). From any other page onboarding ends on the dashboard's welcome.
 */
function isPlaceToComeBackTo(path: string): boolean {
  const { kind, entry } = matchRoute(new URL(path, 'https://return.invalid').pathname);
  if (kind !== 'entry' || entry.redirect) return false;
  return (
    entry.kind === 'checkout' ||
    entry.kind === 'products' ||
    entry.kind === 'landing' ||
    entry.page === 'kin' ||
    entry.page === 'context' ||
    entry.page === 'compat'
  );
}

/**
 * Where a registration leads after onboarding: the page that sent the reader to the form (its `from`, as the
 * checkout and the game's setup give it), else the last page they read if it is one to come back to; null for the
 * dashboard's welcome.
 */
export function registrationReturn(from: unknown, lastPage: string | null): string | null {
  const sent = safeReturnPath(typeof from === 'string' ? from : null);
  if (sent) return sent;
  const last = safeReturnPath(lastPage);
  return last && isPlaceToComeBackTo(last) ? last : null;
}
