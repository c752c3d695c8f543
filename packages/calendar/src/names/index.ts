import { CalendarError } from '../errors.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ja } from './ja.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import type { CalendarNames, Language } from './types.ts';
import { isLanguage, LANGUAGES } from './types.ts';
import { zh } from './zh.ts';

export type { CalendarNames, Keywords, Language } from './types.ts';
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from './types.ts';

const NAMES: Readonly<Record<Language, CalendarNames>> = { ru, en, es, pt, de, ja, zh, ar };

export function assertLanguage(value: unknown): asserts value is Language {
  if (!isLanguage(value)) {
    throw new CalendarError('INVALID_LANGUAGE', `Unsupported language. Use one of: ${LANGUAGES.join(', ')}.`);
  }
}

/** Every calendar name in one of the eight languages. */
export function calendarNames(lang: Language): CalendarNames {
  assertLanguage(lang);
  return NAMES[lang];
}
