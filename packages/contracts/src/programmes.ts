/**
 * The built-in programmes (spec 001 section 3, "Built-in fallback products"): one payment opens paid content at a
 * level for a number of days. Prices in whole rubles and whole dollars, as the plan catalogue writes them.
 */
export interface Programme {
  id: '13days' | '260days' | '13moons';
  price_rub: number;
  price_usd: number;
  level: 1 | 2 | 3;
  days: number;
}

export const PROGRAMMES: Readonly<Record<Programme['id'], Programme>> = {
  '13days': { id: '13days', price_rub: 2900, price_usd: 29, level: 1, days: 13 },
  '260days': { id: '260days', price_rub: 5900, price_usd: 59, level: 2, days: 260 },
  '13moons': { id: '13moons', price_rub: 12900, price_usd: 129, level: 3, days: 365 },
};

/** Days after a payment within which it may be refunded in full (the terms of sale, section 8). */
export const REFUND_WINDOW_DAYS = 14;

/** Where a bought programme stands on a day: not started yet, under way, or over. */
export type ProgrammeState = 'upcoming' | 'running' | 'ended';

const dayIndex = (iso: string): number => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/**
 * A programme that runs from `startsOn` to `endsOn` (both days included, YYYY-MM-DD) on the reader's `today`: its
 * state, the day under way (1 on the first day), and the days left before it starts (0 once it has).
 */
export function programmeStateOn(
  startsOn: string,
  endsOn: string,
  today: string,
): { state: ProgrammeState; day: number | null; daysToStart: number } {
  const now = dayIndex(today);
  const start = dayIndex(startsOn);
  if (now < start) return { state: 'upcoming', day: null, daysToStart: start - now };
  if (now > dayIndex(endsOn)) return { state: 'ended', day: null, daysToStart: 0 };
  return { state: 'running', day: now - start + 1, daysToStart: 0 };
}
