import { describe, expect, it } from 'vitest';
import { calendarDay, formatDate, lastDayOfCycle, parseDate, toneOfKin } from '../src/index.ts';

const last = (date: string, cycle: Parameters<typeof lastDayOfCycle>[1]) =>
  formatDate(lastDayOfCycle(parseDate(date), cycle));

describe('the last day of a cycle', () => {
  it('ends a wavespell on its tone 13 and a spin on kin 260', () => {
    expect(toneOfKin(calendarDay(parseDate(last('2026-11-24', 'wavespell'))).kin.number)).toBe(13);
    expect(calendarDay(parseDate(last('2026-11-24', 'spin'))).kin.number).toBe(260);
    expect(last('2018-02-08', 'spin')).toBe('2018-10-25');
  });

  it('ends a moon on its day 28 and a year on 25 July', () => {
    expect(last('2026-07-26', 'moon')).toBe('2026-08-22');
    expect(calendarDay(parseDate(last('2026-11-24', 'moon'))).day).toBe(28);
    expect(last('2026-11-24', 'year')).toBe('2027-07-25');
    expect(last('2027-07-25', 'moon')).toBe('2027-07-25');
  });

  it('steps over 29 February as the kin count does', () => {
    expect(last('2028-02-29', 'wavespell')).toBe(last('2028-02-28', 'wavespell'));
    expect(last('2028-02-29', 'moon')).toBe(last('2028-02-28', 'moon'));
  });
});
