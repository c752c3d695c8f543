import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '../public/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function load(lang: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES, lang, `${namespace}.json`), 'utf8')) as Tree;
}

function valueAt(tree: Tree, key: string): string | Tree | undefined {
  return key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
}

const namespaces = readdirSync(join(LOCALES, 'ru')).map((file) => file.replace(/\.json$/, ''));

describe('translations', () => {
  it('has a folder for each of the eight languages and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const namespace of namespaces) {
    const reference = load('en', namespace);
    const baseKeys = [...new Set(keysOf(reference).map((key) => key.replace(PLURAL, '')))].sort();
    const pluralBases = new Set(
      keysOf(reference)
        .filter((key) => PLURAL.test(key))
        .map((key) => key.replace(PLURAL, '')),
    );

    it.each(LANGUAGES)(`%s has every key of ${namespace}, with its own plural forms, none empty`, (lang) => {
      const tree = load(lang, namespace);
      const keys = keysOf(tree);
      expect([...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort()).toEqual(baseKeys);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of pluralBases) {
        for (const category of categories) expect(keys, `${lang}:${base}_${category}`).toContain(`${base}_${category}`);
      }
      for (const key of keys) expect(String(valueAt(tree, key)).trim(), `${lang}:${key}`).not.toBe('');
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const key of keys) {
        const source = valueAt(reference, key) ?? valueAt(reference, key.replace(PLURAL, '_other'));
        if (typeof source === 'string' && !PLURAL.test(key)) {
          expect(placeholders(String(valueAt(tree, key))), `${lang}:${key}`).toEqual(placeholders(source));
        }
      }
    });
  }

  it.each(LANGUAGES)('%s legal texts name products and plans in words, never by their ids', (lang) => {
    const text = JSON.stringify(load(lang, 'legal'));
    expect(text).not.toMatch(/\b(13days|260days|13moons|basic_(monthly|yearly)|premium_(monthly|yearly))\b/);
    // Outside the Latin-script languages the plans are not left in English either.
    if (['ru', 'ja', 'zh', 'ar'].includes(lang)) expect(text).not.toMatch(/\b(Basic|Premium)\b/);
  });
});
