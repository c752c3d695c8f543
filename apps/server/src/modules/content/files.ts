import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLanguage } from '@hunab/calendar';
import { readFrontMatter } from '@hunab/contracts';

export type ContentKind = 'seal' | 'tone' | 'moon' | 'plasma' | 'castle';

/** The folders of content/{lang}/ and what they hold (the same names the static files are served under). */
export const CONTENT_FOLDERS: Record<string, ContentKind> = {
  signs: 'seal',
  tones: 'tone',
  moon: 'moon',
  plasmas: 'plasma',
  castles: 'castle',
};

export const CONTENT_COUNTS: Record<ContentKind, number> = { seal: 20, tone: 13, moon: 13, plasma: 7, castle: 5 };

export interface Reading {
  kind: ContentKind;
  number: number;
  lang: string;
  title: string;
  keywords: string[];
  summary: string;
  body: string;
}

export interface ProcessDay {
  title: string;
  assignment: string;
  questions: string[];
  polls: { question: string; options: string[] }[];
}

/** A content file's front matter and text; a file without front matter is an error of the content. */
export function parseReading(text: string): Omit<Reading, 'kind' | 'number' | 'lang'> {
  const reading = readFrontMatter(text);
  if (!reading) throw new Error('no front matter');
  return reading;
}

/** Every reading in content/, in every language present. */
export function readReadings(dir: string): Reading[] {
  if (!existsSync(dir)) return [];
  const readings: Reading[] = [];
  for (const lang of readdirSync(dir).filter(isLanguage)) {
    for (const [folder, kind] of Object.entries(CONTENT_FOLDERS)) {
      const path = join(dir, lang, folder);
      if (!existsSync(path)) continue;
      for (const file of readdirSync(path)) {
        const number = Number(/^(\d+)\.mdx?$/.exec(file)?.[1]);
        if (!Number.isInteger(number) || number < 1 || number > CONTENT_COUNTS[kind]) continue;
        readings.push({ kind, number, lang, ...parseReading(readFileSync(join(path, file), 'utf8')) });
      }
    }
  }
  return readings;
}

/** The 13-day process per language: content/{lang}/process/13days.json, keyed by tone 1-13. */
export function readProcess(dir: string): { lang: string; days: Record<string, ProcessDay> }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(isLanguage)
    .filter((lang) => existsSync(join(dir, lang, 'process', '13days.json')))
    .map((lang) => ({
      lang,
      days: JSON.parse(readFileSync(join(dir, lang, 'process', '13days.json'), 'utf8')) as Record<string, ProcessDay>,
    }));
}

/** A fingerprint of the whole content folder, so an unchanged folder is not loaded again at boot. */
export function contentFingerprint(readings: Reading[], process: ReturnType<typeof readProcess>): string {
  return createHash('sha256')
    .update(JSON.stringify([readings, process]))
    .digest('hex');
}
