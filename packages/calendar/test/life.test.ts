import { describe, expect, it } from 'vitest';
import { birthdayIn, calendarDay, LIFE_CYCLE_YEARS, lifeCycleYears, lifeStats, parseDate } from '../src/index.ts';

const kinOf = (text: string) => calendarDay(parseDate(text)).kin.number;

describe('a life counted in cycles', () => {
  it('opens each year of the 52-year cycle on a kin 105 further, back to the birth kin at 52', () => {
    const birth = parseDate('1987-07-26');
    const years = lifeCycleYears(birth);
    expect(years).toHaveLength(LIFE_CYCLE_YEARS);
    expect(years[0]).toEqual({ age: 0, birthday: birth, kin: 34 });
    // The 26 July birthdays are the year kins of the published count: 1993 is Kin 144, 2013 is Kin 164.
    expect(years[6]?.kin).toBe(144);
    expect(years[26]?.kin).toBe(164);
    for (const [index, year] of years.entries()) expect(year.kin).toBe(((34 - 1 + 105 * index) % 260) + 1);
    expect(lifeCycleYears(birth, 1)[0]?.kin).toBe(34);
    expect(lifeCycleYears(birth, 1)[0]?.age).toBe(52);
  });

  it('keeps a 29 February birthday on 28 February in common years, on the same kin', () => {
    const birth = parseDate('2024-02-29');
    expect(birthdayIn(birth, 2025)).toEqual({ year: 2025, month: 2, day: 28 });
    expect(birthdayIn(birth, 2028)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(kinOf('2024-02-29')).toBe(kinOf('2024-02-28'));
    const years = lifeCycleYears(birth);
    expect(years[1]?.birthday).toEqual({ year: 2025, month: 2, day: 28 });
    expect(years[1]?.kin).toBe(((kinOf('2024-02-29') - 1 + 105) % 260) + 1);
  });

  it('counts days, years, returns, moons and wavespells on a given day', () => {
    const stats = lifeStats(parseDate('2012-12-21'), parseDate('2026-11-21'));
    expect(stats.daysLived).toBe(5083);
    expect(stats.years).toBe(13);
    // 14 × 365 − 30 Dreamspell days (29 February is not counted): 5080.
    expect(stats.galacticReturns).toBe(Math.floor(5080 / 260));
    expect(stats.moons).toBe(Math.floor(5080 / 28));
    expect(stats.wavespells).toBe(Math.floor(5080 / 13));
    expect(kinOf('2012-12-21')).toBe(207);
    expect(calendarDay(stats.nextReturn).kin.number).toBe(207);
    expect(stats.daysToNextReturn).toBeGreaterThanOrEqual(0);
    expect(stats.daysToNextReturn).toBeLessThan(261);
    expect(stats.nextBirthday).toEqual({ year: 2026, month: 12, day: 21 });
    expect(stats.daysToNextBirthday).toBe(30);
    expect(stats.lifeCycleYear).toBe(13);
  });

  it('counts nothing before birth, and stops the cycle at the last year of the calendar', () => {
    const before = lifeStats(parseDate('2030-01-01'), parseDate('2026-11-21'));
    expect(before.daysLived).toBeLessThan(0);
    expect(before.years).toBe(0);
    expect(before.galacticReturns).toBe(0);
    expect(before.nextBirthday).toEqual({ year: 2030, month: 1, day: 1 });
    expect(lifeCycleYears(parseDate('9990-05-05'))).toHaveLength(10);
    const last = lifeStats(parseDate('9990-05-05'), parseDate('9999-06-01'));
    expect(last.nextBirthday).toBeNull();
    expect(last.daysToNextBirthday).toBeNull();
  });
});
