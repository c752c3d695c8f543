import type { JournalFilter } from '@hunab/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { journalEntries, users } from '../../db/schema.ts';

export type JournalRow = typeof journalEntries.$inferSelect;

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function conditions(userId: string, filter: JournalFilter): SQL[] {
  const where: SQL[] = [eq(journalEntries.userId, userId)];
  if (filter.seal !== undefined) where.push(eq(journalEntries.seal, filter.seal));
  if (filter.tone !== undefined) where.push(eq(journalEntries.tone, filter.tone));
  if (filter.wavespell !== undefined) where.push(eq(journalEntries.wavespell, filter.wavespell));
  if (filter.kin !== undefined) where.push(eq(journalEntries.kin, filter.kin));
  if (filter.mood !== undefined) where.push(eq(journalEntries.mood, filter.mood));
  if (filter.moon !== undefined) {
    where.push(filter.moon === 0 ? isNull(journalEntries.moon) : eq(journalEntries.moon, filter.moon));
  }
  if (filter.tag) where.push(sql`${journalEntries.tags} @> ${JSON.stringify([filter.tag])}::jsonb`);
  if (filter.q) {
    const pattern = `%${likeLiteral(filter.q.toLowerCase())}%`;
    where.push(
      sql`(lower(${journalEntries.text}) like ${pattern} or lower(${journalEntries.tags}::text) like ${pattern})`,
    );
  }
  return where;
}

export const journalRepository = {
  async lockUser(db: Db, userId: string): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(journalEntries).where(eq(journalEntries.userId, userId));
    return Number(row?.n ?? 0);
  },

  async find(db: Db, userId: string, day: string): Promise<JournalRow | null> {
    const [row] = await db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), eq(journalEntries.day, day)))
      .limit(1);
    return row ?? null;
  },

  async list(db: Db, userId: string, filter: JournalFilter, page: { limit: number; offset: number }) {
    const where = and(...conditions(userId, filter));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(journalEntries)
        .where(where)
        .orderBy(desc(journalEntries.day))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(journalEntries).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Every matching entry, oldest first, for an export. */
  all(db: Db, userId: string, filter: JournalFilter): Promise<JournalRow[]> {
    return db
      .select()
      .from(journalEntries)
      .where(and(...conditions(userId, filter)))
      .orderBy(journalEntries.day);
  },

  async upsert(db: Db, values: typeof journalEntries.$inferInsert): Promise<JournalRow> {
    const [row] = await db
      .insert(journalEntries)
      .values(values)
      .onConflictDoUpdate({
        target: [journalEntries.userId, journalEntries.day],
        set: { text: values.text, mood: values.mood, tags: values.tags, updatedAt: values.updatedAt },
      })
      .returning();
    if (!row) throw new Error('the journal entry was not written');
    return row;
  },

  async remove(db: Db, userId: string, day: string): Promise<boolean> {
    const rows = await db
      .delete(journalEntries)
      .where(and(eq(journalEntries.userId, userId), eq(journalEntries.day, day)))
      .returning({ id: journalEntries.id });
    return rows.length > 0;
  },

  async removeAll(db: Db, userId: string): Promise<number> {
    const rows = await db
      .delete(journalEntries)
      .where(eq(journalEntries.userId, userId))
      .returning({ id: journalEntries.id });
    return rows.length;
  },

  /** Counts per seal, tone and mood, per month since `sinceMonth` (YYYY-MM-01), and the written days, newest first. */
  async summary(db: Db, userId: string, sinceMonth: string) {
    const groups = await queryRows<{ kind: string; key: string | null; n: number }>(
      db,
      sql`select 'seal' as kind, seal::text as key, count(*)::int as n from ${journalEntries}
            where user_id = ${userId} group by seal
          union all
          select 'tone', tone::text, count(*)::int from ${journalEntries} where user_id = ${userId} group by tone
          union all
          select 'mood', mood::text, count(*)::int from ${journalEntries} where user_id = ${userId} group by mood
          union all
          select 'month', to_char(day, 'YYYY-MM'), count(*)::int from ${journalEntries}
            where user_id = ${userId} and day >= ${sinceMonth}::date group by to_char(day, 'YYYY-MM')`,
    );
    const days = await db
      .select({ day: journalEntries.day })
      .from(journalEntries)
      .where(eq(journalEntries.userId, userId))
      .orderBy(desc(journalEntries.day))
      .limit(400);
    return { groups, days: days.map((row) => row.day) };
  },
};
