import { nextDateOfKin } from './collections.ts';
import { dayNumber, dreamspellDayCount, formatDate, isLeapYear, MAX_YEAR, type PlainDate } from './date.ts';
import { calendarDay } from './day.ts';
import { KIN_COUNT } from './kin.ts';

/** The kin of a birthday returns to the birth kin every 52 years: 52 × 365 = 73 × 260. */
export const LIFE_CYCLE_YEARS = 52;

/** The birthday in `year`: 29 February is kept on 28 February in common years, where it shares the kin. */
export function birthdayIn(birth: PlainDate, year: number): PlainDate {
  const leapDay = birth.month === 2 && birth.day === 29;
  return { year, month: birth.month, day: leapDay && !isLeapYear(year) ? 28 : birth.day };
}

/** The last birthday on or before `on`. */
export function lastBirthday(birth: PlainDate, on: PlainDate): PlainDate {
  const thisYear = birthdayIn(birth, on.year);
  return formatDate(thisYear) <= formatDate(on) ? thisYear : birthdayIn(birth, on.year - 1);
}

export interface LifeStats {
  /** Calendar days from the birth date to `on` (negative before birth). */
  daysLived: number;
  /** Completed 13-moon years: birthdays passed. */
  years: number;
  /** Completed rounds of 260 kins, counted in Dreamspell days. */
  galacticReturns: number;
  /** Completed wavespells (13 Dreamspell days each). */
  wavespells: number;
  /** Completed moons (28 Dreamspell days each). */
  moons: number;
  /** The next day, from `on`, that carries the birth kin. */
  nextReturn: PlainDate;
  daysToNextReturn: number;
  /** The next birthday after `on` (null past the calendar's last year). */
  nextBirthday: PlainDate | null;
  daysToNextBirthday: number | null;
  /** How far into the current 52-year cycle of birthday kins `on` falls (0 to 51). */
  lifeCycleYear: number;
}

/** Counts of a life in the cycles of the calendar, on a given day. */
export function lifeStats(birth: PlainDate, on: PlainDate): LifeStats {
  const daysLived = dayNumber(on) - dayNumber(birth);
  const dreamspellDays = dreamspellDayCount(on) - dreamspellDayCount(birth);
  const past = dreamspellDays >= 0;
  const years = past ? lastBirthday(birth, on).year - birth.year : 0;
  const nextReturn = nextDateOfKin(on, calendarDay(birth).kin.number);
  const upcoming = birthdayIn(birth, lastBirthday(birth, on).year + 1);
  const nextBirthday = past ? (upcoming.year <= MAX_YEAR ? upcoming : null) : birthdayIn(birth, birth.year);
  return {
    daysLived,
    years,
    galacticReturns: past ? Math.floor(dreamspellDays / KIN_COUNT) : 0,
    wavespells: past ? Math.floor(dreamspellDays / 13) : 0,
    moons: past ? Math.floor(dreamspellDays / 28) : 0,
    nextReturn,
    daysToNextReturn: dayNumber(nextReturn) - dayNumber(on),
    nextBirthday,
    daysToNextBirthday: nextBirthday ? dayNumber(nextBirthday) - dayNumber(on) : null,
    lifeCycleYear: years % LIFE_CYCLE_YEARS,
  };
}

export interface LifeYear {
  age: number;
  birthday: PlainDate;
  kin: number;
}

/** The birthdays of one 52-year cycle (ages `from` to `from` + 51) with the kin each year opens on. */
export function lifeCycleYears(birth: PlainDate, cycle = 0): LifeYear[] {
  const years: LifeYear[] = [];
  for (let offset = 0; offset < LIFE_CYCLE_YEARS; offset++) {
    const age = cycle * LIFE_CYCLE_YEARS + offset;
    if (birth.year + age > MAX_YEAR) break;
    const birthday = birthdayIn(birth, birth.year + age);
    years.push({ age, birthday, kin: calendarDay(birthday).kin.number });
  }
  return years;
}
