import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@hunab/calendar/languages';
import { signKeptWithCode } from '@hunab/contracts';
import { DATE_TABLES } from './date-formats.ts';
import type { DateStyle, DateTables } from './date-tables.ts';
import { LOCAL_KEYS, local } from './storage.ts';

export type { DateStyle, DateTables } from './date-tables.ts';
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };

/** Whether the programmes are on sale in a language, and in which builds (spec 000 sections 3 and 6). */
export interface ProductsSwitch {
  enabled: boolean;
  showInDev: boolean;
  showInProd: boolean;
}

/** The language config of spec 000 section 3. */
export interface LanguageConfig {
  code: Language;
  name: string;
  nativeName: string;
  currency: { code: string; symbol: string; position: 'before' | 'after' };
  /** BCP 47 tag for Intl. */
  locale: string;
  /** The SEO fields: the hreflang of alternate links and the Open Graph locale. */
  seo: { hreflang: string; ogLocale: string };
  ogLocale: string;
  /** The mailing list readers of the language are added to (id and name as the mailing service knows them). */
  mailingList: { id: number; name: string };
  mailingListId: number;
  /**
   * The chat-bot of the language (the /hunabbot landing and the 13-moons banner open it): the server's /go/bot link,
   * which counts the click and leads to the product's own bot when the server runs one (else the admin's link).
   */
  chatBot: { url: string; name: string };
  products: ProductsSwitch;
  /** The paths of the legal texts in the language, without the language prefix. */
  legal: { privacy: string; terms: string };
}

/** The chat-bot's name; its address is the server's /go/bot link of each language. */
const CHAT_BOT_NAME = 'Hunab';

/** A language's config: its Open Graph locale is its locale with an underscore, its chat-bot starts in it. */
function language(
  code: Language,
  name: string,
  nativeName: string,
  currency: LanguageConfig['currency'],
  locale: string,
  mailingListId: number,
): LanguageConfig {
  const ogLocale = locale.split('-u-')[0]?.replace('-', '_') ?? locale;
  // Products are enabled only for Russian by default (spec 000 section 6); development builds show them everywhere.
  const onSale = code === 'ru';
  return {
    code,
    name,
    nativeName,
    currency,
    locale,
    seo: { hreflang: code, ogLocale },
    ogLocale,
    mailingList: { id: mailingListId, name: `Hunab ${code.toUpperCase()}` },
    mailingListId,
    chatBot: { url: `/go/bot/${code}`, name: CHAT_BOT_NAME },
    products: { enabled: onSale, showInDev: true, showInProd: onSale },
    legal: { privacy: '/legal/privacy', terms: '/legal/terms' },
  };
}

/** Whether this build sells the programmes in a language: enabled, and shown in this kind of build. */
export function productsShown(config: Pick<LanguageConfig, 'products'>, dev: boolean = import.meta.env.DEV): boolean {
  const { enabled, showInDev, showInProd } = config.products;
  return dev ? showInDev : enabled && showInProd;
}

/** The language's legal text, with its language prefix. */
export function legalPath(lang: Language, text: 'privacy' | 'terms'): string {
  return localizedPath(lang, LANGUAGE_CONFIG[lang].legal[text]);
}

export const LANGUAGE_CONFIG: Record<Language, LanguageConfig> = {
  ru: language('ru', 'Russian', 'Русский', { code: 'RUB', symbol: '₽', position: 'after' }, 'ru-RU', 12),
  en: language('en', 'English', 'English', { code: 'USD', symbol: '$', position: 'before' }, 'en-US', 15),
  es: language('es', 'Spanish', 'Español', { code: 'USD', symbol: '$', position: 'before' }, 'es-ES', 16),
  pt: language('pt', 'Portuguese', 'Português', { code: 'BRL', symbol: 'R$', position: 'before' }, 'pt-BR', 18),
  de: language('de', 'German', 'Deutsch', { code: 'EUR', symbol: '€', position: 'after' }, 'de-DE', 22),
  ja: language('ja', 'Japanese', '日本語', { code: 'JPY', symbol: '¥', position: 'before' }, 'ja-JP', 20),
  zh: language('zh', 'Chinese', '中文', { code: 'CNY', symbol: '¥', position: 'before' }, 'zh-CN', 21),
  ar: language('ar', 'Arabic', 'العربية', { code: 'SAR', symbol: 'ر.س', position: 'after' }, 'ar-SA-u-nu-latn', 19),
};

export const NATIVE_NAMES: Record<Language, string> = Object.fromEntries(
  LANGUAGES.map((code) => [code, LANGUAGE_CONFIG[code].nativeName]),
) as Record<Language, string>;

export const isRightToLeft = (lang: Language): boolean => lang === 'ar';

/** The language of a path and the path without its prefix: `/en/tzolkin` -> en, `/tzolkin`. */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const first = pathname.split('/')[1] ?? '';
  if (isLanguage(first)) {
    const rest = pathname.slice(first.length + 1);
    return { lang: first, path: rest === '' ? '/' : rest };
  }
  return { lang: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** Russian has no prefix; every other language lives under /{lang}/, its start page at /{lang} (no slash after). */
export function localizedPath(lang: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === DEFAULT_LANGUAGE) return clean;
  return clean === '/' ? `/${lang}` : `/${lang}${clean}`;
}

/** The same page in each language and the default, as [hreflang, path], for a path without its prefix. */
export function alternatePaths(path: string): [hreflang: string, path: string][] {
  return [...LANGUAGES.map((code): [string, string] => [code, localizedPath(code, path)]), ['x-default', path]];
}

/** The interface language named by the first path segment, Russian when there is none. */
export function languageOfPath(pathname: string): Language {
  return splitLanguage(pathname).lang;
}

const LANGUAGE_KEPT_MS = 7 * 86_400_000;

/** The language chosen in the menu, kept for 7 days (spec 000 section 4.2). */
export function savedLanguage(): Language | null {
  const lang = local.get(LOCAL_KEYS.language);
  const at = Number(local.get(LOCAL_KEYS.languageSavedAt) ?? 0);
  return isLanguage(lang) && Date.now() - at < LANGUAGE_KEPT_MS ? lang : null;
}

/**
 * The interface language of the administrators' pages, which have no language versions and so no prefix to read:
 * the language last chosen in the menu, else the one the app speaks now, else Russian.
 */
export function unprefixedLanguage(current: string | undefined): Language {
  return savedLanguage() ?? (isLanguage(current) ? current : DEFAULT_LANGUAGE);
}

export function saveLanguage(lang: Language): void {
  local.set(LOCAL_KEYS.language, lang);
  local.set(LOCAL_KEYS.languageSavedAt, String(Date.now()));
}

/**
 * Intl formatters by locale and options. Making one loads the locale's data, which on a phone costs milliseconds,
 * while using one costs microseconds; a page formats many dates, so each kind is made once.
 */
const madeFormats = new Map<string, unknown>();
/** The Intl object `make` returns for `key`, made on the first call only. */
export function keptFormat<T>(key: string, make: () => T): T {
  if (!madeFormats.has(key)) madeFormats.set(key, make());
  return madeFormats.get(key) as T;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  keptFormat(`number:${locale}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/**
 * A date as Intl.DateTimeFormat with `dateStyle` writes it in `lang`, from tables read out of the same CLDR data
 * (date-formats.ts): the first DateTimeFormat a tab makes loads the calendar data, 30-130 ms on a laptop, which the
 * first render of a page cannot afford. Local time, as Intl uses by default.
 */
export function formatDateIn(lang: Language, date: Date, style: DateStyle = 'long'): string {
  const { digits, names, styles } = DATE_TABLES[lang] as DateTables;
  const { pattern, months: monthList, weekdays: weekdayList } = styles[style];
  const months = monthList === undefined ? [] : (names[monthList] ?? []);
  const weekdays = weekdayList === undefined ? [] : (names[weekdayList] ?? []);
  const number = (value: number, width = 1) =>
    String(value)
      .padStart(width, '0')
      .replace(/\d/g, (digit) => digits[Number(digit)] ?? digit);
  const month = date.getMonth();
  return pattern
    .map((part) => {
      switch (part) {
        case '{weekday}':
          return weekdays[date.getDay()] ?? '';
        case '{day}':
          return number(date.getDate());
        case '{day2}':
          return number(date.getDate(), 2);
        case '{month}':
          return months[month] ?? '';
        case '{monthNumber}':
          return number(month + 1);
        case '{month2}':
          return number(month + 1, 2);
        case '{year}':
          return number(date.getFullYear());
        case '{year2}':
          return number(date.getFullYear() % 100, 2);
        default:
          return part;
      }
    })
    .join('');
}

/** Formats with the conventions of the interface language. */
export function formatters(lang: Language) {
  const { locale, currency } = LANGUAGE_CONFIG[lang];
  return {
    date: (date: Date, style: DateStyle = 'long') => formatDateIn(lang, date, style),
    number: (value: number) => numberFormat(locale).format(value),
    /** A whole number without grouping, such as a year. */
    plain: (value: number) => numberFormat(locale, { useGrouping: false }).format(value),
    price: (value: number, code = currency.code) =>
      signKeptWithCode(
        numberFormat(locale, {
          style: 'currency',
          currency: code,
          maximumFractionDigits: code === 'RUB' || code === 'JPY' ? 0 : 2,
        }).format(value),
        isRightToLeft(lang),
      ),
  };
}
