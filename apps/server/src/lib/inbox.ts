import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client.ts';

/** How long a row waits before each new try: `first` seconds, times `growth` each try, at most `most` seconds. */
export interface InboxBackoff {
  first: number;
  growth: number;
  most: number;
}

/**
 * Claims up to `limit` due rows of an inbox (a table with `id`, `attempts`, `next_attempt_at` and `processed_at`) for
 * this process: rows another process holds are skipped (SKIP LOCKED), and each claimed row counts a try and is due
 * again only after its backoff, so a process that dies mid-way leaves it to be tried later. Answers the `returning`
 * columns of the claimed rows.
 */
export function claimDueRows<T extends Record<string, unknown>>(
  db: Db,
  inbox: PgTable,
  options: { at: Date; limit: number; backoff: InboxBackoff; returning: SQL },
): Promise<T[]> {
  const iso = options.at.toISOString();
  const { first, growth, most } = options.backoff;
  const delay = sql.raw(`least(${most}, ${first} * power(${growth}, attempts))`);
  return queryRows<T>(
    db,
    sql`update ${inbox} set attempts = attempts + 1,
          next_attempt_at = ${iso}::timestamptz + make_interval(secs => ${delay})
        where id in (
          select id from ${inbox}
          where processed_at is null and next_attempt_at <= ${iso}::timestamptz
          order by id limit ${options.limit} for update skip locked)
        returning ${options.returning}`,
  );
}
