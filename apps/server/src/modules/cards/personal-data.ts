import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';

/** The reader's cards for their data export, oldest first. */
export async function cardsForExport(db: Db, userId: string) {
  return db
    .select({
      id: cards.id,
      name: cards.name,
      birth_date: cards.birthDate,
      description: cards.description,
      is_primary: cards.isPrimary,
      is_public: cards.isPublic,
      is_birth_date: cards.isBirthDate,
      created_at: cards.createdAt,
      updated_at: cards.updatedAt,
    })
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(asc(cards.createdAt));
}
