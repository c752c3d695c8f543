import { calendarDay, calendarNames, moonPhaseOfDay, parseDate } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { illuminatedFraction, litPath, phaseShareOfImage } from '../src/lib/moon-phase.ts';
import { offsetAtNoon } from '../src/lib/reader-zone.ts';
import { moonPhaseLabel, moonPhaseName, noonOf, outsideMoons } from '../src/lib/synchronometer.ts';

describe('the Moon phase images', () => {
  it('draws nothing lit on the days of the new moon and the whole disc at full moon', () => {
    expect(litPath(1)).toBe('');
    expect(litPath(30)).toBe('');
    expect(illuminatedFraction(phaseShareOfImage(15))).toBeGreaterThan(0.99);
    expect(illuminatedFraction(phaseShareOfImage(16))).toBeGreaterThan(0.99);
  });

  it('grows the lit part to full moon and shrinks it after, lit on the right while waxing and the left while waning', () => {
    const fractions = Array.from({ length: 30 }, (_, i) => illuminatedFraction(phaseShareOfImage(i + 1)));
    for (let i = 1; i < 15; i++) expect(fractions[i]).toBeGreaterThan(fractions[i - 1] as number);
    for (let i = 16; i < 30; i++) expect(fractions[i]).toBeLessThan(fractions[i - 1] as number);
    // The rim runs from the top (50 10) to the bottom: clockwise (sweep 1, the right half) while waxing.
    expect(litPath(4)).toMatch(/^M50 10A40 40 0 0 1 50 90/);
    expect(litPath(26)).toMatch(/^M50 10A40 40 0 0 0 50 90/);
    // A crescent's terminator bows towards the lit side, a gibbous Moon's away from it.
    expect(litPath(4)).toMatch(/ 0 0 0 50 10Z$/);
    expect(litPath(11)).toMatch(/ 0 0 1 50 10Z$/);
  });

  it('draws each of the 30 images differently', () => {
    const paths = Array.from({ length: 28 }, (_, i) => litPath(i + 2));
    expect(new Set(paths).size).toBe(28);
  });
});

describe('the synchronometer helpers of the pages', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}|${options?.phase}|${options?.count}`;

  it('names the Moon of a day by its phase and whole days of age', () => {
    const phase = moonPhaseOfDay(parseDate('2026-07-18'));
    const names = calendarNames('en').moonPhases;
    expect(moonPhaseName(names, phase)).toBe(names[phase.phase - 1]);
    expect(moonPhaseLabel(t, names, phase)).toBe(`moon.label|${names[phase.phase - 1]}|${Math.floor(phase.age)}`);
  });

  it('tells the days outside the moons apart', () => {
    expect(outsideMoons(calendarDay(parseDate('2028-02-29')))).toBe('hunabKu');
    expect(outsideMoons(calendarDay(parseDate('2026-07-25')))).toBe('dayOutOfTime');
    expect(outsideMoons(calendarDay(parseDate('2026-07-26')))).toBeNull();
  });

  it('reads a date at local noon, and the zone offset at that noon', () => {
    const noon = noonOf('2028-02-29');
    expect([noon.getFullYear(), noon.getMonth(), noon.getDate(), noon.getHours()]).toEqual([2028, 1, 29, 12]);
    expect(offsetAtNoon(parseDate('2026-07-18'))).toBe(-noonOf('2026-07-18').getTimezoneOffset());
  });
});
