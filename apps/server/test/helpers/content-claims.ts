import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  calendarNames,
  castleOfKin,
  kinNumberOfDate,
  LANGUAGES,
  type Language,
  sealOfKin,
  toneOfKin,
  waveSpellOfKin,
} from '@hunab/calendar';

/**
 * Finds the calendar facts a text states ("kin 34", "26 July 1987", "the Blue Hand wavespell", "the Red Eastern
 * Castle", "White Galactic Wizard") and pairs each date, name, wavespell and castle with the kin number written
 * nearest to it in the same paragraph. A pair is a claim the engine can check.
 */

export interface Claim {
  file: string;
  lang: Language;
  kin: number;
  what: string;
  /** The kin the claim's other half stands for, or the wavespell/castle number it names. */
  says: { kind: 'date' | 'name' | 'wavespell' | 'castle'; value: number; text: string };
}

interface Mention {
  start: number;
  end: number;
  value: number;
  text: string;
}

/** The farthest a date, name, wavespell or castle may be from its kin number to count as a claim about it. */
const NEAR = 48;

const EASTERN_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** Eastern Arabic digits to ASCII, one for one, so positions do not move. */
export function westernDigits(text: string): string {
  return text.replace(/[٠-٩]/g, (d) => String(EASTERN_DIGITS.indexOf(d)));
}

const KIN_NUMBER: Record<Language, RegExp> = {
  en: /\bkins? (\d{1,3})(?![\d–-])/gi,
  es: /\bkins? (\d{1,3})(?![\d–-])/gi,
  pt: /\bkins? (\d{1,3})(?![\d–-])/gi,
  de: /\bkins? (\d{1,3})(?![\d–-])/gi,
  ru: /кин[а-яё]* (\d{1,3})(?![\d–-])/gi,
  ja: /キン ?(\d{1,3})(?![\d〜–-])/g,
  zh: /Kin ?(\d{1,3})(?![\d至–-])/gi,
  ar: /كين ?(\d{1,3})(?![\d–-])/g,
};

const MONTHS: Record<Language, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
  pt: 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  ru: 'января февраля марта апреля мая июня июля августа сентября октября ноября декабря'.split(' '),
  ja: [],
  zh: [],
  ar: 'يناير فبراير مارس أبريل مايو يونيو يوليو أغسطس سبتمبر أكتوبر نوفمبر ديسمبر'.split(' '),
};

function dateMentions(lang: Language, text: string): Mention[] {
  const found: Mention[] = [];
  const push = (m: RegExpMatchArray, y: string, mo: number, d: string) => {
    const year = Number(y);
    const day = Number(d);
    if (year < 1000 || mo < 1 || mo > 12 || day < 1 || day > 31) return;
    const value = kinNumberOfDate(year, mo, day);
    found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, value, text: m[0] });
  };
  if (lang === 'ja' || lang === 'zh') {
    for (const m of text.matchAll(/(\d{4})年(\d{1,2})月(\d{1,2})日/g)) push(m, m[1] ?? '', Number(m[2]), m[3] ?? '');
    return found;
  }
  const months = MONTHS[lang].join('|');
  const patterns: RegExp[] = {
    en: [new RegExp(`\\b(\\d{1,2}) (${months}),? (\\d{4})`, 'g')],
    es: [new RegExp(`\\b(\\d{1,2}) de (${months}) de (\\d{4})`, 'gi')],
    pt: [new RegExp(`\\b(\\d{1,2}) de (${months}) de (\\d{4})`, 'gi')],
    de: [new RegExp(`\\b(\\d{1,2})\\. (${months}) (\\d{4})`, 'g')],
    ru: [new RegExp(`(?<!\\d)(\\d{1,2}) (${months}) (\\d{4})`, 'gi')],
    ar: [new RegExp(`(?<!\\d)(\\d{1,2}) (${months}) (\\d{4})`, 'g')],
  }[lang];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      const month = MONTHS[lang].findIndex((name) => name.toLowerCase() === (m[2] ?? '').toLowerCase()) + 1;
      push(m, m[3] ?? '', month, m[1] ?? '');
    }
  }
  if (lang === 'en') {
    for (const m of text.matchAll(new RegExp(`\\b(${months}) (\\d{1,2}), (\\d{4})`, 'g'))) {
      push(m, m[3] ?? '', MONTHS.en.indexOf(m[1] ?? '') + 1, m[2] ?? '');
    }
  }
  return found;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The wavespell's own part of its name ("Blue Hand", "Синей Руки", "der Blauen Hand") and how texts wrap it. */
function wavespellPatterns(lang: Language): RegExp[] {
  return calendarNames(lang).wavespells.map((name) => {
    switch (lang) {
      case 'en':
        return new RegExp(`${literal(name.replace(/ Wavespell$/, ''))} wave ?spell`, 'gi');
      case 'ru':
        return new RegExp(`модул[а-яё]* ${literal(name.replace(/^Волновой модуль /, ''))}`, 'gi');
      case 'es':
        return new RegExp(
          `onda encantada (?:del|de la) ${literal(name.replace(/^Onda Encantada (del|de la) /, ''))}`,
          'gi',
        );
      case 'pt':
        return new RegExp(
          `onda(?: encantada)? (?:do|da) ${literal(name.replace(/^Onda Encantada (do|da) /, ''))}`,
          'gi',
        );
      case 'de':
        return new RegExp(`Welle ${literal(name.replace(/^Welle /, ''))}`, 'g');
      case 'ja':
        return new RegExp(literal(name), 'g');
      case 'zh':
        return new RegExp(literal(name), 'g');
      case 'ar':
        return new RegExp(literal(name), 'g');
    }
    throw new Error(lang);
  });
}

/** A castle is named by its colour and direction; texts often leave out "of Turning" and its kin. */
const CASTLE_WORDS: Record<Language, string[]> = {
  en: [
    'Red Eastern Castle',
    'White Northern Castle',
    'Blue Western Castle',
    'Yellow Southern Castle',
    'Green Central Castle',
  ],
  ru: [
    'Красн\\S* Восточн\\S* Замк?о?\\S*',
    'Бел\\S* Северн\\S* Замк?о?\\S*',
    'Син\\S* Западн\\S* Замк?о?\\S*',
    'Жёлт\\S* Южн\\S* Замк?о?\\S*',
    'Зелён\\S* Центральн\\S* Замк?о?\\S*',
  ],
  es: [
    'Castillo Rojo Oriental',
    'Castillo Blanco Norteño',
    'Castillo Azul Occidental',
    'Castillo Amarillo Sureño',
    'Castillo Verde Central',
  ],
  pt: [
    'Castelo Vermelho Oriental',
    'Castelo Branco Setentrional',
    'Castelo Azul Ocidental',
    'Castelo Amarelo Meridional',
    'Castelo Verde Central',
  ],
  de: [
    'Rot\\S* Östlich\\S* Schloss',
    'Weiß\\S* Nördlich\\S* Schloss',
    'Blau\\S* Westlich\\S* Schloss',
    'Gelb\\S* Südlich\\S* Schloss',
    'Grün\\S* Zentral\\S* Schloss',
  ],
  ja: ['赤い東の城', '白い北の城', '青い西の城', '黄色い南の城', '緑の中央の城'],
  zh: ['红色东方', '白色北方', '蓝色西方', '黄色南方', '绿色中央'],
  ar: [
    'القلعة الحمراء الشرقية',
    'القلعة البيضاء الشمالية',
    'القلعة الزرقاء الغربية',
    'القلعة الصفراء الجنوبية',
    'القلعة الخضراء المركزية',
  ],
};

function listMentions(patterns: readonly RegExp[], text: string): Mention[] {
  const found: Mention[] = [];
  patterns.forEach((pattern, i) => {
    for (const m of text.matchAll(pattern)) {
      found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, value: i + 1, text: m[0] });
    }
  });
  return found;
}

const kinNamePatterns = new Map<Language, RegExp[]>();
function kinNames(lang: Language): RegExp[] {
  let list = kinNamePatterns.get(lang);
  if (!list) {
    const names = calendarNames(lang);
    list = Array.from(
      { length: 260 },
      (_, i) => new RegExp(literal(names.kinName(sealOfKin(i + 1), toneOfKin(i + 1))), 'g'),
    );
    kinNamePatterns.set(lang, list);
  }
  return list;
}

function gap(a: Mention, b: Mention): number {
  return a.end <= b.start ? b.start - a.end : a.start >= b.end ? a.start - b.end : 0;
}

function nearest(list: readonly Mention[], m: Mention): Mention | undefined {
  let best: Mention | undefined;
  for (const item of list) if (!best || gap(item, m) < gap(best, m)) best = item;
  return best;
}

/** The kin a mention is about: the nearest kin number, if the mention is also the nearest of its kind to it. */
function kinOfMention(kins: readonly Mention[], mentions: readonly Mention[], m: Mention): Mention | undefined {
  const kin = nearest(kins, m);
  if (!kin || gap(kin, m) > NEAR) return undefined;
  return nearest(mentions, kin) === m ? kin : undefined;
}

/** A paragraph's sentences; a full stop after a digit ("26. Juli") or inside a number ("0.0") ends none. */
function sentences(text: string): string[] {
  return text.split(/(?<=[。！？])|(?<=[^\d\s][.!?])\s+/);
}

/** Every checkable claim in one paragraph of one language. */
export function claimsIn(lang: Language, paragraph: string, file: string): Claim[] {
  return sentences(westernDigits(paragraph)).flatMap((text) => claimsInSentence(lang, text, file));
}

/** Which clause of the sentence a position is in: commas, semicolons and "and" in any of the scripts end one. */
function clauseOf(text: string, at: number): number {
  return [...text.slice(0, at).matchAll(/[,;，；،、]| (?:and|y|e|und|и|а) /g)].length;
}

/** The end of a range ("from 26 July 2025 to 25 July 2026") states nothing about the kin that follows. */
function withoutRangeEnds(dates: Mention[]): Mention[] {
  return dates.filter((d, i) => i === 0 || d.start - (dates[i - 1]?.end ?? 0) > 20);
}

function claimsInSentence(lang: Language, text: string, file: string): Claim[] {
  const kins = [...text.matchAll(KIN_NUMBER[lang])].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    value: Number(m[1]),
    text: m[0],
  }));
  if (kins.length === 0) return [];
  const others: [Claim['says']['kind'], Mention[]][] = [
    ['date', withoutRangeEnds(dateMentions(lang, text))],
    ['name', listMentions(kinNames(lang), text)],
    ['wavespell', listMentions(wavespellPatterns(lang), text)],
    [
      'castle',
      listMentions(
        CASTLE_WORDS[lang].map((w) => new RegExp(w, 'g')),
        text,
      ),
    ],
  ];
  const claims: Claim[] = [];
  for (const [kind, mentions] of others) {
    const pairs = new Map<Mention, Mention>();
    // First within a clause ("26 July 1993 is kin 144"), then across one ("kin 34, White Galactic Wizard").
    for (const m of mentions) {
      const clause = clauseOf(text, m.start);
      const near = kins.filter((k) => clauseOf(text, k.start) === clause);
      const kin = kinOfMention(
        near,
        mentions.filter((o) => clauseOf(text, o.start) === clause),
        m,
      );
      if (kin) pairs.set(m, kin);
    }
    const taken = new Set(pairs.values());
    const freeKins = kins.filter((k) => !taken.has(k));
    const freeMentions = mentions.filter((m) => !pairs.has(m));
    for (const m of freeMentions) {
      const kin = kinOfMention(freeKins, freeMentions, m);
      if (kin) pairs.set(m, kin);
    }
    for (const [m, kin] of pairs) {
      const what = text.slice(Math.max(0, Math.min(kin.start, m.start) - 10), Math.max(kin.end, m.end) + 10);
      claims.push({ file, lang, kin: kin.value, what, says: { kind, value: m.value, text: m.text } });
    }
  }
  return claims;
}

/** Whether the engine agrees with a claim. */
export function holds(claim: Claim): boolean {
  const { kin, says } = claim;
  if (kin < 1 || kin > 260) return false;
  if (says.kind === 'date' || says.kind === 'name') return says.value === kin;
  if (says.kind === 'wavespell') return waveSpellOfKin(kin) === says.value;
  return castleOfKin(kin) === says.value;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The language a content file is written in: its folder under content/ or under an education course. */
function languageOf(root: string, path: string): Language | undefined {
  return relative(root, path)
    .split(/[\\/]/)
    .find((part): part is Language => (LANGUAGES as readonly string[]).includes(part));
}

/** Every reading, lesson and process file of the content folder, with its language. */
export function contentTexts(root: string): { file: string; lang: Language; text: string }[] {
  return walk(root)
    .filter((path) => /\.(md|mdx|json)$/.test(path))
    .flatMap((path) => {
      const lang = languageOf(root, path);
      return lang ? [{ file: relative(root, path), lang, text: readFileSync(path, 'utf8') }] : [];
    });
}

/** Every claim in every content file. */
export function contentClaims(root: string): Claim[] {
  return contentTexts(root).flatMap(({ file, lang, text }) =>
    text.split(/\n|\\n/).flatMap((paragraph) => claimsIn(lang, paragraph, file)),
  );
}
