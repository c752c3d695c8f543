import { LANGUAGES } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../src/lib/paths.ts';
import { claimsIn, contentClaims, holds } from './helpers/content-claims.ts';

/** Every kin, date, wavespell and castle the readings and lessons name, computed again with the calendar engine. */
const claims = contentClaims(contentDir);

describe('the facts the readings and lessons state', () => {
  it('are found in every language, dates and wavespells and castles and kin names alike', () => {
    for (const lang of LANGUAGES) {
      const kinds = new Set(claims.filter((c) => c.lang === lang).map((c) => c.says.kind));
      expect([...kinds].sort(), lang).toEqual(['castle', 'date', 'name', 'wavespell']);
    }
  });

  it('agree with the engine: every date has its kin, every kin its name, wavespell and castle', () => {
    const wrong = claims
      .filter((c) => !holds(c))
      .map((c) => `${c.file}: kin ${c.kin} vs ${c.says.kind} "${c.says.text}" in «${c.what}»`);
    expect(wrong).toEqual([]);
  });

  it('catches a kin placed in the wrong wavespell, date or castle in each language', () => {
    const wrong = [
      ['en', 'kin 34 is the eighth day of the White Wizard wavespell'],
      ['ru', 'кин 34 — восьмой день модуля Белого Волшебника'],
      ['es', 'el kin 34 es el octavo día de la Onda Encantada del Mago Blanco'],
      ['pt', 'o kin 34 é o oitavo dia da onda do Mago Branco'],
      ['de', 'Kin 34 ist der achte Tag der Welle des Weißen Magiers'],
      ['ja', 'キン34は白い魔法使いのウェイブスペルの8日目'],
      ['zh', 'Kin 34是白巫师波符的第八天'],
      ['ar', 'فالكين ٣٤ هو اليوم الثامن من الموجة السحرية للساحر الأبيض'],
      ['en', '16 January 2026 is kin 35'],
      ['de', 'Wer am 26. Juli 1987 geboren ist, hat Kin 35.'],
      ['ja', '1987年7月26日はキン35'],
      ['en', 'Kin 34 is in the Blue Western Castle'],
      ['de', 'Kin 35, Weißer Galaktischer Magier'],
    ] as const;
    for (const [lang, text] of wrong) {
      const found = claimsIn(lang, text, 'example');
      expect(found.length, `${lang}: ${text}`).toBeGreaterThan(0);
      expect(
        found.some((c) => !holds(c)),
        `${lang}: ${text}`,
      ).toBe(true);
    }
  });
});
