import { calendarDay, isLanguage, type Language, parseDate } from '@hunab/calendar';
import type { JournalRow } from './repository.ts';

/** Headings of the exports; the day's names come from the engine in the reader's language. */
export const WORDS: Record<Language, { title: string; mood: string; tags: string; moon: string }> = {
  ru: { title: 'Дневник кинов', mood: 'Настроение', tags: 'Метки', moon: 'Луна' },
  en: { title: 'Kin journal', mood: 'Mood', tags: 'Tags', moon: 'Moon' },
  es: { title: 'Diario de kines', mood: 'Ánimo', tags: 'Etiquetas', moon: 'Luna' },
  pt: { title: 'Diário de kins', mood: 'Humor', tags: 'Etiquetas', moon: 'Lua' },
  de: { title: 'Kin-Tagebuch', mood: 'Stimmung', tags: 'Schlagwörter', moon: 'Mond' },
  ja: { title: 'キン日記', mood: '気分', tags: 'タグ', moon: '月' },
  zh: { title: 'Kin 日记', mood: '心情', tags: '标签', moon: '月' },
  ar: { title: 'يوميات الكين', mood: 'المزاج', tags: 'الوسوم', moon: 'القمر' },
};

const languageOf = (lang: string): Language => (isLanguage(lang) ? lang : 'en');

function namesOf(row: JournalRow, lang: Language) {
  const day = calendarDay(parseDate(row.day), lang);
  return { kinName: day.kin.name, moonName: day.moonName, wavespell: day.kin.waveSpell.name };
}

/** The journal as Markdown: a heading per day with its kin, then the text as it was written. */
export function journalMarkdown(rows: JournalRow[], lang: string): string {
  const language = languageOf(lang);
  const words = WORDS[language];
  const parts = [`# ${words.title}`, ''];
  for (const row of rows) {
    const names = namesOf(row, language);
    parts.push(`## ${row.day} · Kin ${row.kin} · ${names.kinName}`, '');
    const facts = [names.moonName ? `${words.moon}: ${names.moonName}` : null, names.wavespell];
    if (row.mood) facts.push(`${words.mood}: ${row.mood}/5`);
    if (row.tags.length) facts.push(`${words.tags}: ${row.tags.map((tag) => `#${tag.replace(/\s/g, '_')}`).join(' ')}`);
    parts.push(`_${facts.filter(Boolean).join(' · ')}_`, '');
    // A line that would read as a heading of the export is kept as text.
    parts.push(row.text.replace(/^(#{1,6})(?=\s)/gm, '\\$1'), '');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/** A cell a spreadsheet shows as text: quoted, and a leading = + - @ defused so it never runs as a formula. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== String(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The journal as CSV (RFC 4180, CRLF, a BOM so spreadsheet programs read UTF-8). */
export function journalCsv(rows: JournalRow[], lang: string): string {
  const language = languageOf(lang);
  const header = ['date', 'kin', 'kin_name', 'seal', 'tone', 'wavespell', 'moon', 'mood', 'tags', 'text'];
  const lines = [header.join(',')];
  for (const row of rows) {
    const names = namesOf(row, language);
    lines.push(
      [
        row.day,
        row.kin,
        names.kinName,
        row.seal,
        row.tone,
        row.wavespell,
        row.moon,
        row.mood,
        row.tags.join('; '),
        row.text,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
