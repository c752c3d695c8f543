import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of one page of a list (all of them, up to the cap, for a CSV export). */
export interface Page {
  limit: number;
  offset: number;
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Ascending or descending by a column, with the id as the tie-breaker so pages never overlap. */
export const ordered = (column: AnyPgColumn | SQL, order: 'asc' | 'desc', id: AnyPgColumn) =>
  order === 'asc' ? [asc(column), asc(id)] : [desc(column), desc(id)];

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** A time column within the UTC days `from` to `to` (YYYY-MM-DD), both included; either end may be open. */
export const withinDays = (column: AnyPgColumn, from: string | undefined, to: string | undefined) =>
  and(from ? gte(column, dayStart(from)) : undefined, to ? lt(column, dayAfter(to)) : undefined);

/** A user column matching a user given by id or by email. */
export const userIs = (column: AnyPgColumn, ref: string) =>
  ref.includes('@')
    ? sql`${column} = (select ${users.id} from ${users} where lower(${users.email}) = lower(${ref}))`
    : eq(column, ref);

/**
 * One page of a list and the number of rows its filter selects: `total` counts them, `rows` selects them in their
 * order, and is cut to the page here.
 */
export async function listPage<Row>(
  total: PromiseLike<{ total: number }[]>,
  rows: { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } },
  page: Page,
): Promise<{ rows: Row[]; total: number }> {
  const [totals] = await total;
  return { rows: await rows.limit(page.limit).offset(page.offset), total: Number(totals?.total ?? 0) };
}
