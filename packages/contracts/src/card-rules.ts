import { CalendarError, parseDate } from '@hunab/calendar';
import { CARD_LIMITS, type PlanTier } from './plans.ts';

/** The plan a pricewall recommends from a plan that hit a limit: basic for free users, premium for basic ones. */
export const UPGRADE_OF: Readonly<Record<PlanTier, PlanTier | null>> = {
  free: 'basic',
  basic: 'premium',
  premium: null,
};

export interface CardLimits {
  plan: PlanTier;
  limit: number;
  count: number;
  /** limit minus count, never below 0. */
  remaining: number;
  canAdd: boolean;
}

/** A card may be added only below the plan's limit. */
export function cardLimitsOf(plan: PlanTier, count: number): CardLimits {
  const limit = CARD_LIMITS[plan];
  return { plan, limit, count, remaining: Math.max(0, limit - count), canAdd: count < limit };
}

export const DEFAULT_CARD_NAME = 'No name';
/** The name a nameless card brought from a guest's device gets on the account. */
export const MIGRATED_CARD_NAME = 'Мой расчёт';
export const CARD_NAME_MAX = 100;
export const CARD_DESCRIPTION_MAX = 1000;
/** At most this many cards in one migration request. */
export const CARD_MIGRATION_MAX = 100;
/** Time of day a card gets when only its date is known. */
export const DEFAULT_CARD_TIME = '12:00';

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const EARLIEST = Date.UTC(1000, 0, 1);
const LATEST = Date.UTC(10000, 0, 1) - 1;

export type CardDateProblem = 'INVALID_DATE' | 'DATE_OUT_OF_RANGE';

/**
 * The card date rules of spec 001 section 5, strictly: a full ISO value with a zone is kept (as UTC), a date-time
 * without a zone is read as UTC, a date alone becomes noon UTC. Returns the ISO UTC text, or the reason it is not a
 * date from 1000-01-01 to 9999-12-31.
 */
export function parseCardDate(value: string): { iso: string } | { problem: CardDateProblem } {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return { problem: 'INVALID_DATE' };
  const [, dateText = '', hours, minutes, seconds, fraction, zone] = match;
  let day: { year: number; month: number; day: number };
  try {
    day = parseDate(dateText);
  } catch (error) {
    return {
      problem: error instanceof CalendarError && error.code === 'DATE_OUT_OF_RANGE' ? error.code : 'INVALID_DATE',
    };
  }
  const h = hours === undefined ? 12 : Number(hours);
  const m = Number(minutes ?? 0);
  const s = Number(seconds ?? 0);
  if (h > 23 || m > 59 || s > 59) return { problem: 'INVALID_DATE' };
  const ms = Number(`0.${fraction ?? '0'}`) * 1000;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const [, sign = '+', zh = '0', zm = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
    if (Number(zh) > 23 || Number(zm) > 59) return { problem: 'INVALID_DATE' };
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm));
  }
  const date = new Date(0);
  date.setUTCFullYear(day.year, day.month - 1, day.day);
  date.setUTCHours(h, m, s, Math.floor(ms));
  const instant = date.getTime() - offsetMinutes * 60_000;
  if (instant < EARLIEST || instant > LATEST) return { problem: 'DATE_OUT_OF_RANGE' };
  return { iso: new Date(instant).toISOString() };
}

/** The message of a birth date after today, the same for a card as for an account's own birth date. */
export const FUTURE_BIRTH_DATE_MESSAGE = 'Birth date cannot be in the future';

/**
 * Whether a card's birth instant (ISO UTC) lies after the end of today anywhere on Earth: a birth date, on a card as
 * at sign-up, is never in the future. Today ends at 24:00 in UTC+14, the latest zone.
 */
export function isFutureBirth(iso: string, now: Date = new Date()): boolean {
  const endOfTodayEverywhere = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) + 14 * 3_600_000;
  return Date.parse(iso) >= endOfTodayEverywhere;
}

/**
 * The lenient form of the rules, for dates a client already holds (its local cards, old copies): what the strict
 * rules cannot read, a browser date parser may; anything still unreadable becomes the current time.
 */
export function normalizeCardDate(value: unknown, now: Date = new Date()): string {
  if (typeof value === 'string') {
    const strict = parseCardDate(value);
    if ('iso' in strict) return strict.iso;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    const loose = new Date(value);
    const time = loose.getTime();
    if (!Number.isNaN(time) && time >= EARLIEST && time <= LATEST) return loose.toISOString();
  }
  return now.toISOString();
}
