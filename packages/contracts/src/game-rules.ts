/**
 * The rules of the game both sides read at once (no zod here, so a page can import them without the validation
 * library): who may play, the cycles a goal follows, the limits of what a player writes.
 */

/** A goal follows one calendar cycle: a wavespell of 13 days, a moon of 28, a spin of 260, a 13-moon year. */
export const GAME_CYCLES = ['wavespell', 'moon', 'spin', 'year'] as const;
export type GameCycle = (typeof GAME_CYCLES)[number];

export const GAME_PRACTICE_KINDS = ['reflection', 'checkin'] as const;
export type GamePracticeKind = (typeof GAME_PRACTICE_KINDS)[number];

export const GAME_ALIAS_MIN = 2;
export const GAME_ALIAS_MAX = 32;
export const GAME_ANSWER_MAX = 1000;
/** A leaderboard shows one cohort of at most this many players, so nobody is ranked against the whole world. */
export const GAME_COHORT_SIZE = 30;
/** A streak survives one missed day a week, mended on its own. */
export const GAME_REPAIRS_PER_WEEK = 1;

/** The game is open to active subscribers (any paid level) and to administrators. */
export function hasGameAccess(access: { isAdmin: boolean; active: boolean; level: number }): boolean {
  return access.isAdmin || (access.active && access.level > 0);
}

/** An IANA time zone the running JavaScript knows ("Europe/Berlin"), or false. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
