import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@hunab/calendar';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };

/** Names of the languages in themselves, for the language menu. */
export const NATIVE_NAMES: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  ja: '日本語',
  zh: '中文',
  ar: 'العربية',
};

export const isRightToLeft = (lang: Language): boolean => lang === 'ar';

/** Russian has no prefix; every other language lives under /{lang}/. */
export function localizedPath(lang: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === DEFAULT_LANGUAGE) return clean;
  return clean === '/' ? `/${lang}/` : `/${lang}${clean}`;
}

/** The interface language named by the first path segment, Russian when there is none. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}
