import { commonDayOfYear, type PlainDate } from './date.ts';
import { CalendarError } from './errors.ts';
import { GALACTIC_PORTALS, KIN_COUNT, mod, oracleOfKin } from './kin.ts';

/**
 * The synchronometer's values beyond the oracle: the PSI chrono kin of a day, the fifth-force kin of an oracle,
 * the harmonic and chromatic of a kin, the New Sirius date and the heptad of a day. Each is a formula or a small
 * table; the rules and their sources are in packages/calendar/SYNCHRONOMETER.md.
 */

const DAYS_IN_MOON = 28;
const MOONS = 13;
/** 26 July, the first day of the 13-moon year, as a 0-based day of a common year. */
const YEAR_START_DAY = 206;
/** 26 July 1987 opens the New Sirius cycle 1, year 0; a cycle is 52 13-moon years. */
export const NEW_SIRIUS_EPOCH = 1987;
export const NEW_SIRIUS_CYCLE_YEARS = 52;

/**
 * The portal kins of the PSI bank, one pair for each moon: the Galactic Activation Portals of the left half of the
 * Tzolkin (kins 1-130), column by column and in each column from the outside in. Their mirror pairs (261 - kin)
 * close the moon.
 */
const PORTAL_PAIRS: readonly (readonly [number, number])[] = (() => {
  const pairs: [number, number][] = [];
  for (let column = 0; column < 7; column++) {
    const inColumn = GALACTIC_PORTALS.filter((kin) => kin > column * 20 && kin <= column * 20 + 20 && kin <= 130);
    for (let i = 0; i < inColumn.length / 2; i++) {
      pairs.push([inColumn[i] as number, inColumn[inColumn.length - 1 - i] as number]);
    }
  }
  return pairs;
})();

/**
 * The PSI bank as 364 kins, by 0-based day of the 13-moon year. In each moon days 1-3 and 4-6 hold its two portal
 * kins, days 23-25 and 26-28 their mirrors, and days 7-22 the next sixteen of the 208 kins that are not portals, in
 * order: every portal three times, every other kin once.
 */
const PSI_BANK: Uint16Array = (() => {
  const portals = new Set(GALACTIC_PORTALS);
  const others: number[] = [];
  for (let kin = 1; kin <= KIN_COUNT; kin++) if (!portals.has(kin)) others.push(kin);
  const bank = new Uint16Array(MOONS * DAYS_IN_MOON);
  for (let moon = 0; moon < MOONS; moon++) {
    const [first, second] = PORTAL_PAIRS[moon] as readonly [number, number];
    for (let day = 0; day < DAYS_IN_MOON; day++) {
      let kin: number;
      if (day < 3) kin = first;
      else if (day < 6) kin = second;
      else if (day < 22) kin = others[moon * 16 + day - 6] as number;
      else if (day < 25) kin = KIN_COUNT + 1 - second;
      else kin = KIN_COUNT + 1 - first;
      bank[moon * DAYS_IN_MOON + day] = kin;
    }
  }
  return bank;
})();

function assertMoonDay(moon: number, day: number): void {
  if (!Number.isInteger(moon) || moon < 1 || moon > MOONS) {
    throw new CalendarError('INVALID_MOON', 'Invalid moon number. Must be between 1 and 13.');
  }
  if (!Number.isInteger(day) || day < 1 || day > DAYS_IN_MOON) {
    throw new CalendarError('INVALID_DAY_OF_MOON', 'Invalid day of the moon. Must be between 1 and 28.');
  }
}

/** The PSI chrono kin of a day of the 13 moons (moon 1-13, day 1-28). */
export function psiKinOfMoonDay(moon: number, day: number): number {
  assertMoonDay(moon, day);
  return PSI_BANK[(moon - 1) * DAYS_IN_MOON + day - 1] as number;
}

/**
 * The PSI chrono kin of a date: none (null) on the Day Out of Time, which the bank leaves out; 29 February takes
 * 28 February's, as it takes its kin. O(1); the date is not checked.
 */
export function psiKinOfDate(date: PlainDate): number | null {
  const commonDay = commonDayOfYear(date.month, date.day);
  const intoYear = commonDay >= YEAR_START_DAY ? commonDay - YEAR_START_DAY : commonDay + 365 - YEAR_START_DAY;
  return intoYear === 364 ? null : (PSI_BANK[intoYear] as number);
}

/** The fifth-force (Goddess) kin of a kin's oracle: its five kins (destiny, guide, analog, antipode, occult) added round the 260. */
export function fifthForceKin(kin: number): number {
  const oracle = oracleOfKin(kin);
  return mod(kin + oracle.guide + oracle.analog + oracle.antipod + oracle.occult - 1, KIN_COUNT) + 1;
}

export const HARMONIC_COUNT = 65;
export const CHROMATIC_COUNT = 52;

/** Where a kin stands among the 65 harmonics of four kins. */
export interface Harmonic {
  /** 1-65: kins 1-4 are harmonic 1, kins 257-260 harmonic 65. */
  readonly number: number;
  /** The time cell of the harmonic, 1-5: input, store, process, output, matrix (the seal quartet it holds). */
  readonly timeCell: number;
  /** The kin's place in its harmonic, 1-4, which is its colour: red initiates, white refines, blue transforms, yellow ripens. */
  readonly stage: number;
}

/** Where a kin stands among the 52 chromatics of five kins. */
export interface Chromatic {
  /** 1-52: chromatic 1 opens with kin 260 (Yellow Cosmic Sun) and holds kins 260, 1, 2, 3, 4. */
  readonly number: number;
  /** The clan of the chromatic's five seals, 1-4: fire (yellow), blood (red), truth (white), sky (blue). */
  readonly clan: number;
  /** The kin's place in its chromatic, 1-5: 1 the entry, 2-4 the passage, 5 the exit, of the entry's colour. */
  readonly stage: number;
}

export function harmonicOfKin(kin: number): Harmonic {
  const number = Math.floor((kin - 1) / 4) + 1;
  return { number, timeCell: ((number - 1) % 5) + 1, stage: ((kin - 1) % 4) + 1 };
}

export function chromaticOfKin(kin: number): Chromatic {
  const number = (Math.floor(kin / 5) % CHROMATIC_COUNT) + 1;
  return { number, clan: ((number - 1) % 4) + 1, stage: (kin % 5) + 1 };
}

/** The four (harmonic) or five (chromatic) kins of a group, in order. */
export function harmonicKins(harmonic: number): readonly number[] {
  if (!Number.isInteger(harmonic) || harmonic < 1 || harmonic > HARMONIC_COUNT) {
    throw new CalendarError('INVALID_KIN', `Invalid harmonic number. Must be between 1 and ${HARMONIC_COUNT}.`);
  }
  return [1, 2, 3, 4].map((i) => (harmonic - 1) * 4 + i);
}

export function chromaticKins(chromatic: number): readonly number[] {
  if (!Number.isInteger(chromatic) || chromatic < 1 || chromatic > CHROMATIC_COUNT) {
    throw new CalendarError('INVALID_KIN', `Invalid chromatic number. Must be between 1 and ${CHROMATIC_COUNT}.`);
  }
  return [0, 1, 2, 3, 4].map((i) => mod(chromatic * 5 - 6 + i, KIN_COUNT) + 1);
}

/** The New Sirius date of a day: cycle, year of the cycle, moon and day ("NS1.38.5.11"). */
export interface NewSiriusDate {
  /** 1 for the 13-moon years opened from 26 July 1987 to 26 July 2038; 0 and below before, 2 from 2039. */
  readonly cycle: number;
  /** The 13-moon year within the cycle, 0-51: 38 for the year opened on 26 July 2025. */
  readonly year: number;
  /** 1-13; 0 on the Day Out of Time and on 0.0 Hunab Ku (29 February), as is the day. */
  readonly moon: number;
  readonly day: number;
  /** "NS1.38.5.11"; the Day Out of Time of that year is "NS1.38.0.0". */
  readonly text: string;
}

/** "moon.day" of every place of the year, "0.0" first: the end of each New Sirius text, made once. */
const MOON_DAY_TEXT: readonly string[] = [
  '0.0',
  ...Array.from(
    { length: MOONS * DAYS_IN_MOON },
    (_, i) => `${Math.floor(i / DAYS_IN_MOON) + 1}.${(i % DAYS_IN_MOON) + 1}`,
  ),
];
/** "NS1.38." by the Gregorian year of the opening 26 July, made when first needed. */
const yearPrefixes = new Map<number, string>();

/** The New Sirius date of a day from its opening 26 July's Gregorian year and its moon and day (null outside the moons). */
export function newSiriusDate(yearStart: number, moon: number | null, day: number | null): NewSiriusDate {
  const years = yearStart - NEW_SIRIUS_EPOCH;
  const cycle = Math.floor(years / NEW_SIRIUS_CYCLE_YEARS) + 1;
  const year = mod(years, NEW_SIRIUS_CYCLE_YEARS);
  const m = moon ?? 0;
  const d = day ?? 0;
  let prefix = yearPrefixes.get(yearStart);
  if (prefix === undefined) {
    prefix = `NS${cycle}.${year}.`;
    if (yearPrefixes.size < 10_000) yearPrefixes.set(yearStart, prefix);
  }
  const place = m === 0 ? 0 : (m - 1) * DAYS_IN_MOON + d;
  return { cycle, year, moon: m, day: d, text: prefix + (MOON_DAY_TEXT[place] ?? `${m}.${d}`) };
}

/**
 * The gate numbers of the seven heptad gates, Dali to Silio, one for each radial plasma: the Hunab Ku 21 numbers
 * of the plasmas' places in the 441 matrix.
 */
export const HEPTAD_GATES: readonly number[] = [108, 291, 144, 315, 414, 402, 441];

/** The heptad (week) of a day and the gate its plasma opens. */
export interface Heptad {
  /** The week of the 13-moon year, 1-52. */
  readonly number: number;
  /** The week of the moon, 1-4 (red, white, blue, yellow). */
  readonly weekOfMoon: number;
  /** The day's place in its week, 1-7, which is its radial plasma (Dali to Silio). */
  readonly dayOfWeek: number;
  /** The gate number of the day's plasma (108, 291, 144, 315, 414, 402, 441). */
  readonly gate: number;
}

/** The 364 heptads of the year's days, built once and frozen: a day record shares its day's. */
const HEPTADS: readonly Heptad[] = Array.from({ length: MOONS * DAYS_IN_MOON }, (_, i) => {
  const day = (i % DAYS_IN_MOON) + 1;
  const weekOfMoon = Math.floor((day - 1) / 7) + 1;
  const dayOfWeek = ((day - 1) % 7) + 1;
  return Object.freeze({
    number: Math.floor(i / DAYS_IN_MOON) * 4 + weekOfMoon,
    weekOfMoon,
    dayOfWeek,
    gate: HEPTAD_GATES[dayOfWeek - 1] as number,
  });
});

/** The heptad of a day of the moons (moon 1-13, day 1-28). */
export function heptadOf(moon: number, day: number): Heptad {
  assertMoonDay(moon, day);
  return HEPTADS[(moon - 1) * DAYS_IN_MOON + day - 1] as Heptad;
}
