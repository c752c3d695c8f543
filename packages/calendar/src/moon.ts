import { dateOfDayNumber, dayNumber, formatDate, MAX_YEAR, type PlainDate } from './date.ts';
import { CalendarError } from './errors.ts';

/**
 * The Moon as it is in the sky: the true instants of new and full moon from the series of Jean Meeus,
 * Astronomical Algorithms (2nd ed., 1998), chapter 49 "Phases of the Moon", with all its periodic terms and the
 * fourteen planetary arguments. The series gives Terrestrial Time; ΔT (Espenak and Meeus, NASA's polynomial
 * expressions for ΔT) brings it to Universal Time. Accurate to a minute or so over the centuries around today,
 * which is far finer than the day-long phase images need. See packages/calendar/SYNCHRONOMETER.md.
 */

/** Julian Day of 1970-01-01 00:00 UTC, day number 0 of date.ts. */
const JD_UNIX_EPOCH = 2440587.5;
const DEG = Math.PI / 180;
/** The mean synodic month of the series, in days. */
export const SYNODIC_MONTH = 29.530588861;
/** Meeus 49.1: the mean new moon of k = 0 (2000-01-06), in Julian Ephemeris Days. */
const K0_JDE = 2451550.09766;
/** Largest zone offset a reader's clock can have, in minutes (UTC-12 to UTC+14). */
const MAX_OFFSET_MINUTES = 14 * 60;

/** ΔT = TT - UT in seconds for a decimal year (Espenak and Meeus polynomials, 500 to 3000 and the parabola beyond). */
export function deltaTSeconds(year: number): number {
  if (year < 1600) {
    const u = (year - 1000) / 100;
    return (
      1574.2 -
      556.01 * u +
      71.23472 * u ** 2 +
      0.319781 * u ** 3 -
      0.8503463 * u ** 4 -
      0.005050998 * u ** 5 +
      0.0083572073 * u ** 6
    );
  }
  if (year < 1700) {
    const t = year - 1600;
    return 120 - 0.9808 * t - 0.01532 * t ** 2 + t ** 3 / 7129;
  }
  if (year < 1800) {
    const t = year - 1700;
    return 8.83 + 0.1603 * t - 0.0059285 * t ** 2 + 0.00013336 * t ** 3 - t ** 4 / 1174000;
  }
  if (year < 1860) {
    const t = year - 1800;
    return (
      13.72 -
      0.332447 * t +
      0.0068612 * t ** 2 +
      0.0041116 * t ** 3 -
      0.00037436 * t ** 4 +
      0.0000121272 * t ** 5 -
      0.0000001699 * t ** 6 +
      0.000000000875 * t ** 7
    );
  }
  if (year < 1900) {
    const t = year - 1860;
    return 7.62 + 0.5737 * t - 0.251754 * t ** 2 + 0.01680668 * t ** 3 - 0.0004473624 * t ** 4 + t ** 5 / 233174;
  }
  if (year < 1920) {
    const t = year - 1900;
    return -2.79 + 1.494119 * t - 0.0598939 * t ** 2 + 0.0061966 * t ** 3 - 0.000197 * t ** 4;
  }
  if (year < 1941) {
    const t = year - 1920;
    return 21.2 + 0.84493 * t - 0.0761 * t ** 2 + 0.0020936 * t ** 3;
  }
  if (year < 1961) {
    const t = year - 1950;
    return 29.07 + 0.407 * t - t ** 2 / 233 + t ** 3 / 2547;
  }
  if (year < 1986) {
    const t = year - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (year < 2005) {
    const t = year - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * t ** 2 + 0.0017275 * t ** 3 + 0.000651814 * t ** 4 + 0.00002373599 * t ** 5;
  }
  if (year < 2050) {
    const t = year - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  const u = (year - 1820) / 100;
  if (year < 2150) return -20 + 32 * u ** 2 - 0.5628 * (2150 - year);
  return -20 + 32 * u ** 2;
}

/**
 * Periodic terms of Meeus table 49.A as [new-moon coefficient, full-moon coefficient, power of E, M, M', F, Ω]:
 * each adds coefficient × E^power × sin(a·M + b·M' + c·F + d·Ω) days to the mean phase.
 */
const PERIODIC_TERMS: readonly (readonly [number, number, number, number, number, number, number])[] = [
  [-0.4072, -0.40614, 0, 0, 1, 0, 0],
  [0.17241, 0.17302, 1, 1, 0, 0, 0],
  [0.01608, 0.01614, 0, 0, 2, 0, 0],
  [0.01039, 0.01043, 0, 0, 0, 2, 0],
  [0.00739, 0.00734, 1, -1, 1, 0, 0],
  [-0.00514, -0.00515, 1, 1, 1, 0, 0],
  [0.00208, 0.00209, 2, 2, 0, 0, 0],
  [-0.00111, -0.00111, 0, 0, 1, -2, 0],
  [-0.00057, -0.00057, 0, 0, 1, 2, 0],
  [0.00056, 0.00056, 1, 1, 2, 0, 0],
  [-0.00042, -0.00042, 0, 0, 3, 0, 0],
  [0.00042, 0.00042, 1, 1, 0, 2, 0],
  [0.00038, 0.00038, 1, 1, 0, -2, 0],
  [-0.00024, -0.00024, 1, -1, 2, 0, 0],
  [-0.00017, -0.00017, 0, 0, 0, 0, 1],
  [-0.00007, -0.00007, 0, 2, 1, 0, 0],
  [0.00004, 0.00004, 0, 0, 2, -2, 0],
  [0.00004, 0.00004, 0, 3, 0, 0, 0],
  [0.00003, 0.00003, 0, 1, 1, -2, 0],
  [0.00003, 0.00003, 0, 0, 2, 2, 0],
  [-0.00003, -0.00003, 0, 1, 1, 2, 0],
  [0.00003, 0.00003, 0, -1, 1, 2, 0],
  [-0.00002, -0.00002, 0, -1, 1, -2, 0],
  [-0.00002, -0.00002, 0, 1, 3, 0, 0],
  [0.00002, 0.00002, 0, 0, 4, 0, 0],
];

/** The fourteen planetary arguments of Meeus 49 as [constant, rate per lunation, coefficient]; A1 also has -0.009173 T². */
const PLANETARY_TERMS: readonly (readonly [number, number, number])[] = [
  [299.77, 0.107408, 0.000325],
  [251.88, 0.016321, 0.000165],
  [251.83, 26.651886, 0.000164],
  [349.42, 36.412478, 0.000126],
  [84.66, 18.206239, 0.00011],
  [141.74, 53.303771, 0.000062],
  [207.14, 2.453732, 0.00006],
  [154.84, 7.30686, 0.000056],
  [34.52, 27.261239, 0.000047],
  [207.19, 0.121824, 0.000042],
  [291.34, 1.844379, 0.00004],
  [161.72, 24.198154, 0.000037],
  [239.56, 25.513099, 0.000035],
  [331.55, 3.592518, 0.000023],
];

/** An angle in degrees as radians within one turn, so the sines below stay on their fast, exact path. */
function radians(degrees: number): number {
  return (degrees - 360 * Math.floor(degrees / 360)) * DEG;
}

/** The true instant of the phase of lunation `k` (whole for a new moon, + 0.5 for a full moon) in Julian Ephemeris Days. */
function truePhaseJde(k: number, full: boolean): number {
  const t = k / 1236.85;
  const t2 = t * t;
  const t3 = t2 * t;
  const t4 = t3 * t;
  const e = 1 - 0.002516 * t - 0.0000074 * t2;
  const m = radians(2.5534 + 29.1053567 * k - 0.0000014 * t2 - 0.00000011 * t3);
  const mp = radians(201.5643 + 385.81693528 * k + 0.0107582 * t2 + 0.00001238 * t3 - 0.000000058 * t4);
  const f = radians(160.7108 + 390.67050284 * k - 0.0016118 * t2 - 0.00000227 * t3 + 0.000000011 * t4);
  const omega = radians(124.7746 - 1.56375588 * k + 0.0020672 * t2 + 0.00000215 * t3);
  let jde = K0_JDE + SYNODIC_MONTH * k + 0.00015437 * t2 - 0.00000015 * t3 + 0.00000000073 * t4;
  const column = full ? 1 : 0;
  for (const term of PERIODIC_TERMS) {
    const power = term[2];
    const factor = power === 0 ? 1 : power === 1 ? e : e * e;
    jde += term[column] * factor * Math.sin(term[3] * m + term[4] * mp + term[5] * f + term[6] * omega);
  }
  jde += 0.000325 * Math.sin(radians(299.77 + 0.107408 * k - 0.009173 * t2));
  for (let i = 1; i < PLANETARY_TERMS.length; i++) {
    const [constant, rate, coefficient] = PLANETARY_TERMS[i] as readonly [number, number, number];
    jde += coefficient * Math.sin(radians(constant + rate * k));
  }
  return jde;
}

/** Universal Time (as a Julian Day) of a Julian Ephemeris Day near lunation k. */
function toUniversalTime(jde: number, k: number): number {
  return jde - deltaTSeconds(2000 + k / 12.3685) / 86400;
}

/**
 * Lunations already computed, in blocks of 256 made on first use, each lunation's new and full moon side by side.
 * An instant is kept as its distance from the mean phase, in days, as a 32-bit float: the true phase strays less
 * than a day from the mean one, so the float holds it to a few milliseconds, and every lunation of the calendar's
 * years (1000-9999, about 111,000) fits in under a megabyte, half what whole Julian Days would take. A day needs
 * three or four of these instants, all in one block, and its neighbours share them.
 */
const BLOCK = 256;
/** The first lunation kept: a little before 1000-01-01. */
const FIRST_KEPT = -12500;
const BLOCKS = Math.ceil((99_100 - FIRST_KEPT) / BLOCK);
const blocks: (Float32Array | undefined)[] = new Array(BLOCKS);

function phaseUt(k: number, full: boolean): number {
  return toUniversalTime(truePhaseJde(full ? k + 0.5 : k, full), k);
}

/** The mean phase of lunation k (whole for new, + 0.5 for full), the base the kept distances are measured from. */
function meanPhase(k: number, full: boolean): number {
  return K0_JDE + SYNODIC_MONTH * (full ? k + 0.5 : k);
}

/** The instant of the new (or full) moon of lunation k, computed once. */
function kept(k: number, full: boolean): number {
  const index = k - FIRST_KEPT;
  const blockIndex = (index / BLOCK) | 0;
  if (index < 0 || blockIndex >= BLOCKS) return phaseUt(k, full);
  let block = blocks[blockIndex];
  if (block === undefined) {
    block = new Float32Array(2 * BLOCK).fill(Number.NaN);
    blocks[blockIndex] = block;
  }
  const slot = 2 * (index - blockIndex * BLOCK) + (full ? 1 : 0);
  const offset = block[slot] as number;
  if (!Number.isNaN(offset)) return meanPhase(k, full) + offset;
  const jd = phaseUt(k, full);
  const stored = Math.fround(jd - meanPhase(k, full));
  block[slot] = stored;
  return meanPhase(k, full) + stored;
}

/** The true new moon of lunation k (k = 0 is the new moon of 6 January 2000), as a Julian Day in UT. */
export function trueNewMoon(k: number): number {
  return kept(k, false);
}

/** The true full moon that follows the new moon of lunation k, as a Julian Day in UT. */
export function trueFullMoon(k: number): number {
  return kept(k, true);
}

/** The lunation whose true new moon is the last one at or before the instant `jd` (UT). */
export function lunationAt(jd: number): number {
  let k = Math.floor((jd - K0_JDE) / SYNODIC_MONTH);
  // The true new moon strays up to about 14 hours from the mean one: step once either way when needed.
  if (kept(k, false) > jd) k -= 1;
  else if (kept(k + 1, false) <= jd) k += 1;
  return k;
}

/** The phase images of the spec run from 1 (the day of the new moon) to 30. */
export const MOON_PHASE_IMAGES = 30;

/** One day of the Moon as the calendar shows it. */
export interface MoonPhaseDay {
  /** The phase image, 1-30: floor(true lunar age at noon, in days) + 1, clamped to 1-30. */
  readonly image: number;
  /** The true lunar age at noon, in days since the last true new moon (two decimals). */
  readonly age: number;
  /**
   * Which of the eight named phases the noon Moon is in: 1 new, 2 waxing crescent, 3 first quarter,
   * 4 waxing gibbous, 5 full, 6 waning gibbous, 7 last quarter, 8 waning crescent.
   */
  readonly phase: number;
  /** The date (in the same zone) of the first true new moon at or after the start of this day; null past 9999. */
  readonly nextNewMoon: string | null;
  /** The date (in the same zone) of the first true full moon at or after the start of this day; null past 9999. */
  readonly nextFullMoon: string | null;
}

function assertOffset(offsetMinutes: number): void {
  if (!Number.isFinite(offsetMinutes) || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
    throw new CalendarError(
      'INVALID_OFFSET',
      `Invalid zone offset. Must be minutes east of UTC between -${MAX_OFFSET_MINUTES} and ${MAX_OFFSET_MINUTES}.`,
    );
  }
}

/** The date, in a zone `offsetMinutes` east of UTC, of an instant given as a Julian Day in UT. */
function zoneDateOf(jd: number, offsetMinutes: number): string | null {
  const date = dateOfDayNumber(Math.floor(jd - JD_UNIX_EPOCH + offsetMinutes / 1440));
  return date.year > MAX_YEAR ? null : formatDate(date);
}

/**
 * The UTC dates of the last new and full moons asked for, by lunation, in a small table that stays in the processor's
 * cache: consecutive days ask for the same few, while formatting a date costs less than fetching a kept string from
 * far away in memory.
 */
const RECENT = 64;
const recentLunations = new Int32Array(2 * RECENT).fill(-(2 ** 31));
const recentDates: (string | null)[] = new Array<string | null>(2 * RECENT).fill(null);

function utcDateOfPhase(k: number, full: boolean, jd: number): string | null {
  const slot = ((k & (RECENT - 1)) << 1) | (full ? 1 : 0);
  if (recentLunations[slot] === k) return recentDates[slot] as string | null;
  const date = zoneDateOf(jd, 0);
  recentLunations[slot] = k;
  recentDates[slot] = date;
  return date;
}

/** Julian Day (UT) of local midnight that opens a date in a zone `offsetMinutes` east of UTC. */
function startOfDay(date: PlainDate, offsetMinutes: number): number {
  return dayNumber(date) + JD_UNIX_EPOCH - offsetMinutes / 1440;
}

/** The eight named phases as the share of the lunation that has passed, centred on new, quarters and full. */
function namedPhase(age: number, lunation: number): number {
  return (Math.floor((age / lunation) * 8 + 0.5) % 8) + 1;
}

/**
 * The Moon of a day at noon in a zone `offsetMinutes` east of UTC (0, noon UTC, in the API's day record; the
 * reader's offset on the pages, e.g. -new Date().getTimezoneOffset()). The date is not checked here.
 */
export function moonPhaseOfDay(date: PlainDate, offsetMinutes = 0): MoonPhaseDay {
  assertOffset(offsetMinutes);
  const midnight = startOfDay(date, offsetMinutes);
  const noon = midnight + 0.5;
  // The lunation of noon, found from the mean one with its new moon and the next, each looked up once.
  let k = Math.floor((noon - K0_JDE) / SYNODIC_MONTH);
  let lastNew = kept(k, false);
  let comingNew: number;
  if (lastNew > noon) {
    k -= 1;
    comingNew = lastNew;
    lastNew = kept(k, false);
  } else {
    comingNew = kept(k + 1, false);
    if (comingNew <= noon) {
      k += 1;
      lastNew = comingNew;
      comingNew = kept(k + 1, false);
    }
  }
  const age = noon - lastNew;
  const thisFull = kept(k, true);
  // From midnight: this lunation's own new moon when it fell this morning, else the coming one; the same for full.
  const newK = lastNew >= midnight ? k : k + 1;
  const fullK = thisFull >= midnight ? k : k + 1;
  const utc = offsetMinutes === 0;
  return {
    image: Math.min(MOON_PHASE_IMAGES, Math.max(1, Math.floor(age) + 1)),
    age: Math.round(age * 100) / 100,
    phase: namedPhase(age, comingNew - lastNew),
    nextNewMoon: utc
      ? utcDateOfPhase(newK, false, newK === k ? lastNew : comingNew)
      : zoneDateOf(newK === k ? lastNew : comingNew, offsetMinutes),
    nextFullMoon: utc
      ? utcDateOfPhase(fullK, true, fullK === k ? thisFull : kept(fullK, true))
      : zoneDateOf(fullK === k ? thisFull : kept(fullK, true), offsetMinutes),
  };
}

/** The phase image (1-30) of a day at noon in a zone `offsetMinutes` east of UTC. */
export function moonPhaseImage(date: PlainDate, offsetMinutes = 0): number {
  assertOffset(offsetMinutes);
  const noon = startOfDay(date, offsetMinutes) + 0.5;
  const age = noon - trueNewMoon(lunationAt(noon));
  return Math.min(MOON_PHASE_IMAGES, Math.max(1, Math.floor(age) + 1));
}

/** A Julian Day (UT) as a JavaScript time value (milliseconds since 1970), for showing an instant. */
export function julianDayToTime(jd: number): number {
  return (jd - JD_UNIX_EPOCH) * 86_400_000;
}
