import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { rateLimited } from './rate-limit.ts';

/**
 * A fixed-window counter per key kept in the database, so a limit holds across every server process: one upsert
 * per hit counts atomically, and simultaneous hits each see their own number.
 */
export function createSharedRateLimiter(
  db: Db,
  options: { name: string; limit: number; windowMs: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  let lastSweep = 0;

  return {
    /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
    async hit(key: string): Promise<number> {
      const time = now().getTime();
      const windowStart = new Date(Math.floor(time / options.windowMs) * options.windowMs);
      if (time - lastSweep > options.windowMs) {
        lastSweep = time;
        await db
          .delete(rateLimitCounters)
          .where(and(eq(rateLimitCounters.name, options.name), lt(rateLimitCounters.windowStart, windowStart)));
      }
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ name: options.name, key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.name, rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      const hits = row?.hits ?? 1;
      return hits > options.limit
        ? Math.max(1, Math.ceil((windowStart.getTime() + options.windowMs - time) / 1000))
        : 0;
    },
  };
}

export type SharedRateLimiter = ReturnType<typeof createSharedRateLimiter>;

/** Counts one hit of `key` and answers 429 in the envelope, with Retry-After, when it is over the limit. */
export async function sharedLimitOrThrow(limiter: SharedRateLimiter, key: string, message?: (wait: number) => string) {
  const wait = await limiter.hit(key);
  if (wait > 0) throw rateLimited(wait, message?.(wait));
}
