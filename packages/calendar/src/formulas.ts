import { addDreamspellDays, assertValidDate, type PlainDate } from './date.ts';
import { calendarDay } from './day.ts';
import { CalendarError } from './errors.ts';
import { TONE_COUNT, toneOfKin } from './kin.ts';
import { moonPhaseImage } from './moon.ts';

function assertTone(tone: number): void {
  if (!Number.isInteger(tone) || tone < 1 || tone > TONE_COUNT) {
    throw new CalendarError('INVALID_TONE', `Invalid tone number. Must be between 1 and ${TONE_COUNT}.`);
  }
}

/**
 * Tone-day cycle number, also the countdown start: 13 on a Magnetic day, else (14 - tone) mod 13,
 * the days left until the next wavespell begins.
 */
export function toneDayCycleNumber(tone: number): number {
  assertTone(tone);
  return tone === 1 ? 13 : (14 - tone) % 13;
}

export const countdownStart = toneDayCycleNumber;

/**
 * Activation date of a bought 13-day program: the next Magnetic day, today + 13 days when today is tone 1,
 * else + (14 - tone). Counted in Dreamspell days so the program always starts on tone 1, across 29 February too.
 */
export function programActivationDate(today: PlainDate, tone: number): PlainDate {
  assertTone(tone);
  return addDreamspellDays(today, tone === 1 ? 13 : 14 - tone);
}

export interface Rune {
  /** Elder Futhark letter, or for days 7, 14, 21 and 28 an Anglo-Saxon extension rune. */
  readonly letter: string;
  readonly name: string;
  /** Position 1-24 in the ordinary sequence; null on the four special days. */
  readonly index: number | null;
  readonly special: boolean;
}

/** The 24 Elder Futhark runes in their traditional order, one for each ordinary day of a moon. */
const FUTHARK: readonly (readonly [string, string])[] = [
  ['ᚠ', 'Fehu'],
  ['ᚢ', 'Uruz'],
  ['ᚦ', 'Thurisaz'],
  ['ᚨ', 'Ansuz'],
  ['ᚱ', 'Raidho'],
  ['ᚲ', 'Kenaz'],
  ['ᚷ', 'Gebo'],
  ['ᚹ', 'Wunjo'],
  ['ᚺ', 'Hagalaz'],
  ['ᚾ', 'Naudiz'],
  ['ᛁ', 'Isa'],
  ['ᛃ', 'Jera'],
  ['ᛇ', 'Eihwaz'],
  ['ᛈ', 'Perthro'],
  ['ᛉ', 'Algiz'],
  ['ᛊ', 'Sowilo'],
  ['ᛏ', 'Tiwaz'],
  ['ᛒ', 'Berkanan'],
  ['ᛖ', 'Ehwaz'],
  ['ᛗ', 'Mannaz'],
  ['ᛚ', 'Laguz'],
  ['ᛜ', 'Ingwaz'],
  ['ᛞ', 'Dagaz'],
  ['ᛟ', 'Othala'],
];

/** The Silio days closing each week of a moon take four runes outside the 24: ac, aesc, yr and ear. */
const SILIO_RUNES: readonly (readonly [string, string])[] = [
  ['ᚪ', 'Ac'],
  ['ᚫ', 'Aesc'],
  ['ᚣ', 'Yr'],
  ['ᛠ', 'Ear'],
];

/** The rune of a day of the moon (1-28). See docs/decisions for the choice of letters. */
export function runeOfDay(dayOfMoon: number): Rune {
  if (!Number.isInteger(dayOfMoon) || dayOfMoon < 1 || dayOfMoon > 28) {
    throw new CalendarError('INVALID_DAY_OF_MOON', 'Invalid day of the moon. Must be between 1 and 28.');
  }
  if (dayOfMoon % 7 === 0) {
    const [letter, name] = SILIO_RUNES[dayOfMoon / 7 - 1] as readonly [string, string];
    return { letter, name, index: null, special: true };
  }
  const index = dayOfMoon - Math.floor(dayOfMoon / 7);
  const [letter, name] = FUTHARK[index - 1] as readonly [string, string];
  return { letter, name, index, special: false };
}

/**
 * The lunar phase image (1-30) of a date: floor(true lunar age at noon, in days) + 1, the age counted from the last
 * true new moon (Meeus, chapter 49; see moon.ts). Noon UTC by default, as in the API's day record; pages pass the
 * reader's zone offset in minutes east of UTC.
 */
export function moonPhaseIndex(date: PlainDate, offsetMinutes = 0): number {
  assertValidDate(date.year, date.month, date.day);
  return moonPhaseImage(date, offsetMinutes);
}

/** The calendar cycles a practice can follow. */
export const PRACTICE_CYCLES = ['wavespell', 'moon', 'spin', 'year'] as const;
export type PracticeCycle = (typeof PRACTICE_CYCLES)[number];

/**
 * The last day of the cycle a date falls in: its wavespell (tone 13), its moon (day 28; the Day Out of Time is a
 * cycle of its own), its spin (kin 260) or its 13-moon year (25 July). 29 February is stepped over as the kin count
 * does, so it always ends with its neighbours.
 */
export function lastDayOfCycle(date: PlainDate, cycle: PracticeCycle): PlainDate {
  const day = calendarDay(date);
  if (cycle === 'wavespell') return addDreamspellDays(date, TONE_COUNT - toneOfKin(day.kin.number));
  if (cycle === 'spin') return addDreamspellDays(date, 260 - day.kin.number);
  const moonEnd = Math.min(365, Math.ceil(day.dayOfYear / 28) * 28);
  return addDreamspellDays(date, (cycle === 'moon' ? moonEnd : 365) - day.dayOfYear);
}
