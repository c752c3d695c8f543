import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../src/lib/paths.ts';

/**
 * Every language carries the whole of the writing: each reading and lesson English has, with the same sections and
 * about as many paragraphs. Paragraphs and list items are counted, not bytes, so that a script's density does not
 * matter: a Chinese paragraph is short in characters and still a paragraph.
 */

const others = LANGUAGES.filter((lang) => lang !== 'en');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

interface Section {
  heading: string;
  units: number;
}

/** The front matter's keys and, per `##` section, its paragraphs plus list items. */
function shapeOf(text: string): { keys: string[]; sections: Section[]; glyphs: string[] } {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const keys = (front?.[1] ?? '')
    .split('\n')
    .map((line) => /^(\w+):/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined);
  const body = front ? text.slice(front[0].length) : text;
  const sections: Section[] = [{ heading: '', units: 0 }];
  for (const raw of body.split(/\n\s*\n/)) {
    const block = raw.trim();
    if (!block) continue;
    const lines = block.split('\n');
    if (/^#{2,3} /.test(lines[0] ?? '')) {
      sections.push({ heading: lines[0] ?? '', units: 0 });
      if (lines.length > 1) (sections.at(-1) as Section).units += 1;
      continue;
    }
    const items = lines.filter((line) => /^\s*([-*]|\d+\.)\s/.test(line)).length;
    (sections.at(-1) as Section).units += items || 1;
  }
  if (sections[0]?.units === 0) sections.shift();
  const glyphs = text.match(/\]\(glyph:[^)]*\)/g) ?? [];
  return { keys, sections, glyphs };
}

/** The JSON's keys and array lengths, without the words. */
function outline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(outline).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => `${key}:${outline(inner)}`)
      .join(',')}}`;
  return typeof value;
}

/** What is wrong with one language's file against English's; empty when it carries the same writing. */
function differences(english: string, other: string): string[] {
  if (!existsSync(other)) return ['missing'];
  const a = readFileSync(english, 'utf8');
  const b = readFileSync(other, 'utf8');
  if (english.endsWith('.json')) return outline(JSON.parse(a)) === outline(JSON.parse(b)) ? [] : ['its outline'];
  const en = shapeOf(a);
  const own = shapeOf(b);
  const found: string[] = [];
  if (own.keys.join() !== en.keys.join()) found.push(`front matter ${own.keys} (English: ${en.keys})`);
  if (own.glyphs.join() !== en.glyphs.join()) found.push('its glyph images');
  if (own.sections.length !== en.sections.length) {
    found.push(`${own.sections.length} sections (English: ${en.sections.length})`);
    return found;
  }
  const total = (sections: Section[]) => sections.reduce((sum, section) => sum + section.units, 0);
  if (total(own.sections) < Math.ceil(total(en.sections) * 0.9))
    found.push(`${total(own.sections)} paragraphs and list items (English: ${total(en.sections)})`);
  en.sections.forEach((section, i) => {
    const mine = own.sections[i] as Section;
    if (mine.units === 0 && section.units > 0) found.push(`section ${i + 1} "${mine.heading}" is empty`);
  });
  return found;
}

function report(pairs: [english: string, other: string][]): string[] {
  return pairs.flatMap(([english, other]) =>
    differences(english, other).map((what) => `${relative(contentDir, other)}: ${what}`),
  );
}

describe('the writing in every language', () => {
  const readings = filesUnder(join(contentDir, 'en'));

  it.each(others)('has every reading of English in %s, with its sections and paragraphs', (lang) => {
    expect(readings.length).toBeGreaterThanOrEqual(59);
    const pairs = readings.map((file): [string, string] => [
      file,
      join(contentDir, lang, relative(join(contentDir, 'en'), file)),
    ]);
    expect(report(pairs)).toEqual([]);
  });

  const education = join(contentDir, 'education');
  const plan = JSON.parse(readFileSync(join(education, 'courses.json'), 'utf8')) as {
    id: string;
    languages: string[];
    title: Record<string, string>;
    summary: Record<string, string>;
    lessons: { slug: string }[];
  }[];

  it.each(LANGUAGES)('has every course and lesson in %s', (lang) => {
    const found: string[] = [];
    for (const course of plan) {
      if (!course.languages.includes(lang)) found.push(`${course.id}: not offered in ${lang}`);
      if (!course.title[lang] || !course.summary[lang]) found.push(`${course.id}: no title or summary in ${lang}`);
      for (const { slug } of course.lessons) {
        const file = join(education, course.id, lang, `${slug}.md`);
        if (!existsSync(file)) found.push(`${course.id}/${lang}/${slug}.md: missing`);
      }
    }
    expect(found).toEqual([]);
  });

  it.each(others)('writes each lesson in %s as fully as English', (lang) => {
    const pairs = plan.flatMap((course) =>
      readdirSync(join(education, course.id, 'en')).map((file): [string, string] => [
        join(education, course.id, 'en', file),
        join(education, course.id, lang, file),
      ]),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    expect(report(pairs)).toEqual([]);
  });
});
