import { castleOfKin, kinOfDate, type PlainDate, parseDate } from '@hunab/calendar';

/** The five castles of the 260-day round, each four wavespells and 52 kins long. */
export const CASTLE_COUNT = 5;
export const WAVESPELLS_PER_CASTLE = 4;
export const KINS_PER_CASTLE = 52;

/** The castle that holds wavespell `wavespell` (1-20): 1-4 the Red Castle, …, 17-20 the Green Castle. */
export const castleOfWavespell = (wavespell: number): number => Math.floor((wavespell - 1) / WAVESPELLS_PER_CASTLE) + 1;

/** The four wavespell numbers of castle `castle` (1-5). */
export function wavespellsOfCastle(castle: number): number[] {
  return Array.from({ length: WAVESPELLS_PER_CASTLE }, (_, i) => (castle - 1) * WAVESPELLS_PER_CASTLE + i + 1);
}

/** The 13 kin numbers of wavespell `wavespell` (1-20), tone 1 to 13. */
export function kinsOfWavespell(wavespell: number): number[] {
  return Array.from({ length: 13 }, (_, i) => (wavespell - 1) * 13 + i + 1);
}

/** The first and last kin of castle `castle`. */
export function kinRangeOfCastle(castle: number): { from: number; to: number } {
  return { from: (castle - 1) * KINS_PER_CASTLE + 1, to: castle * KINS_PER_CASTLE };
}

/** A whole number written in a route parameter, within min..max; null when absent, odd or out of range. */
export function readRouteNumber(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** The castle of a date's kin. */
export const castleOfDate = (date: PlainDate): number => castleOfKin(kinOfDate(date));

/** The kin of a birth date (YYYY-MM-DD, a time after it ignored); null when there is none or it cannot be read. */
export function birthKinOf(birthDate: string | null | undefined): number | null {
  if (!birthDate) return null;
  try {
    return kinOfDate(parseDate(birthDate.slice(0, 10)));
  } catch {
    return null;
  }
}
