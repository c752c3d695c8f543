import { type Language, localizedPath, splitLanguage } from './languages.ts';
import { SESSION_KEYS, session } from './storage.ts';

/**
 * Where a new account goes once onboarding ends, when the reader registered from a checkout, a product or a shared
 * page: kept in this tab from the registration (which checks the path is this site's) to the end of onboarding.
 */
export function rememberAfterOnboarding(path: string | null): void {
  if (path) session.set(SESSION_KEYS.afterOnboarding, path);
  else session.remove(SESSION_KEYS.afterOnboarding);
}

/** The page to go to after onboarding, in the language chosen there (same path and query), once; else null. */
export function takeAfterOnboarding(lang: Language): string | null {
  const target = session.get(SESSION_KEYS.afterOnboarding);
  session.remove(SESSION_KEYS.afterOnboarding);
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  const url = new URL(target, 'https://return.invalid');
  if (url.origin !== 'https://return.invalid') return null;
  return `${localizedPath(lang, splitLanguage(url.pathname).path)}${url.search}${url.hash}`;
}
