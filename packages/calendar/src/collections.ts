import {
  addDreamspellDays,
  assertValidDate,
  dateOfDreamspellDayCount,
  dreamspellDayCount,
  formatDate,
  MAX_YEAR,
  MIN_YEAR,
  type PlainDate,
} from './date.ts';
import { calendarDay } from './day.ts';
import { type Kin, kinEntity, kinTable, type Named } from './entities.ts';
import { CalendarError } from './errors.ts';
import { SEAL_COUNT, TONE_COUNT, toneOfKin, WAVESPELL_COUNT } from './kin.ts';
import { calendarNames, type Language } from './names/index.ts';

/** One day of a collection: the date and its kin. */
export interface DatedKin {
  readonly date: string;
  readonly kin: Kin;
}

function datedKin(date: PlainDate, lang: Language): DatedKin {
  return { date: formatDate(date), kin: calendarDay(date, lang).kin };
}

export interface WaveSpellDays {
  readonly waveSpell: Named;
  /** The 13 days, tone 1 to 13; 29 February is stepped over (it repeats 28 February's kin). */
  readonly days: readonly DatedKin[];
}

/** The 13 days of the wavespell a date belongs to. */
export function waveSpellOfDate(date: PlainDate, lang: Language = 'ru'): WaveSpellDays {
  const kin = calendarDay(date, lang).kin;
  const start = addDreamspellDays(date, 1 - toneOfKin(kin.number));
  const days: DatedKin[] = [];
  for (let i = 0; i < TONE_COUNT; i++) days.push(datedKin(addDreamspellDays(start, i), lang));
  return { waveSpell: kin.waveSpell, days };
}

export interface MoonDays {
  readonly moon: Named;
  readonly totem: string;
  /** The Gregorian year whose 26 July opens this 13-moon year. */
  readonly yearStart: number;
  /** The 28 days, Dali of week 1 to Silio of week 4. */
  readonly days: readonly DatedKin[];
}

function moonDays(yearStart: number, moon: number, lang: Language): MoonDays {
  const names = calendarNames(lang);
  const first = dateOfDreamspellDayCount(365 * yearStart + 206 + 28 * (moon - 1));
  const days: DatedKin[] = [];
  for (let i = 0; i < 28; i++) days.push(datedKin(addDreamspellDays(first, i), lang));
  return {
    moon: { number: moon, name: names.moons[moon - 1] ?? '' },
    totem: names.totems[moon - 1] ?? '',
    yearStart,
    days,
  };
}

/**
 * The 28 days of the moon of a date. 29 February shows the Galactic Moon around it; the Day Out of Time,
 * which belongs to no moon, shows the Cosmic Moon it closes.
 */
export function moonOfDate(date: PlainDate, lang: Language = 'ru'): MoonDays {
  const record = calendarDay(date, lang);
  if (record.isDayOutOfTime) return moonDays(record.yearStart, 13, lang);
  const moon = record.moon ?? Math.floor((record.dayOfYear - 1) / 28) + 1;
  return moonDays(record.yearStart, moon, lang);
}

export interface YearMoon {
  readonly number: number;
  readonly name: string;
  readonly totem: string;
  /** First and last Gregorian date of the moon (29 February, when inside, is not counted). */
  readonly start: string;
  readonly end: string;
}

export interface ThirteenMoonYear {
  readonly yearStart: number;
  /** The year bearer: the kin of the opening 26 July. */
  readonly yearKin: Kin;
  readonly moons: readonly YearMoon[];
  readonly dayOutOfTime: string;
}

/** The 13 moons of the 13-moon year opening on 26 July of `yearStart`. */
export function thirteenMoonYear(yearStart: number, lang: Language = 'ru'): ThirteenMoonYear {
  if (!Number.isInteger(yearStart) || yearStart < MIN_YEAR || yearStart >= MAX_YEAR) {
    throw new CalendarError(
      'DATE_OUT_OF_RANGE',
      `Year out of range: 13-moon years start from ${MIN_YEAR} to ${MAX_YEAR - 1}.`,
    );
  }
  const names = calendarNames(lang);
  const opening = 365 * yearStart + 206;
  const moons: YearMoon[] = [];
  for (let moon = 1; moon <= 13; moon++) {
    const first = opening + 28 * (moon - 1);
    moons.push({
      number: moon,
      name: names.moons[moon - 1] ?? '',
      totem: names.totems[moon - 1] ?? '',
      start: formatDate(dateOfDreamspellDayCount(first)),
      end: formatDate(dateOfDreamspellDayCount(first + 27)),
    });
  }
  const openingDate = dateOfDreamspellDayCount(opening);
  return {
    yearStart,
    yearKin: calendarDay(openingDate, lang).kin,
    moons,
    dayOutOfTime: formatDate(dateOfDreamspellDayCount(opening + 364)),
  };
}

/** The Tzolkin as 20 rows (seals) of 13 columns: rows[r][c] is kin 20c + r + 1. */
export function tzolkinGrid(lang: Language = 'ru'): readonly (readonly Kin[])[] {
  const kins = kinTable(lang);
  const rows: Kin[][] = [];
  for (let row = 0; row < SEAL_COUNT; row++) {
    const cells: Kin[] = [];
    for (let column = 0; column < TONE_COUNT; column++) cells.push(kins[column * SEAL_COUNT + row] as Kin);
    rows.push(cells);
  }
  return rows;
}

/** The 13 kins of a wavespell by number (1-20), without dates. */
export function waveSpellKins(waveSpell: number, lang: Language = 'ru'): readonly Kin[] {
  if (!Number.isInteger(waveSpell) || waveSpell < 1 || waveSpell > WAVESPELL_COUNT) {
    throw new CalendarError('INVALID_WAVESPELL', `Invalid wavespell number. Must be between 1 and ${WAVESPELL_COUNT}.`);
  }
  return Array.from({ length: TONE_COUNT }, (_, i) => kinEntity((waveSpell - 1) * TONE_COUNT + i + 1, lang));
}

/** The nearest date on or after `from` (in Dreamspell days) whose kin is `kin`. */
export function nextDateOfKin(from: PlainDate, kin: number): PlainDate {
  assertValidDate(from.year, from.month, from.day);
  const current = kinEntity(kin).number;
  const here = calendarDay(from).kin.number;
  const ahead = (current - here + 260) % 260;
  return dateOfDreamspellDayCount(dreamspellDayCount(from) + ahead);
}
