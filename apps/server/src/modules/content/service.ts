import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentItems } from '../../db/schema.ts';
import type { ContentKind } from './files.ts';

export type ReadingRow = typeof contentItems.$inferSelect;

/** The reading of a seal, tone, moon, plasma or castle in a language, for other modules; undefined if none. */
export async function readingOf(
  db: Db,
  kind: ContentKind,
  number: number,
  lang: string,
): Promise<ReadingRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.number, number), eq(contentItems.lang, lang)))
    .limit(1);
  return row;
}
