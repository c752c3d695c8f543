import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LANGUAGES, type Language } from '@hunab/calendar';
import { CALENDAR_WORDS } from '../../src/lib/calendar-words.ts';
import { contentDir, serverRoot } from '../../src/lib/paths.ts';
import { COMPAT_TEXTS } from '../../src/modules/compat/texts.ts';
import { WORDS as JOURNAL_EXPORT } from '../../src/modules/journal/export.ts';
import { LIST_FOOTER, UNSUBSCRIBE_PAGE } from '../../src/modules/mail/copy/footer.ts';
import { EMAIL_COPY } from '../../src/modules/mail/copy/index.ts';
import { README } from '../../src/modules/privacy/readme.ts';
import { WORDS as REMINDERS } from '../../src/modules/reminders/message.ts';
import { WORDS as TELEGRAM } from '../../src/modules/telegram/words.ts';
import { contentTexts } from './content-claims.ts';

/**
 * The glossary of one language (content/glossary/<lang>.json): for each thing the product names, the term it uses,
 * the forms it never uses and the places where an avoided form is still right; plus the language's typographic rules.
 */
export interface Glossary {
  language: Language;
  terms: { thing: string; use: string; avoid: string[]; except?: string[]; note?: string }[];
  rules?: ('fullWidthPunctuation' | 'westernDigits')[];
}

/** One piece of text a reader meets, and where it lives ("locales/de/growth.json about.toneText"). */
export interface Text {
  where: string;
  text: string;
}

export const glossaryDir = join(contentDir, 'glossary');
const localesDir = resolve(serverRoot, '../web/public/locales');

export function readGlossary(lang: Language): Glossary {
  return JSON.parse(readFileSync(join(glossaryDir, `${lang}.json`), 'utf8')) as Glossary;
}

function strings(value: unknown, path: string): Text[] {
  if (typeof value === 'string') return [{ where: path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}.${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, path.endsWith(' ') ? `${path}${k}` : `${path}.${k}`));
  }
  return [];
}

/** The server's word books, each a record of the eight languages. */
const SERVER_WORDS: Record<string, Readonly<Record<Language, unknown>>> = {
  'mail/copy': EMAIL_COPY,
  'mail/footer': LIST_FOOTER,
  'mail/unsubscribe-page': UNSUBSCRIBE_PAGE,
  'compat/texts': COMPAT_TEXTS,
  'calendar-words': CALENDAR_WORDS,
  'journal/export': JOURNAL_EXPORT,
  'privacy/readme': README,
  'reminders/message': REMINDERS,
  'telegram/words': TELEGRAM,
};

/** Every interface string, reading, lesson and letter of one language. */
export function textsOf(lang: Language): Text[] {
  const locales = readdirSync(join(localesDir, lang))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => strings(JSON.parse(readFileSync(join(localesDir, lang, f), 'utf8')), `locales/${lang}/${f} `));
  const content = contentTexts(contentDir)
    .filter((t) => t.lang === lang && !t.file.startsWith('glossary'))
    // The front matter's keyword list is data (a YAML list), not a sentence.
    .map((t) => ({ where: `content/${t.file}`, text: t.text.replace(/^keywords: \[.*\]$/m, '') }));
  const server = Object.entries(SERVER_WORDS).flatMap(([name, book]) => strings(book[lang], `server/${name} `));
  return [...locales, ...content, ...server];
}

/** Half-width punctuation written against a Chinese or Japanese character. */
const HALF_WIDTH_NEXT_TO_CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー][,:;?!()]|[,:;?!(][\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]\)/u;
const EASTERN_DIGIT = /[٠-٩۰-۹]/;

/** Every place a text breaks its language's glossary, as "where: what". */
export function breaches(glossary: Glossary, texts: readonly Text[]): string[] {
  const found: string[] = [];
  for (const { where, text } of texts) {
    for (const term of glossary.terms) {
      if (term.except?.some((place) => where.startsWith(place))) continue;
      for (const form of term.avoid) {
        const m = new RegExp(form, 'u').exec(text);
        if (m) found.push(`${where}: "${m[0]}" for ${term.thing}, write "${term.use}"`);
      }
    }
    if (glossary.rules?.includes('fullWidthPunctuation')) {
      const m = HALF_WIDTH_NEXT_TO_CJK.exec(text);
      if (m) found.push(`${where}: half-width punctuation in "${text.slice(Math.max(0, m.index - 8), m.index + 8)}"`);
    }
    if (glossary.rules?.includes('westernDigits')) {
      const m = EASTERN_DIGIT.exec(text);
      if (m) found.push(`${where}: Eastern Arabic digit in "${text.slice(Math.max(0, m.index - 8), m.index + 8)}"`);
    }
  }
  return found;
}

export const GLOSSARY_LANGUAGES: readonly Language[] = LANGUAGES;
