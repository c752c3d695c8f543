import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '../public/locales');

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function load(lang: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES, lang, `${namespace}.json`), 'utf8')) as Tree;
}

const namespaces = readdirSync(join(LOCALES, 'ru')).map((file) => file.replace(/\.json$/, ''));

describe('translations', () => {
  it('has a folder for each of the eight languages and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const namespace of namespaces) {
    const reference = keysOf(load('ru', namespace)).sort();
    it.each(LANGUAGES)(`%s has every key of ${namespace}, none empty`, (lang) => {
      const tree = load(lang, namespace);
      expect(keysOf(tree).sort()).toEqual(reference);
      for (const key of reference) {
        const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree)?.[part], tree);
        expect(String(value).trim(), `${lang}:${key}`).not.toBe('');
      }
    });
  }
});
