import { describe, expect, it } from 'vitest';
import {
  CalendarError,
  calendarDay,
  kinEntity,
  oracleOfKin,
  parseDate,
  plainDate,
  runeOfDay,
  toneDayCycleNumber,
} from '../src/index.ts';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CalendarError);
    return (error as CalendarError).code;
  }
  throw new Error('expected a CalendarError');
}

describe('bad input', () => {
  it.each(['not a date', '2023-2-3', '2023-02-30', '2023-13-01', '2023-00-10', '', '2023-02-29', ' 2023-01-01'])(
    'refuses %j as an invalid date',
    (text) => {
      expect(codeOf(() => parseDate(text))).toBe('INVALID_DATE');
    },
  );

  it.each(['0999-12-31', '10000-01-01', '0001-01-01'])('refuses %s as out of range', (text) => {
    expect(codeOf(() => parseDate(text))).toBe('DATE_OUT_OF_RANGE');
  });

  it('reads the error message', () => {
    expect(() => parseDate('2023-02-30')).toThrow('Invalid date: 2023-02-30 does not exist.');
    expect(() => plainDate(999, 1, 1)).toThrow(/between 1000 and 9999/);
  });

  it.each([0, 261, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses kin %s', (kin) => {
    expect(() => kinEntity(kin)).toThrow('Invalid kin number. Must be between 1 and 260.');
    expect(codeOf(() => oracleOfKin(kin))).toBe('INVALID_KIN');
  });

  it('refuses fractional and out-of-range dates in the day record', () => {
    expect(codeOf(() => calendarDay({ year: 2020, month: 1.5, day: 1 }))).toBe('INVALID_DATE');
    expect(codeOf(() => calendarDay({ year: 10000, month: 1, day: 1 }))).toBe('DATE_OUT_OF_RANGE');
  });

  it('refuses a tone of 0 or a day of the moon of 29', () => {
    expect(codeOf(() => toneDayCycleNumber(0))).toBe('INVALID_TONE');
    expect(codeOf(() => runeOfDay(29))).toBe('INVALID_DAY_OF_MOON');
  });

  it('refuses an unknown language', () => {
    // @ts-expect-error a language the product does not have
    expect(codeOf(() => kinEntity(1, 'fr'))).toBe('INVALID_LANGUAGE');
  });
});
