import i18next, { type BackendModule, type i18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyBootstrapDirection } from './bootstrap-css.ts';
import { DEFAULT_LANGUAGE, isRightToLeft, LANGUAGES, type Language } from './languages.ts';
import { NAMESPACES } from './namespaces.ts';
import { LOCAL_KEYS, local } from './storage.ts';

export { NAMESPACES };

/** The loader numbers of spec 000 section 9. */
export const TRANSLATION_VERSION = 'v4.0.0';
const PARALLEL_READS = 10;
const RETRIES = 5;
const RETRY_BASE_MS = 350;
const CACHE_MS = 7 * 86_400_000;

const BASICS_NAMESPACE = 'basics';

/** Built-in Russian basics: what the app can say when no translation file loads at all. */
const RUSSIAN_BASICS = {
  app: { loading: 'Загрузка…', initializing: 'Приложение запускается…' },
  errors: {
    translations: 'Ошибка загрузки переводов',
    somethingWrong: 'Что-то пошло не так',
    reload: 'Обновить страницу',
  },
};

let active = 0;
const queue: (() => void)[] = [];
async function withReadSlot<T>(run: () => Promise<T>): Promise<T> {
  if (active >= PARALLEL_READS) await new Promise<void>((resolve) => queue.push(resolve));
  active++;
  try {
    return await run();
  } finally {
    active--;
    queue.shift()?.();
  }
}

const cacheKey = (url: string) => `${LOCAL_KEYS.translations}:${TRANSLATION_VERSION}:${__APP_VERSION__}:${url}`;

async function fetchWithRetries(url: string): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2 ** (attempt - 1)));
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (response.status === 404) throw Object.assign(new Error(`${url}: not found`), { final: true });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const text = await response.text();
      if (/^\s*</.test(text))
        throw Object.assign(new Error(`${url}: a page came instead of translations`), { final: true });
      JSON.parse(text);
      return text;
    } catch (error) {
      lastError = error;
      if ((error as { final?: boolean }).final) break;
    }
  }
  throw lastError;
}

/** The languages consulted after the reader's own, in order (spec 000 section 4.2). */
const FALLBACKS: Language[] = ['en', DEFAULT_LANGUAGE];

/**
 * Every file of every language holds every key (a unit test sees to it), so the fallbacks are read only once a file
 * of the reader's language cannot be: the same namespace in English and Russian, before i18next hears of the failure.
 * Until then the reader's language is the only one asked for, and consulted.
 */
let fallbacksInUse = false;

function readCachedOrFetch(url: string): Promise<string> {
  const cached = local.getJson<{ at: number; text: string }>(cacheKey(url));
  if (cached && Date.now() - cached.at < CACHE_MS) return Promise.resolve(cached.text);
  return withReadSlot(() => fetchWithRetries(url)).then((text) => {
    // Kept for the next visit in a task of its own: writing local storage takes a while on a phone.
    setTimeout(() => local.setJson(cacheKey(url), { at: Date.now(), text }), 0);
    return text;
  });
}

async function loadFallbacks(lang: string, namespace: string): Promise<void> {
  fallbacksInUse = true;
  for (const code of FALLBACKS.filter((fallback) => fallback !== lang)) {
    if (i18next.hasResourceBundle(code, namespace)) continue;
    try {
      const text = await readCachedOrFetch(`/locales/${code}/${namespace}.json`);
      i18next.addResourceBundle(code, namespace, JSON.parse(text), true, false);
    } catch (error) {
      warnTranslations(error);
    }
  }
}

/** The warning of spec 000 section 8 with its detail in spec 001's form: 'Error: {message}'. */
export function translationWarning(error: unknown): [string, string] {
  return [RUSSIAN_BASICS.errors.translations, `Error: ${error instanceof Error ? error.message : String(error)}`];
}

const warnTranslations = (error: unknown) => console.warn(...translationWarning(error));

/**
 * Reads a translation file: from the 7-day local cache, else the network with retries, at most 10 at once. A file
 * of the reader's language that cannot be read brings in the fallbacks before i18next hears of the failure, which
 * it is told is final (the retries were made here).
 */
function read(lang: string, namespace: string, callback: ReadCallback): void {
  // Adding the basics puts their namespace among those i18next loads for every language it meets; they live here,
  // in Russian only, so no file is asked for.
  if (namespace === BASICS_NAMESPACE) {
    callback(null, lang === DEFAULT_LANGUAGE ? RUSSIAN_BASICS : {});
    return;
  }
  readCachedOrFetch(`/locales/${lang}/${namespace}.json`).then(
    (text) => callback(null, JSON.parse(text)),
    async (error: unknown) => {
      warnTranslations(error);
      await loadFallbacks(lang, namespace);
      callback(error instanceof Error ? error : new Error(String(error)), false);
    },
  );
}

/** The translation files of /locales, as i18next asks for them one language and namespace at a time. */
const localesBackend: BackendModule = { type: 'backend', init() {}, read };

/** Fallback order: the language, English, Russian, then the built-in Russian basics (spec 000 section 4.2). */
export async function initI18n(lang: Language): Promise<void> {
  await i18next
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: [...LANGUAGES],
      // Asked at every lookup, so the fallbacks join once they are read.
      fallbackLng: () => (fallbacksInUse ? FALLBACKS : []),
      ns: [...NAMESPACES],
      defaultNS: 'translation',
      // The built-in basics are a namespace of their own, consulted last and never fetched.
      fallbackNS: ['translation', BASICS_NAMESPACE],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  i18next.addResourceBundle(DEFAULT_LANGUAGE, BASICS_NAMESPACE, RUSSIAN_BASICS, true, false);
}

export const i18nInstance: i18n = i18next;

/** Puts the language on the document: `lang`, and right-to-left for Arabic. */
export function applyDocumentLanguage(lang: Language): void {
  const direction = isRightToLeft(lang) ? 'rtl' : 'ltr';
  const html = document.documentElement;
  // Setting either, even to the value it has, restyles every element (:lang and :dir), so only a change is written.
  if (html.lang !== lang) html.lang = lang;
  if (html.dir !== direction) html.dir = direction;
  applyBootstrapDirection(direction);
}
