import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { journalEntries } from '../../db/schema.ts';

/** The reader's journal for their data export, by day. */
export async function journalForExport(db: Db, userId: string) {
  return db
    .select({
      day: journalEntries.day,
      kin: journalEntries.kin,
      text: journalEntries.text,
      mood: journalEntries.mood,
      tags: journalEntries.tags,
      created_at: journalEntries.createdAt,
      updated_at: journalEntries.updatedAt,
    })
    .from(journalEntries)
    .where(eq(journalEntries.userId, userId))
    .orderBy(asc(journalEntries.day));
}
