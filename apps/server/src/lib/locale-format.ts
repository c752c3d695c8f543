import { isLanguage, type Language } from '@hunab/calendar';
import { signKeptWithCode } from '@hunab/contracts';

/**
 * The locale each language formats amounts and dates in; the web app's `lib/languages.ts` uses the same ones. Arabic
 * writes Western digits everywhere (readings, interface, letters), so its locale asks for them (`-u-nu-latn`).
 */
export const LOCALES: Readonly<Record<Language, string>> = {
  ru: 'ru-RU',
  en: 'en-US',
  es: 'es-ES',
  pt: 'pt-BR',
  de: 'de-DE',
  ja: 'ja-JP',
  zh: 'zh-CN',
  ar: 'ar-SA-u-nu-latn',
};

export const localeOf = (lang: string): string => LOCALES[isLanguage(lang) ? lang : 'en'];

/** An amount in minor units as a reader of the language writes it: "2 900 ₽", "$29.00", "29.00 US$". */
export function formatAmount(minor: number, currency: string, lang: string): string {
  const written = new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: currency === 'RUB' && minor % 100 === 0 ? 0 : 2,
  }).format(minor / 100);
  return signKeptWithCode(written, lang === 'ar');
}

/** A calendar day (YYYY-MM-DD) written out in the language, in the Gregorian calendar: "27 ноября 2026 г.". */
export function formatDay(day: string, lang: string): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC', calendar: 'gregory' }).format(
    new Date(`${day.slice(0, 10)}T12:00:00Z`),
  );
}

/** A page of the site in a reader's language: Russian has no prefix, every other language lives under /{lang}. */
export const pathIn = (lang: string, path: string): string =>
  `${isLanguage(lang) && lang !== 'ru' ? `/${lang}` : ''}${path}`;
