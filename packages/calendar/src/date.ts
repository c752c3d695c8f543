import { CalendarError } from './errors.ts';

/** A plain calendar date in the proleptic Gregorian calendar: no time, no zone. */
export interface PlainDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;
export const MIN_DATE = '1000-01-01';
export const MAX_DATE = '9999-12-31';

/** Days before each month in a common year, and days in each month of a common year. */
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334] as const;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Month and day of each 0-based day of a common year, for turning a Dreamspell day count back into a date. */
const MONTH_OF_COMMON_DAY = new Uint8Array(365);
const DAY_OF_COMMON_DAY = new Uint8Array(365);
for (let m = 0; m < 12; m++) {
  for (let d = 0; d < (DAYS_IN_MONTH[m] as number); d++) {
    const index = (DAYS_BEFORE_MONTH[m] as number) + d;
    MONTH_OF_COMMON_DAY[index] = m + 1;
    DAY_OF_COMMON_DAY[index] = d + 1;
  }
}

const TWO_DIGITS: readonly string[] = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));
/** "-MM-DD" by month * 32 + day, so formatting a date is one concatenation. */
const MONTH_DAY_SUFFIX: readonly string[] = Array.from(
  { length: 13 * 32 },
  (_, i) => `-${TWO_DIGITS[Math.floor(i / 32)]}-${TWO_DIGITS[i % 32]}`,
);

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** Throws a CalendarError unless year, month and day form a real date from 1000-01-01 to 9999-12-31. */
export function assertValidDate(year: number, month: number, day: number): void {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) {
    throw new CalendarError('INVALID_DATE', 'Invalid date: year, month and day must be whole numbers.');
  }
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new CalendarError(
      'DATE_OUT_OF_RANGE',
      `Date out of range: the year must be between ${MIN_YEAR} and ${MAX_YEAR}.`,
    );
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new CalendarError(
      'INVALID_DATE',
      `Invalid date: ${year}-${TWO_DIGITS[month] ?? month}-${TWO_DIGITS[day] ?? day} does not exist.`,
    );
  }
}

export function plainDate(year: number, month: number, day: number): PlainDate {
  assertValidDate(year, month, day);
  return { year, month, day };
}

const ISO_DATE = /^(\d+)-(\d{2})-(\d{2})$/;

/** Parses exactly YYYY-MM-DD (the only form the product accepts) into a validated PlainDate. */
export function parseDate(text: string): PlainDate {
  if (typeof text !== 'string') {
    throw new CalendarError('INVALID_DATE', 'Invalid date: expected text in the form YYYY-MM-DD.');
  }
  const match = ISO_DATE.exec(text);
  if (!match) {
    throw new CalendarError('INVALID_DATE', `Invalid date: "${text.slice(0, 40)}" is not in the form YYYY-MM-DD.`);
  }
  const [, y = '', m = '', d = ''] = match;
  if (y.length !== 4) {
    throw new CalendarError('DATE_OUT_OF_RANGE', `Date out of range: dates run from ${MIN_DATE} to ${MAX_DATE}.`);
  }
  return plainDate(Number(y), Number(m), Number(d));
}

/** True when `text` is a valid YYYY-MM-DD date within the supported range. */
export function isValidDateText(text: string): boolean {
  try {
    parseDate(text);
    return true;
  } catch {
    return false;
  }
}

export function formatDate(date: PlainDate): string {
  const year = date.year;
  let text = YEAR_TEXT[year];
  if (text === undefined) {
    text = String(year);
    if (year >= 0 && year <= 9999) YEAR_TEXT[year] = text;
  }
  return text + MONTH_DAY_SUFFIX[date.month * 32 + date.day];
}

/** The years 0-9999 as text, made when first formatted: a day and its moon dates share their year's. */
const YEAR_TEXT: (string | undefined)[] = new Array(10_000);

/** Zero-based day of a common year; 29 February shares 28 February's day (58). */
export function commonDayOfYear(month: number, day: number): number {
  return (DAYS_BEFORE_MONTH[month - 1] as number) + day - (month === 2 && day === 29 ? 2 : 1);
}

/**
 * The Dreamspell day count: 365 days to every year, 29 February sharing 28 February's count.
 * Kins, moons and wavespells advance one step per unit of this count.
 */
export function dreamspellDayCount(date: PlainDate): number {
  return 365 * date.year + commonDayOfYear(date.month, date.day);
}

/** The date of a Dreamspell day count; never 29 February. */
export function dateOfDreamspellDayCount(count: number): PlainDate {
  const year = Math.floor(count / 365);
  const index = count - year * 365;
  return { year, month: MONTH_OF_COMMON_DAY[index] as number, day: DAY_OF_COMMON_DAY[index] as number };
}

/** Days since 1970-01-01 in the proleptic Gregorian calendar (civil day number). */
export function dayNumber(date: PlainDate): number {
  const y = date.month <= 2 ? date.year - 1 : date.year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = date.month > 2 ? date.month - 3 : date.month + 9;
  const dayOfShiftedYear = Math.floor((153 * shiftedMonth + 2) / 5) + date.day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfShiftedYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The date of a civil day number (inverse of dayNumber). */
export function dateOfDayNumber(days: number): PlainDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfShiftedYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfShiftedYear + 2) / 153);
  const day = dayOfShiftedYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function assertInRange(date: PlainDate): PlainDate {
  if (date.year < MIN_YEAR || date.year > MAX_YEAR) {
    throw new CalendarError('DATE_OUT_OF_RANGE', `Date out of range: dates run from ${MIN_DATE} to ${MAX_DATE}.`);
  }
  return date;
}

/** Moves a date by whole calendar days (29 February is a day like any other). */
export function addDays(date: PlainDate, days: number): PlainDate {
  return assertInRange(dateOfDayNumber(dayNumber(date) + days));
}

/** Moves a date by Dreamspell days: 29 February is stepped over, as the kin count does. */
export function addDreamspellDays(date: PlainDate, days: number): PlainDate {
  return assertInRange(dateOfDreamspellDayCount(dreamspellDayCount(date) + days));
}

/** The local calendar date of an instant (the user's "today"); only for reading the clock, never for arithmetic. */
export function localDateOf(instant: Date): PlainDate {
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

export function today(): PlainDate {
  return localDateOf(new Date());
}

export function compareDates(a: PlainDate, b: PlainDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
