import { describe, expect, it } from 'vitest';
import {
  addDreamspellDays,
  calendarDay,
  formatDate,
  moonOfDate,
  moonPhaseIndex,
  parseDate,
  programActivationDate,
  runeOfDay,
  thirteenMoonYear,
  toneDayCycleNumber,
  tzolkinGrid,
  waveSpellKins,
  waveSpellOfDate,
} from '../src/index.ts';

describe('the wavespell around a date', () => {
  it('gives 13 days with tones 1 to 13 in order', () => {
    const spell = waveSpellOfDate(parseDate('2012-12-21'), 'en');
    expect(spell.waveSpell.name).toBe('Yellow Warrior Wavespell');
    expect(spell.days.map((d) => d.kin.tone.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(spell.days[11]?.date).toBe('2012-12-21');
  });

  it('steps over 29 February', () => {
    const spell = waveSpellOfDate(parseDate('2024-02-29'));
    const dates = spell.days.map((d) => d.date);
    expect(dates).not.toContain('2024-02-29');
    expect(dates).toContain('2024-02-28');
    const kins = spell.days.map((d) => d.kin.number);
    expect(kins).toEqual(Array.from({ length: 13 }, (_, i) => (kins[0] as number) + i));
  });

  it('lists the 13 kins of a wavespell by number', () => {
    expect(waveSpellKins(20).map((k) => k.number)).toEqual(Array.from({ length: 13 }, (_, i) => 248 + i));
  });
});

describe('the moon of a date', () => {
  it('gives the 28 days of the moon, Dali first', () => {
    const moon = moonOfDate(parseDate('2026-11-21'), 'en');
    expect(moon.moon).toEqual({ number: 5, name: 'Overtone Peacock Moon' });
    expect(moon.days).toHaveLength(28);
    expect(moon.days[0]?.date).toBe('2026-11-15');
    expect(moon.days[27]?.date).toBe('2026-12-12');
  });

  it('skips 29 February inside the Galactic Moon', () => {
    const moon = moonOfDate(parseDate('2024-02-29'));
    expect(moon.moon.number).toBe(8);
    const dates = moon.days.map((d) => d.date);
    expect(dates[0]).toBe('2024-02-07');
    expect(dates[21]).toBe('2024-02-28');
    expect(dates[22]).toBe('2024-03-01');
    expect(dates[27]).toBe('2024-03-06');
  });

  it('shows the Cosmic Moon on the Day Out of Time', () => {
    const moon = moonOfDate(parseDate('2026-07-25'));
    expect(moon.moon.number).toBe(13);
    expect(moon.days[27]?.date).toBe('2026-07-24');
  });
});

describe('the 13 moons of a year', () => {
  it('runs from 26 July to the Day Out of Time', () => {
    const year = thirteenMoonYear(2023, 'en');
    expect(year.yearKin.number).toBe(calendarDay(parseDate('2023-07-26')).kin.number);
    expect(year.moons.map((m) => m.start)).toEqual([
      '2023-07-26',
      '2023-08-23',
      '2023-09-20',
      '2023-10-18',
      '2023-11-15',
      '2023-12-13',
      '2024-01-10',
      '2024-02-07',
      '2024-03-07',
      '2024-04-04',
      '2024-05-02',
      '2024-05-30',
      '2024-06-27',
    ]);
    expect(year.moons[7]?.end).toBe('2024-03-06');
    expect(year.moons[12]?.end).toBe('2024-07-24');
    expect(year.dayOutOfTime).toBe('2024-07-25');
  });
});

describe('the Tzolkin grid', () => {
  it('has 20 rows of 13 columns with kin 20c + r + 1', () => {
    const grid = tzolkinGrid();
    expect(grid).toHaveLength(20);
    grid.forEach((row, r) => {
      expect(row).toHaveLength(13);
      row.forEach((kin, c) => {
        expect(kin.number).toBe(20 * c + r + 1);
        expect([kin.zolkinRow, kin.zolkinColumn]).toEqual([r + 1, c + 1]);
      });
    });
  });
});

describe('the small formulas', () => {
  it('counts the tone-day cycle down from 13', () => {
    expect(Array.from({ length: 13 }, (_, i) => toneDayCycleNumber(i + 1))).toEqual([
      13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);
  });

  it('activates a program on the next Magnetic day', () => {
    for (const text of ['2026-11-21', '2024-02-20', '2024-02-28', '2025-07-20']) {
      const today = parseDate(text);
      const tone = calendarDay(today).kin.tone.number;
      const start = programActivationDate(today, tone);
      expect(calendarDay(start).kin.tone.number).toBe(1);
      expect(formatDate(start) > text).toBe(true);
    }
  });

  it('steps Dreamspell days across 29 February', () => {
    expect(formatDate(addDreamspellDays(parseDate('2024-02-28'), 1))).toBe('2024-03-01');
    expect(formatDate(addDreamspellDays(parseDate('2024-03-01'), -1))).toBe('2024-02-28');
  });

  it('gives 24 ordinary runes and four special ones on days 7, 14, 21 and 28', () => {
    const runes = Array.from({ length: 28 }, (_, i) => runeOfDay(i + 1));
    expect(runes.filter((r) => r.special).length).toBe(4);
    expect(runes.filter((r) => r.special).map((r) => r.letter)).toEqual(['ᚪ', 'ᚫ', 'ᚣ', 'ᛠ']);
    expect(runes.filter((r) => !r.special).map((r) => r.index)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(runes.map((r) => r.letter)).size).toBe(28);
  });

  it('keeps the moon phase index within 1-30 and starts it at a new moon', () => {
    expect(moonPhaseIndex(parseDate('2000-01-07'))).toBe(1);
    // 2024-04-08 was a solar eclipse, so a new moon; the mean moon may put it a few hours either side.
    expect([29, 30, 1, 2]).toContain(moonPhaseIndex(parseDate('2024-04-08')));
    expect(moonPhaseIndex(parseDate('2024-04-23'))).toBeGreaterThanOrEqual(15); // full moon
    for (let day = 1; day <= 31; day++) {
      const index = moonPhaseIndex(parseDate(`2025-01-${String(day).padStart(2, '0')}`));
      expect(index).toBeGreaterThanOrEqual(1);
      expect(index).toBeLessThanOrEqual(30);
    }
  });
});
