import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema.ts';

/** For the reader's data export: their calendar feed's choices, without the token hash of its address. */
export async function feedForExport(db: Db, userId: string) {
  const [feed] = await db
    .select({
      include_returns: calendarFeeds.includeReturns,
      include_cards: calendarFeeds.includeCards,
      created_at: calendarFeeds.createdAt,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feed ?? null;
}
