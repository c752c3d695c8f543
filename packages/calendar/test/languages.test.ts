import { describe, expect, it } from 'vitest';
import { calendarNames, kinEntity, LANGUAGES } from '../src/index.ts';

describe('names in all eight languages', () => {
  it.each(LANGUAGES)('%s has every name, of the right count, none empty', (lang) => {
    const names = calendarNames(lang);
    const counts: [readonly unknown[], number][] = [
      [names.seals, 20],
      [names.sealKeywords, 20],
      [names.tones, 13],
      [names.toneKeywords, 13],
      [names.colors, 4],
      [names.moons, 13],
      [names.totems, 13],
      [names.radialPlasmas, 7],
      [names.wavespells, 20],
      [names.castles, 5],
      [names.timeCells, 5],
      [names.harmonicStages, 4],
      [names.clans, 4],
      [names.chromaticStages, 5],
      [names.moonPhases, 8],
      [Object.values(names.synchronometer), 12],
    ];
    for (const [list, count] of counts) {
      expect(list).toHaveLength(count);
      for (const item of list) {
        const texts = typeof item === 'string' ? [item] : Object.values(item as object);
        for (const text of texts) expect(String(text).trim()).not.toBe('');
      }
    }
    expect(names.dayOutOfTime.trim()).not.toBe('');
    expect(names.hunabKu.trim()).not.toBe('');
    const kinNames = new Set<string>();
    for (let kin = 1; kin <= 260; kin++) {
      const name = kinEntity(kin, lang).name;
      expect(name.trim()).not.toBe('');
      expect(name).not.toMatch(/undefined|null/);
      kinNames.add(name);
    }
    expect(kinNames.size).toBe(260);
  });
});

describe('German Crystal kins', () => {
  it('say tone 12 as an adjective, so no kin name reads as "Kristallnacht"', () => {
    const de = calendarNames('de');
    expect(de.kinName(3, 12)).toBe('Blaue Kristallene Nacht');
    expect(de.kinName(1, 12)).toBe('Roter Kristallener Drache');
    expect(de.kinName(7, 12)).toBe('Blaue Kristallene Hand');
    expect(de.moons[11]).toBe('Kristallener Mond des Hasen');
    for (let seal = 1; seal <= 20; seal++) {
      const name = de.kinName(seal, 12);
      expect(name).not.toMatch(/Kristall-|Kristallnacht/i);
      expect(name).toMatch(/ Kristallen(er|e|es) /);
    }
  });
});
