import { addDays, calendarDay, dayNumber, formatDate, localDateOf, parseDate } from '@hunab/calendar';
import type { DATE_DENIALS, ProcessOutcome } from '@hunab/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Access } from './service.ts';

/** Days of the 13-day programme. */
const PROGRAMME_DAYS = 13;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The reader's today: the date their device sends (their time zone), which must lie within a day of the server's
 * UTC date, since every time zone does; the server's UTC date when none is sent.
 */
export function readerToday(sent: string | undefined, now: Date): string {
  const server = utcDay(now);
  if (!sent) return server;
  if (Math.abs(dayNumber(parseDate(sent)) - dayNumber(parseDate(server))) > 1) {
    throw new ApiError(400, 'INVALID_DATE', 'today must be the reader’s own date, within a day of the server’s.');
  }
  return sent;
}

/** The tone days a reader without a subscription may open on `today`: today's tone and yesterday's. */
export function openTones(today: string): number[] {
  const date = parseDate(today);
  const tones = [calendarDay(date).kin.tone.number, calendarDay(addDays(date, -1)).kin.tone.number];
  return [...new Set(tones)];
}

export interface ProcessAccess {
  status: ProcessOutcome;
  openTones: number[];
  activationDate: string | null;
  targetDate: string | null;
}

/**
 * Whether a reader may open a tone day of the 13-day process (spec 001 section 4), in this order: administrators and
 * subscribers (basic or premium) may open any day; a bought programme waits for its activation date, then opens every
 * day for 13 days and ends; anyone may open today's and yesterday's tone days (free users are told why not the rest,
 * guests are asked to sign in).
 */
export async function processAccess(
  db: Db,
  access: Access,
  userId: string | null,
  tone: number,
  today: string,
): Promise<ProcessAccess> {
  const open = openTones(today);
  const result = (status: ProcessOutcome, activationDate: string | null = null, targetDate: string | null = null) => ({
    status,
    openTones: open,
    activationDate,
    targetDate,
  });
  if (access.isAdmin || (access.active && access.level >= 1)) return result('allowed');
  if (userId) {
    const [purchase] = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.productName, 'main')))
      .orderBy(desc(purchases.id))
      .limit(1);
    if (purchase) {
      const starts = purchase.activationDate ?? formatDate(localDateOf(purchase.createdAt));
      const day = dayNumber(parseDate(today)) - dayNumber(parseDate(starts)) + 1;
      // Buying never takes away what everyone has: today's and yesterday's days stay open while waiting or after.
      if (day >= 1 && day <= PROGRAMME_DAYS) return result('allowed', starts);
      if (open.includes(tone)) return result('allowed', starts);
      return day < 1 ? result('waiting_activation', starts, starts) : result('cycle_ended', starts);
    }
  }
  if (open.includes(tone)) return result('allowed');
  return result(userId ? 'free_user_tone_restriction' : 'no_access');
}

/**
 * Whether a signed-in reader's plan opens the content of `date` (spec 000 section 5): free only today, basic a day
 * either side, premium and administrators any date. Guests are not checked here: their one free date is counted on
 * their device (spec 000 section 4.8).
 */
export function dateDenial(access: Access, date: string, today: string): (typeof DATE_DENIALS)[number] | null {
  if (access.isAdmin || access.level >= 2) return null;
  const distance = Math.abs(dayNumber(parseDate(date)) - dayNumber(parseDate(today)));
  if (access.level === 1) return distance <= 1 ? null : 'basic_plan_restriction';
  if (access.level === 0) return distance === 0 ? null : 'free_user_restriction';
  return 'unknown_restriction';
}
