import { assertValidDate, commonDayOfYear, formatDate, type PlainDate } from './date.ts';
import { type Castle, type Kin, kinRecord, languageTables, type Named } from './entities.ts';
import { castleOfKin, KIN_COUNT } from './kin.ts';
import { type MoonPhaseDay, moonPhaseOfDay } from './moon.ts';
import type { Language } from './names/index.ts';
import { type Heptad, heptadOf, type NewSiriusDate, newSiriusDate, psiKinOfDate } from './synchronometer.ts';

/** 2018-02-08 is Kin 1; one kin per Dreamspell day (29 February shares 28 February's kin). */
const ANCHOR_COUNT = 365 * 2018 + 38;
/** Added before the modulo so the count is never negative (any multiple of 260 above the anchor works). */
const KIN_OFFSET = KIN_COUNT * Math.ceil(ANCHOR_COUNT / KIN_COUNT) - ANCHOR_COUNT;
/** 26 July, the first day of the 13-moon year, as a 0-based day of a common year. */
const YEAR_START_DAY = 206;
const DAYS_IN_MOON = 28;

/** The Calendar date entity of the product: one day of the 13-moon calendar. */
export interface CalendarDay {
  /** YYYY-MM-DD */
  readonly date: string;
  readonly kin: Kin;
  readonly castle: Castle;
  /** The kin of the 26 July that opens this 13-moon year (the year bearer). */
  readonly yearKin: number;
  /** The Gregorian year of that 26 July: 2025 for the year 2025-26. */
  readonly yearStart: number;
  /** 1 on 26 July, 365 on the Day Out of Time; 29 February shares 28 February's day. */
  readonly dayOfYear: number;
  /** 1-13; null on the Day Out of Time and on 0.0 Hunab Ku, as are day, dayOfWeek, week and plasma. */
  readonly moon: number | null;
  readonly moonName: string | null;
  /** Day of the moon, 1-28. */
  readonly day: number | null;
  /** 1-7, Dali to Silio. */
  readonly dayOfWeek: number | null;
  /** The radial plasma of the day of the week. */
  readonly radialPlasma: Named | null;
  /** Week of the moon 1-4: red, white, blue, yellow. */
  readonly week: number | null;
  /** 25 July. */
  readonly isDayOutOfTime: boolean;
  /** 29 February: 0.0 Hunab Ku. */
  readonly isHunabKu: boolean;
  /** The PSI chrono kin of the day; null on the Day Out of Time. 29 February shares 28 February's, as it shares its kin. */
  readonly psiKin: Named | null;
  /** "NS1.38.5.11": New Sirius cycle, year of the cycle, moon, day; moon and day 0 outside the moons. */
  readonly newSirius: NewSiriusDate;
  /** The week of the year and the gate of the day's plasma; null on the Day Out of Time and on 0.0 Hunab Ku. */
  readonly heptad: Heptad | null;
  /** The Moon in the sky at noon UTC: phase image 1-30, age, named phase, next new and full moon dates (UTC). */
  readonly moonPhase: MoonPhaseDay;
}

/** Kin number (1-260) of a date, computed in O(1). The date must be valid (see assertValidDate). */
export function kinNumberOfDate(year: number, month: number, day: number): number {
  return ((365 * year + commonDayOfYear(month, day) + KIN_OFFSET) % KIN_COUNT) + 1;
}

/** The kin of a date. Throws a CalendarError for an invalid or out-of-range date. */
export function kinOfDate(date: PlainDate): number {
  assertValidDate(date.year, date.month, date.day);
  return kinNumberOfDate(date.year, date.month, date.day);
}

/** The Gregorian year whose 26 July opens the 13-moon year of a date. */
export function yearStartOfDate(date: PlainDate): number {
  return commonDayOfYear(date.month, date.day) >= YEAR_START_DAY ? date.year : date.year - 1;
}

/** The year bearer: the kin of 26 July of a Gregorian year. */
export function yearKinOf(yearStart: number): number {
  return ((365 * yearStart + YEAR_START_DAY + KIN_OFFSET) % KIN_COUNT) + 1;
}

/** The PSI kins as `{ number, name }`, one frozen record per kin and language, shared by the day records. */
const psiRecords: Partial<Record<Language, (Named | undefined)[]>> = {};

function psiRecord(kin: number, lang: Language): Named {
  let records = psiRecords[lang];
  if (records === undefined) {
    records = new Array<Named | undefined>(KIN_COUNT);
    psiRecords[lang] = records;
  }
  let record = records[kin - 1];
  if (record === undefined) {
    record = Object.freeze({ number: kin, name: kinRecord(kin, lang).name });
    records[kin - 1] = record;
  }
  return record;
}

/** The full record of one day: the work of every matrix page. O(1), no Date objects, no loops. */
export function calendarDay(date: PlainDate, lang: Language = 'ru'): CalendarDay {
  const { year, month, day } = date;
  assertValidDate(year, month, day);
  const tables = languageTables(lang);
  const commonDay = commonDayOfYear(month, day);
  const kinNumber = ((365 * year + commonDay + KIN_OFFSET) % KIN_COUNT) + 1;
  const yearStart = commonDay >= YEAR_START_DAY ? year : year - 1;
  const daysIntoYear = commonDay >= YEAR_START_DAY ? commonDay - YEAR_START_DAY : commonDay + 365 - YEAR_START_DAY;
  const isHunabKu = month === 2 && day === 29;
  const isDayOutOfTime = daysIntoYear === 364;
  const inMoon = !isHunabKu && !isDayOutOfTime;
  const moon = inMoon ? Math.floor(daysIntoYear / DAYS_IN_MOON) + 1 : null;
  const dayOfMoon = inMoon ? (daysIntoYear % DAYS_IN_MOON) + 1 : null;
  const dayOfWeek = dayOfMoon === null ? null : ((dayOfMoon - 1) % 7) + 1;
  const psiKin = psiKinOfDate(date);
  return {
    date: formatDate(date),
    kin: kinRecord(kinNumber, lang),
    castle: tables.castles[castleOfKin(kinNumber) - 1] as Castle,
    yearKin: ((365 * yearStart + YEAR_START_DAY + KIN_OFFSET) % KIN_COUNT) + 1,
    yearStart,
    dayOfYear: daysIntoYear + 1,
    moon,
    moonName: moon === null ? null : (tables.moons[moon - 1] ?? null),
    day: dayOfMoon,
    dayOfWeek,
    radialPlasma: dayOfWeek === null ? null : (tables.radialPlasmas[dayOfWeek - 1] ?? null),
    week: dayOfMoon === null ? null : Math.floor((dayOfMoon - 1) / 7) + 1,
    isDayOutOfTime,
    isHunabKu,
    psiKin: psiKin === null ? null : psiRecord(psiKin, lang),
    newSirius: newSiriusDate(yearStart, moon, dayOfMoon),
    heptad: moon === null || dayOfMoon === null ? null : heptadOf(moon, dayOfMoon),
    moonPhase: moonPhaseOfDay(date),
  };
}
