import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cards, users } from '../../db/schema.ts';

export type CardRow = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;

/** The order of a user's list: the primary card first, then in the order they were added. */
const listOrder = [desc(cards.isPrimary), asc(cards.createdAt), asc(cards.id)];

/** Card queries; each takes the handle to run on, so the service can run them inside one transaction. */
export const cardRepository = {
  /** Locks the user's row until the transaction ends: a user's card writes take turns. */
  async lockUser(db: Db, userId: string): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  listOf(db: Db, userId: string): Promise<CardRow[]> {
    return db
      .select()
      .from(cards)
      .where(eq(cards.userId, userId))
      .orderBy(...listOrder);
  },

  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cards).where(eq(cards.userId, userId));
    return Number(row?.n ?? 0);
  },

  async find(db: Db, id: string): Promise<CardRow | undefined> {
    const [row] = await db.select().from(cards).where(eq(cards.id, id)).limit(1);
    return row;
  },

  async findOwn(db: Db, userId: string, id: string): Promise<CardRow | undefined> {
    const [row] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.id, id), eq(cards.userId, userId)))
      .limit(1);
    return row;
  },

  async primaryOf(db: Db, userId: string): Promise<CardRow | undefined> {
    const [row] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.userId, userId), eq(cards.isPrimary, true)))
      .limit(1);
    return row;
  },

  async insert(db: Db, values: NewCard): Promise<CardRow> {
    const [row] = await db.insert(cards).values(values).returning();
    if (!row) throw new Error('inserting a card returned nothing');
    return row;
  },

  async update(db: Db, id: string, values: Partial<NewCard>): Promise<CardRow> {
    const [row] = await db.update(cards).set(values).where(eq(cards.id, id)).returning();
    if (!row) throw new Error(`card ${id} vanished during an update`);
    return row;
  },

  /** Clears the primary mark from the user's other cards, before one of theirs takes it. */
  async clearPrimary(db: Db, userId: string, exceptId: string | null, now: Date): Promise<void> {
    await db
      .update(cards)
      .set({ isPrimary: false, updatedAt: now })
      .where(and(eq(cards.userId, userId), eq(cards.isPrimary, true), exceptId ? ne(cards.id, exceptId) : undefined));
  },

  async delete(db: Db, userId: string, id: string): Promise<CardRow | undefined> {
    const [row] = await db
      .delete(cards)
      .where(and(eq(cards.id, id), eq(cards.userId, userId)))
      .returning();
    return row;
  },

  /** Marks the user's oldest card primary (after the primary one was deleted); nothing when no card is left. */
  async promoteOldest(db: Db, userId: string, now: Date): Promise<void> {
    const [oldest] = await db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.userId, userId))
      .orderBy(asc(cards.createdAt), asc(cards.id))
      .limit(1);
    if (oldest) await db.update(cards).set({ isPrimary: true, updatedAt: now }).where(eq(cards.id, oldest.id));
  },
};
