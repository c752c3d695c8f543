import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { embedSnippet } from '../src/features/account/EmbedSnippet.tsx';

const LOCALES = join(import.meta.dirname, '../public/locales');
const embedWords = (lang: string) =>
  (JSON.parse(readFileSync(join(LOCALES, lang, 'growth.json'), 'utf8')) as { brand: { embed: unknown } }).brand.embed;

/** Every key of a tree of words, as dotted paths. */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('the widget snippet of the brand elements page', () => {
  it('frames the chosen widget in the reader language, theme and size', () => {
    const snippet = embedSnippet('https://hunab.example', 'moon', 'ar', 'dark', 'large');
    expect(snippet.src).toBe('https://hunab.example/embed/moon?lang=ar&theme=dark&size=large');
    expect(snippet.html).toBe(
      '<iframe src="https://hunab.example/embed/moon?lang=ar&amp;theme=dark&amp;size=large" width="480" height="480" ' +
        'style="border:0;max-width:100%" loading="lazy" title="Hunab"></iframe>',
    );
    expect(embedSnippet('', 'today', 'ru', 'light', 'small')).toMatchObject({ width: 240, height: 150 });
  });

  it('has its words in all eight languages, the same keys in each and none left empty', () => {
    const expected = keys(embedWords('ru')).sort();
    expect(expected).toContain('widgets.moon');
    for (const lang of LANGUAGES) {
      expect(keys(embedWords(lang)).sort(), lang).toEqual(expected);
      const words = JSON.stringify(embedWords(lang));
      expect(words, lang).not.toContain('""');
    }
    expect(embedWords('ar')).not.toEqual(embedWords('en'));
  });
});
