import type { CommentCycleType } from '@hunab/contracts';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commentCycleCounts, comments, commentVotes, users } from '../../db/schema.ts';

/** One cycle's thread list: the same cycle in one language, personal or general. */
export interface CycleKey {
  cycleType: CommentCycleType;
  cycleValue: number;
  cycleSubValue: number;
  lang: string;
}

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Transaction;

/** A comment with what its author shows of themselves. */
const commentWithAuthor = {
  id: comments.id,
  userId: comments.userId,
  cycleType: comments.cycleType,
  cycleValue: comments.cycleValue,
  cycleSubValue: comments.cycleSubValue,
  lang: comments.lang,
  isSum: comments.isSum,
  replyToId: comments.replyToId,
  rootId: comments.rootId,
  depth: comments.depth,
  content: comments.content,
  contentHtml: comments.contentHtml,
  isEdited: comments.isEdited,
  isDeleted: comments.isDeleted,
  likesCount: comments.likesCount,
  dislikesCount: comments.dislikesCount,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  author: {
    displayName: users.displayName,
    name: users.name,
    username: users.username,
    firstName: users.firstName,
    email: users.email,
    birthDate: users.birthDate,
    isAdmin: users.isAdmin,
    badgeType: sql<string | null>`${users.badges}->0->>'badge_type'`,
    badgeName: sql<string | null>`${users.badges}->0->>'badge_name'`,
  },
};

export type StoredComment = typeof comments.$inferSelect;

function sameCycle(key: CycleKey, isSums: readonly boolean[]): SQL {
  return and(
    eq(comments.cycleType, key.cycleType),
    eq(comments.cycleValue, key.cycleValue),
    eq(comments.cycleSubValue, key.cycleSubValue),
    eq(comments.lang, key.lang),
    isSums.length === 1 ? eq(comments.isSum, isSums[0] as boolean) : inArray(comments.isSum, [...isSums]),
  ) as SQL;
}

/** The orders of spec 001 section 9, matching the partial indexes comments_top_idx and comments_new_idx. */
const ORDERS = {
  top: sql`${comments.score} desc nulls last, ${comments.createdAt} desc nulls last, ${comments.id} desc nulls last`,
  new: sql`${comments.createdAt} desc nulls last, ${comments.id} desc nulls last`,
};

export function createCommentsRepository(db: Db) {
  const selectComments = (executor: Executor = db) =>
    executor.select(commentWithAuthor).from(comments).innerJoin(users, eq(users.id, comments.userId));

  return {
    async findComment(id: number, executor: Executor = db) {
      const [row] = await selectComments(executor).where(eq(comments.id, id)).limit(1);
      return row;
    },

    /** The comment row, locked until the transaction ends: votes on one comment take turns. */
    async lockComment(tx: Transaction, id: number): Promise<StoredComment | undefined> {
      const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update').limit(1);
      return row;
    },

    /** A page of top-level comments of a cycle. */
    threads(key: CycleKey, isSums: readonly boolean[], order: 'top' | 'new', limit: number, offset: number) {
      return selectComments()
        .where(and(sameCycle(key, isSums), isNull(comments.replyToId)))
        .orderBy(ORDERS[order])
        .limit(limit)
        .offset(offset);
    },

    /** Every reply below these top-level comments, oldest first. */
    replies(rootIds: number[]) {
      if (rootIds.length === 0) return Promise.resolve([]);
      return selectComments()
        .where(inArray(comments.rootId, rootIds))
        .orderBy(comments.rootId, comments.createdAt, comments.id);
    },

    /** The viewer's votes on these comments, by comment id. */
    async votesOf(userId: string, commentIds: number[]): Promise<Map<number, number>> {
      if (commentIds.length === 0) return new Map();
      const rows = await db
        .select({ commentId: commentVotes.commentId, value: commentVotes.value })
        .from(commentVotes)
        .where(and(eq(commentVotes.userId, userId), inArray(commentVotes.commentId, commentIds)));
      return new Map(rows.map((row) => [row.commentId, row.value]));
    },

    async counts(key: CycleKey, isSums: readonly boolean[]): Promise<{ threads: number; comments: number }> {
      const [row] = await db
        .select({
          threads: sql<number>`coalesce(sum(${commentCycleCounts.threads}), 0)::int`,
          comments: sql<number>`coalesce(sum(${commentCycleCounts.comments}), 0)::int`,
        })
        .from(commentCycleCounts)
        .where(
          and(
            eq(commentCycleCounts.cycleType, key.cycleType),
            eq(commentCycleCounts.cycleValue, key.cycleValue),
            eq(commentCycleCounts.cycleSubValue, key.cycleSubValue),
            eq(commentCycleCounts.lang, key.lang),
            inArray(commentCycleCounts.isSum, [...isSums]),
          ),
        );
      return { threads: Number(row?.threads ?? 0), comments: Number(row?.comments ?? 0) };
    },

    /**
     * Makes one user's posts take turns until the transaction ends (a lock on the user, across every server
     * process), then answers how many they posted since each moment, with the oldest of them.
     */
    async lockAndCountPosts(
      tx: Transaction,
      userId: string,
      since: Date[],
    ): Promise<{ count: number; oldest: Date | null }[]> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comment-post:${userId}`}))`);
      const earliest = new Date(Math.min(...since.map((d) => d.getTime())));
      const recent = await tx
        .select({ createdAt: comments.createdAt })
        .from(comments)
        .where(and(eq(comments.userId, userId), gt(comments.createdAt, earliest)));
      return since.map((from) => {
        const inWindow = recent.map((r) => r.createdAt).filter((at) => at > from);
        const oldest = inWindow.length ? new Date(Math.min(...inWindow.map((d) => d.getTime()))) : null;
        return { count: inWindow.length, oldest };
      });
    },

    async insertComment(tx: Transaction, values: typeof comments.$inferInsert): Promise<number> {
      const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
      if (!row) throw new Error('inserting a comment returned nothing');
      await tx
        .insert(commentCycleCounts)
        .values({
          cycleType: values.cycleType,
          cycleValue: values.cycleValue,
          cycleSubValue: values.cycleSubValue ?? 0,
          lang: values.lang,
          isSum: values.isSum ?? false,
          threads: values.replyToId ? 0 : 1,
          comments: 1,
        })
        .onConflictDoUpdate({
          target: [
            commentCycleCounts.cycleType,
            commentCycleCounts.cycleValue,
            commentCycleCounts.cycleSubValue,
            commentCycleCounts.lang,
            commentCycleCounts.isSum,
          ],
          set: {
            threads: sql`${commentCycleCounts.threads} + ${values.replyToId ? 0 : 1}`,
            comments: sql`${commentCycleCounts.comments} + 1`,
          },
        });
      return row.id;
    },

    async updateComment(id: number, values: Partial<typeof comments.$inferInsert>, executor: Executor = db) {
      await executor.update(comments).set(values).where(eq(comments.id, id));
    },

    async voteOf(tx: Transaction, commentId: number, userId: string): Promise<number | null> {
      const [row] = await tx
        .select({ value: commentVotes.value })
        .from(commentVotes)
        .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)));
      return row?.value ?? null;
    },

    async setVote(tx: Transaction, commentId: number, userId: string, value: number | null, now: Date) {
      if (value === null) {
        await tx
          .delete(commentVotes)
          .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)));
        return;
      }
      await tx
        .insert(commentVotes)
        .values({ commentId, userId, value, createdAt: now })
        .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.userId], set: { value } });
    },

    async addToCounts(tx: Transaction, commentId: number, likes: number, dislikes: number) {
      await tx
        .update(comments)
        .set({
          likesCount: sql`${comments.likesCount} + ${likes}`,
          dislikesCount: sql`${comments.dislikesCount} + ${dislikes}`,
        })
        .where(eq(comments.id, commentId));
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
export type CommentRow = NonNullable<Awaited<ReturnType<CommentsRepository['findComment']>>>;
