import { dateOfDayNumber, dayNumber, formatDate, parseDate } from '@hunab/calendar';
import { GAME_REPAIRS_PER_WEEK, localDateIn } from '@hunab/contracts';

export interface StreakState {
  current: number;
  best: number;
  /** The local date of the last practice, in the zone the player had then. */
  lastDay: string | null;
  lastAt: Date | null;
  /** The Monday of the week whose missed day was last mended. */
  repairWeek: string | null;
}

export type StreakStep = { kind: 'already' } | { kind: 'practised'; day: string; next: StreakState; repaired: boolean };

const daysBetween = (from: string, to: string) => dayNumber(parseDate(to)) - dayNumber(parseDate(from));
const addDays = (day: string, days: number) => formatDate(dateOfDayNumber(dayNumber(parseDate(day)) + days));

/** The Monday of a date's week. */
export function mondayOf(day: string): string {
  // dayNumber 0 is 1970-01-01, a Thursday.
  const n = dayNumber(parseDate(day));
  return formatDate(dateOfDayNumber(n - ((((n + 3) % 7) + 7) % 7)));
}

/**
 * One practice written at `at` by a player in `timeZone`. The day is the player's local date at that moment. The
 * gap since the last practice is read both ways (the stored date, and the last moment re-dated in today's zone) and
 * the kinder one is kept, so flying across zones never breaks a streak nor lets one day count twice. One missed day
 * a week is mended on its own.
 */
export function stepStreak(state: StreakState, at: Date, timeZone: string): StreakStep {
  const day = localDateIn(at, timeZone);
  if (!state.lastDay || !state.lastAt) {
    return {
      kind: 'practised',
      day,
      repaired: false,
      next: { ...state, current: 1, best: Math.max(state.best, 1), lastDay: day, lastAt: at },
    };
  }
  const redated = daysBetween(localDateIn(state.lastAt, timeZone), day);
  if (redated <= 0) return { kind: 'already' };
  const gap = Math.min(daysBetween(state.lastDay, day), redated);
  let current = 1;
  let repaired = false;
  let repairWeek = state.repairWeek;
  if (gap <= 1) current = state.current + 1;
  else if (gap === 2 && repairsLeft(state, addDays(day, -1)) > 0) {
    current = state.current + 1;
    repaired = true;
    repairWeek = mondayOf(addDays(day, -1));
  }
  return {
    kind: 'practised',
    day,
    repaired,
    next: { current, best: Math.max(state.best, current), lastDay: day, lastAt: at, repairWeek },
  };
}

/** Repairs left in the week of `day`. */
export function repairsLeft(state: Pick<StreakState, 'repairWeek'>, day: string): number {
  return state.repairWeek === mondayOf(day) ? GAME_REPAIRS_PER_WEEK - 1 : GAME_REPAIRS_PER_WEEK;
}

/**
 * The streak as the player sees it today: still alive when the last practice was today or yesterday (or the day
 * before, with a repair left to mend the missed day); otherwise it has lapsed and shows 0.
 */
export function visibleStreak(state: StreakState, now: Date, timeZone: string): number {
  if (!state.lastAt) return 0;
  const today = localDateIn(now, timeZone);
  const gap = daysBetween(localDateIn(state.lastAt, timeZone), today);
  const storedGap = state.lastDay ? daysBetween(state.lastDay, today) : gap;
  const g = Math.min(gap, storedGap);
  if (g <= 1) return state.current;
  if (g === 2 && repairsLeft(state, addDays(today, -1)) > 0) return state.current;
  return 0;
}
