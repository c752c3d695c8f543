import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calendarNames, LANGUAGES, type Language } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../src/lib/paths.ts';
import { breaches, readGlossary, textsOf } from './helpers/glossary.ts';

/** One term for one thing per language: the glossary in content/glossary, checked against every text a reader meets. */
describe('the glossary of each language', () => {
  it.each(LANGUAGES)('holds in every locale file, reading, lesson and letter in %s', (lang) => {
    const glossary = readGlossary(lang);
    expect(glossary.language).toBe(lang);
    for (const term of glossary.terms) for (const form of term.avoid) expect(() => new RegExp(form, 'u')).not.toThrow();
    const texts = textsOf(lang);
    expect(texts.length).toBeGreaterThan(1000);
    expect(breaches(glossary, texts)).toEqual([]);
  });

  it('fails on an avoided form put back, in each language', () => {
    const back = {
      ru: 'Календарь Дримспелл',
      en: 'The letter with the link will arrive soon.',
      es: 'Tu carta guardada',
      pt: 'Convide a sua equipa',
      de: 'Bitte bestätigen Sie Ihre Adresse.',
      ja: 'あなたの銀河の署名(キン)',
      zh: '您的印记',
      ar: 'العرافة ٣٤',
    } as const;
    for (const lang of LANGUAGES) {
      const found = breaches(readGlossary(lang), [{ where: 'example', text: back[lang] }]);
      expect(found.length, lang).toBeGreaterThan(0);
    }
  });
});

/** "2. White Wind: spirit, communicate, breath." in the lesson on the twenty seals. */
function keywordLines(lang: Language): Map<number, string> {
  const text = readFileSync(join(contentDir, 'education/subscription', lang, 'lesson-2.md'), 'utf8');
  const lines = new Map<number, string>();
  for (const m of text.matchAll(/^(\d{1,2})\. [^:：]+[:：] ?(.+?)[.。]?$/gm)) lines.set(Number(m[1]), m[2] ?? '');
  return lines;
}

describe('the keywords of the seals', () => {
  it.each(LANGUAGES)('in the lesson on the twenty seals are the names file’s, in %s', (lang) => {
    const lines = keywordLines(lang);
    expect(lines.size).toBe(20);
    const names = calendarNames(lang);
    for (const [n, line] of lines) {
      const k = names.sealKeywords[n - 1];
      const words = line.split(/[,、،，] ?/).map((w) => w.trim().toLowerCase());
      expect(words, `${lang} seal ${n}`).toEqual([k?.power, k?.action, k?.essence].map((w) => w?.toLowerCase()));
    }
  });
});
