import { isLanguage } from '@hunab/calendar';

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
