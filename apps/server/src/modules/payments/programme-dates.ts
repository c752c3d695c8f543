import { addDays, formatDate, localDateOf, parseDate } from '@hunab/calendar';
import { PROGRAMMES } from '@hunab/contracts';
import type { purchases } from '../../db/schema.ts';

type PurchaseRow = typeof purchases.$inferSelect;

/** The catalogue programme of a purchase: its own product, or for an older grant the programme of its level. */
export const programmeOf = (row: PurchaseRow) =>
  Object.values(PROGRAMMES).find((programme) => programme.level === row.productLevel) ?? PROGRAMMES['13days'];

/**
 * The first and last day of a bought programme, both included (YYYY-MM-DD): from its activation (or purchase) for
 * as many days as it runs. The end is stored as the first day without access; a grant without one runs its
 * programme's days. The one reading of a purchase's days for the catalogue, the owned programmes and the process.
 */
export function programmeDates(row: PurchaseRow): { startsOn: string; endsOn: string; days: number } {
  const startsOn = row.activationDate ?? formatDate(localDateOf(row.createdAt));
  const days = programmeOf(row).days;
  const endsOn = row.expiresAt
    ? formatDate(addDays(parseDate(row.expiresAt.toISOString().slice(0, 10)), -1))
    : formatDate(addDays(parseDate(startsOn), days - 1));
  return { startsOn, endsOn, days };
}
