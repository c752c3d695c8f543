import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isRightToLeft, LANGUAGES, type Language } from './languages.ts';

/** Translations are fetched from /locales/{lang}/{namespace}.json; missing keys fall back to English, then Russian. */
export function initI18n(lang: Language) {
  return i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: [...LANGUAGES],
      fallbackLng: ['en', DEFAULT_LANGUAGE],
      ns: ['translation'],
      defaultNS: 'translation',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      react: { useSuspense: true },
    });
}

/** Puts the language on the document: `lang`, and right-to-left for Arabic. */
export function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = isRightToLeft(lang) ? 'rtl' : 'ltr';
}
