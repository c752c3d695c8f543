import { addDays, calendarDay, dayNumber, parseDate } from '@hunab/calendar';
import { type DATE_DENIALS, type ProcessOutcome, type ProcessReason, programmeStateOn } from '@hunab/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { programmeDates } from '../payments/programme-dates.ts';
import type { Access } from './service.ts';

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
  /** Which rule decided, in the order they are tried (the administrators' debug view shows it). */
  reason: ProcessReason;
  openTones: number[];
  activationDate: string | null;
  targetDate: string | null;
  /** The bought programme the decision read, with its first and last day; null without one. */
  programme: { row: PurchaseRow; startsOn: string; endsOn: string } | null;
}

type PurchaseRow = typeof purchases.$inferSelect;

/**
 * The reader's bought programme that decides the process on `today`: one under way, else the next to start, else
 * the latest bought. A 260 Days or 13 Moons programme opens the process for all its days, not 13.
 */
async function decidingProgramme(db: Db, userId: string, today: string) {
  const rows = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.productName, 'main')))
    .orderBy(desc(purchases.id))
    .limit(50);
  const spans = rows.map((row) => ({ row, ...programmeDates(row) }));
  const running = spans.find((span) => programmeStateOn(span.startsOn, span.endsOn, today).state === 'running');
  const next = spans
    .filter((span) => span.startsOn > today)
    .sort((a, b) => (a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0))[0];
  return running ?? next ?? spans[0] ?? null;
}

/**
 * Whether a reader may open a tone day of the 13-day process (spec 001 section 4), in this order: administrators and
 * subscribers (basic or premium) may open any day; a bought programme waits for its activation date, then opens every
 * day for as long as it runs (13 days, 260 days, a year) and ends; anyone may open today's and yesterday's tone days
 * (free users are told why not the rest, guests are asked to sign in).
 */
export async function processAccess(
  db: Db,
  access: Access,
  userId: string | null,
  tone: number,
  today: string,
): Promise<ProcessAccess> {
  return decideProcess(access, await programmeOf(db, access, userId, today), userId, tone, today);
}

/** The programme that decides a reader's process on `today`; none for guests, administrators and subscribers. */
export async function programmeOf(db: Db, access: Access, userId: string | null, today: string) {
  return userId && !access.isAdmin && !(access.active && access.level >= 1)
    ? await decidingProgramme(db, userId, today)
    : null;
}

/** `processAccess` with the deciding programme already read (`programmeOf`), for a caller asking of every tone. */
export function decideProcess(
  access: Access,
  programme: Awaited<ReturnType<typeof programmeOf>>,
  userId: string | null,
  tone: number,
  today: string,
): ProcessAccess {
  const open = openTones(today);
  const result = (
    status: ProcessOutcome,
    reason: ProcessReason,
    activationDate: string | null = null,
    targetDate: string | null = null,
  ): ProcessAccess => ({ status, reason, openTones: open, activationDate, targetDate, programme });
  if (access.isAdmin) return result('allowed', 'administrator');
  if (access.active && access.level >= 1) return result('allowed', 'subscription');
  if (programme) {
    const starts = programme.startsOn;
    const { state } = programmeStateOn(starts, programme.endsOn, today);
    if (state === 'running') return result('allowed', 'programme_running', starts);
    // Buying never takes away what everyone has: today's and yesterday's days stay open while waiting or after.
    if (open.includes(tone)) return result('allowed', 'open_tone', starts);
    return state === 'upcoming'
      ? result('waiting_activation', 'programme_waiting', starts, starts)
      : result('cycle_ended', 'programme_ended', starts);
  }
  if (open.includes(tone)) return result('allowed', 'open_tone');
  return result(userId ? 'free_user_tone_restriction' : 'no_access', 'free_account');
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
