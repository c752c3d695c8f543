import { calendarDay, calendarNames, type Kin, kinEntity, type Language, parseDate } from '@hunab/calendar';
import { GLYPH_COLORS, SEAL_PARTS, TONE_DOT_RADIUS, toneLayout } from '@hunab/contracts';
import { CALENDAR_WORDS, dayOfMoonText } from '../../lib/calendar-words.ts';
import { localeOf } from '../../lib/locale-format.ts';
import { familyFor } from './fonts.ts';

/** Open Graph's recommended size. */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

const BACKGROUND = '#14121f';
const TEXT = '#f4f1ea';
const MUTED = '#bdb7cc';
const SEAL_COLORS = [GLYPH_COLORS.red, GLYPH_COLORS.white, GLYPH_COLORS.blue, GLYPH_COLORS.yellow] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The seal's tile and emblem, as SealGlyph draws it, at (x, y) and `size` px. */
export function sealSvg(seal: number, x: number, y: number, size: number): string {
  const fill = SEAL_COLORS[(seal - 1) % 4];
  const parts = (SEAL_PARTS[seal - 1] ?? [])
    .map(([kind, d]) => {
      if (kind === 'f') return `<path d="${d}" fill="${GLYPH_COLORS.ink}"/>`;
      if (kind === 'c') return `<path d="${d}" fill="${fill}"/>`;
      const width = kind === 't' ? 9 : 6;
      return `<path d="${d}" fill="none" stroke="${GLYPH_COLORS.ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${size / 100})"><rect x="4" y="4" width="92" height="92" rx="18" fill="${fill}" stroke="${GLYPH_COLORS.edge}" stroke-width="2.5"/>${parts}</g>`;
}

/** The tone's dots and bars, as ToneGlyph draws them, `width` px wide (0.6 of that high). */
export function toneSvg(tone: number, x: number, y: number, width: number, color: string): string {
  const { dots, bars } = toneLayout(tone);
  const shapes = [
    ...dots.map(({ cx, cy }) => `<circle cx="${cx}" cy="${cy}" r="${TONE_DOT_RADIUS}"/>`),
    ...bars.map(({ y: top }) => `<rect x="8" y="${top}" width="84" height="12" rx="6"/>`),
  ].join('');
  return `<g transform="translate(${x} ${y}) scale(${width / 100})" fill="${color}">${shapes}</g>`;
}

/** A rough advance width in em: enough to wrap and fit a line; the renderer shapes the real text. */
function emWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x2e80 && code <= 0xffef) width += 1;
    else if (code >= 0x600 && code <= 0x6ff) width += 0.5;
    else if (char === ' ') width += 0.28;
    else width += 0.6;
  }
  return width;
}

/** Splits text into at most `maxLines` lines of at most `maxEm` em; CJK text (no spaces) breaks between characters. */
function wrap(text: string, maxEm: number, maxLines: number): string[] | null {
  const words = /\s/.test(text) ? text.split(/\s+/) : [...text];
  const joiner = /\s/.test(text) ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}${joiner}${word}` : word;
    if (emWidth(next) <= maxEm || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines && lines.every((l) => emWidth(l) <= maxEm) ? lines : null;
}

/** The largest size (down to a floor) at which the text fits the width in at most `maxLines` lines. */
function fit(text: string, width: number, maxLines: number, largest: number, smallest: number) {
  for (let size = largest; size > smallest; size -= 4) {
    const lines = wrap(text, width / size, maxLines);
    if (lines) return { size, lines };
  }
  return { size: smallest, lines: wrap(text, width / smallest, 99)?.slice(0, maxLines) ?? [text] };
}

interface CardText {
  overline: string;
  title: string;
  lines: string[];
}

interface Layout {
  lang: Language;
  kin: Kin;
  text: CardText;
}

function textBlock(
  { overline, title, lines }: CardText,
  rtl: boolean,
  x: number,
  width: number,
  family: string,
  accent: string,
) {
  const anchor = rtl ? 'end' : 'start';
  const at = rtl ? x + width : x;
  // The renderer takes a line's direction from its first strong character: a right-to-left mark first makes an
  // Arabic line that opens with a number (a date) right-to-left too.
  const own = (text: string) => escapeXml(rtl ? `\u200f${text}` : text);
  const heading = fit(title, width, 3, 76, 40);
  const parts: string[] = [];
  let y = 150;
  parts.push(
    `<text x="${at}" y="${y}" font-size="34" font-weight="700" fill="${accent}" text-anchor="${anchor}">${own(overline)}</text>`,
  );
  y += 24;
  for (const line of heading.lines) {
    y += heading.size * 1.12;
    parts.push(
      `<text x="${at}" y="${y.toFixed(0)}" font-size="${heading.size}" font-weight="700" fill="${TEXT}" text-anchor="${anchor}">${own(line)}</text>`,
    );
  }
  y += 30;
  for (const line of lines) {
    const small = fit(line, width, 1, 32, 20);
    y += small.size * 1.5;
    parts.push(
      `<text x="${at}" y="${y.toFixed(0)}" font-size="${small.size}" fill="${MUTED}" text-anchor="${anchor}">${own(small.lines[0] ?? line)}</text>`,
    );
  }
  return `<g font-family="${family}" direction="${rtl ? 'rtl' : 'ltr'}">${parts.join('')}</g>`;
}

/** The comma between two parts of a line, in each script. */
const COMMA: Record<Language, string> = {
  ru: ', ',
  en: ', ',
  es: ', ',
  pt: ', ',
  de: ', ',
  ja: '、',
  zh: '，',
  ar: '، ',
};

/** The image of one kin: its tone above its seal on one side, its names and the text on the other. */
function cardSvg({ lang, kin, text }: Layout): string {
  const rtl = lang === 'ar';
  const accent = SEAL_COLORS[kin.color - 1] ?? TEXT;
  const glyphX = rtl ? IMAGE_WIDTH - 90 - 300 : 90;
  const textX = rtl ? 70 : 450;
  const family = familyFor(lang);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">`,
    '<defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">',
    `<stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>`,
    '</radialGradient></defs>',
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="${BACKGROUND}"/>`,
    `<circle cx="${glyphX + 150}" cy="330" r="330" fill="url(#glow)"/>`,
    `<rect x="0" y="${IMAGE_HEIGHT - 10}" width="${IMAGE_WIDTH}" height="10" fill="${accent}"/>`,
    toneSvg(kin.tone.number, glyphX + 40, 70, 220, TEXT),
    sealSvg(kin.sign.number, glyphX, 220, 300),
    textBlock(text, rtl, textX, 680, family, accent),
    `<text x="${rtl ? 70 : IMAGE_WIDTH - 70}" y="${IMAGE_HEIGHT - 44}" font-family="${familyFor('en')}" font-size="30" font-weight="700" fill="${MUTED}" text-anchor="${rtl ? 'start' : 'end'}" letter-spacing="6">HUNAB</text>`,
    '</svg>',
  ].join('');
}

const longDate = (date: string, lang: Language) =>
  new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/**
 * Joins runs of text with a middle dot. In Arabic each run ends with a right-to-left mark, so a number at the edge of
 * a run (a date's day, a kin's number) stays in its run instead of drifting to the other end of the line.
 */
function joinRuns(runs: string[], lang: Language): string {
  return lang === 'ar' ? runs.map((run) => `${run}\u200f`).join(' · ') : runs.join(' · ');
}

function kinLines(kin: Kin, lang: Language): string[] {
  const words = CALENDAR_WORDS[lang];
  return [
    joinRuns(
      [`${words.tone} ${kin.tone.number}: ${kin.tone.name}`, `${words.seal} ${kin.sign.number}: ${kin.sign.name}`],
      lang,
    ),
    `${words.wavespell} ${kin.waveSpell.number}: ${kin.waveSpell.name}`,
  ];
}

export function kinImageSvg(n: number, lang: Language, birth?: string): string {
  const kin = kinEntity(n, lang);
  const words = CALENDAR_WORDS[lang];
  const overline = birth ? joinRuns([`${words.born}: ${longDate(birth, lang)}`], lang) : `${words.kin} ${n}`;
  const lines = birth ? [`${words.kin} ${n}`, ...kinLines(kin, lang)] : kinLines(kin, lang);
  return cardSvg({ lang, kin, text: { overline, title: kin.name, lines } });
}

export function dayImageSvg(date: string, lang: Language): string {
  const day = calendarDay(parseDate(date), lang);
  const words = CALENDAR_WORDS[lang];
  const moon =
    day.moon === null
      ? calendarNames(lang)[day.isHunabKu ? 'hunabKu' : 'dayOutOfTime']
      : `${words.moon} ${day.moon}: ${day.moonName}${COMMA[lang]}${dayOfMoonText(lang, day.day ?? 0)}`;
  return cardSvg({
    lang,
    kin: day.kin,
    text: {
      overline: joinRuns([longDate(date, lang), `${words.kin} ${day.kin.number}`], lang),
      title: day.kin.name,
      lines: [...kinLines(day.kin, lang), ...(moon ? [moon] : [])],
    },
  });
}

/** Two signatures and their composite: three seals in a row, the composite's name below. */
export function compatImageSvg(
  a: { kin: Kin; date: string },
  b: { kin: Kin; date: string },
  composite: Kin,
  lang: Language,
): string {
  const rtl = lang === 'ar';
  const family = familyFor(lang);
  const accent = SEAL_COLORS[composite.color - 1] ?? TEXT;
  const order = rtl ? [composite, b.kin, a.kin] : [a.kin, b.kin, composite];
  const signs = rtl ? ['=', '+'] : ['+', '='];
  const size = 210;
  const xs = [105, 495, 885] as const;
  const glyphs = order
    .map(
      (kin, i) =>
        `${toneSvg(kin.tone.number, (xs[i] ?? 0) + 35, 40, 140, TEXT)}${sealSvg(kin.sign.number, xs[i] ?? 0, 140, size)}`,
    )
    .join('');
  const title = fit(composite.name, 1040, 1, 56, 30);
  const names = [a.kin.name, b.kin.name].map((name) => fit(name, 360, 1, 30, 18));
  const nameXs = rtl ? [xs[2], xs[1]] : [xs[0], xs[1]];
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">`,
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="${BACKGROUND}"/>`,
    `<rect x="0" y="${IMAGE_HEIGHT - 10}" width="${IMAGE_WIDTH}" height="10" fill="${accent}"/>`,
    glyphs,
    `<g font-family="${family}" fill="${TEXT}" text-anchor="middle" direction="${rtl ? 'rtl' : 'ltr'}">`,
    `<text x="${xs[0] + size + 90}" y="${140 + size / 2 + 24}" font-size="72" fill="${MUTED}">${signs[0]}</text>`,
    `<text x="${xs[1] + size + 90}" y="${140 + size / 2 + 24}" font-size="72" fill="${MUTED}">${signs[1]}</text>`,
    ...names.map(
      (name, i) =>
        `<text x="${(nameXs[i] ?? 0) + size / 2}" y="395" font-size="${name.size}" fill="${MUTED}">${escapeXml(name.lines[0] ?? '')}</text>`,
    ),
    `<text x="${(rtl ? xs[0] : xs[2]) + size / 2}" y="395" font-size="30" font-weight="700" fill="${accent}">${escapeXml(`${CALENDAR_WORDS[lang].kin} ${composite.number}`)}</text>`,
    `<text x="600" y="500" font-size="${title.size}" font-weight="700">${escapeXml(title.lines[0] ?? composite.name)}</text>`,
    '</g>',
    `<text x="${rtl ? 70 : IMAGE_WIDTH - 70}" y="${IMAGE_HEIGHT - 44}" font-family="${familyFor('en')}" font-size="30" font-weight="700" fill="${MUTED}" text-anchor="${rtl ? 'start' : 'end'}" letter-spacing="6">HUNAB</text>`,
    '</svg>',
  ].join('');
  return svg;
}
