import type { CommentCycleType, CommentDto } from '@hunab/contracts';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
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

export type StoredComment = typeof comments.$inferSelect;

/** Who reads: their id (a guest: an id no user has) and whether they administer. */
export interface ViewerParams {
  viewer: string;
  isAdmin: boolean;
}
export const GUEST: ViewerParams = { viewer: '00000000-0000-0000-0000-000000000000', isAdmin: false };

const BADGE_TYPES = sql.raw(`('hunabbot', 'dailyoraclebot', 'hoonabbot', 'hunabapp', 'other')`);
const isoTime = (column: typeof comments.createdAt | typeof comments.updatedAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A comment as its reader sees it (the CommentDto of the contracts), built by the database so a page of threads
 * leaves it as one JSON text: a deleted comment keeps its place without text or author; email and birth date
 * reach only the author and administrators; user_vote is the reader's own vote. Needs comments joined with users
 * and the reader's row of comment_votes (placeholders viewer and isAdmin).
 */
const commentJson = (() => {
  const shown = sql`not ${comments.isDeleted}`;
  const privateShown = sql`${shown} and (${comments.userId} = ${sql.placeholder('viewer')}::uuid or ${sql.placeholder('isAdmin')}::boolean)`;
  const badgeType = sql`${users.badges}->0->>'badge_type'`;
  const knownBadge = sql`${shown} and ${badgeType} in ${BADGE_TYPES}`;
  return sql`json_build_object(
    'id', ${comments.id},
    'user_id', ${comments.userId},
    'user', json_build_object(
      'id', ${comments.userId},
      'display_name', case when ${shown} then coalesce(${users.displayName}, ${users.name}, ${users.username}, ${users.firstName}) end,
      'name', case when ${shown} then ${users.name} end,
      'firstname', case when ${shown} then ${users.firstName} end,
      'lastname', null,
      'email', case when ${privateShown} then ${users.email} end,
      'birth_date', case when ${privateShown} then ${users.birthDate} end,
      'is_admin', ${shown} and ${users.isAdmin},
      'badge_type', case when ${knownBadge} then ${badgeType} end,
      'badge_name', case when ${knownBadge} then ${users.badges}->0->>'badge_name' end
    ),
    'content', case when ${shown} then ${comments.content} else '' end,
    'content_html', case when ${shown} then ${comments.contentHtml} else '' end,
    'created_at', ${isoTime(comments.createdAt)},
    'updated_at', ${isoTime(comments.updatedAt)},
    'is_edited', ${comments.isEdited},
    'is_deleted', ${comments.isDeleted},
    'likes_count', ${comments.likesCount},
    'dislikes_count', ${comments.dislikesCount},
    'reply_to_id', ${comments.replyToId},
    'depth', ${comments.depth},
    'is_sum', ${comments.isSum},
    'cycleType', ${comments.cycleType},
    'cycleValue', ${comments.cycleValue},
    'cycleSubValue', ${comments.cycleSubValue},
    'lang', ${comments.lang},
    'user_vote', case ${commentVotes.value} when 1 then 'like' when -1 then 'dislike' end,
    'replies', json_build_array()
  )`;
})();

/** The author of a comment and the reader's vote on it, joined for commentJson. */
const authorAndVote = sql`join ${users} on ${users.id} = ${comments.userId}
  left join ${commentVotes} on ${commentVotes.commentId} = ${comments.id}
    and ${commentVotes.userId} = ${sql.placeholder('viewer')}::uuid`;

/** The orders of spec 001 section 9, matching the partial indexes comments_top_idx and comments_new_idx. */
const ORDERS = {
  top: sql`${comments.score} desc nulls last, ${comments.createdAt} desc nulls last, ${comments.id} desc nulls last`,
  new: sql`${comments.createdAt} desc nulls last, ${comments.id} desc nulls last`,
};

/** The cycle of a list, from the placeholders cycleType, cycleValue, cycleSubValue and lang. */
const cycleOf = (table: typeof comments | typeof commentCycleCounts) =>
  sql`${table.cycleType} = ${sql.placeholder('cycleType')} and ${table.cycleValue} = ${sql.placeholder('cycleValue')}
    and ${table.cycleSubValue} = ${sql.placeholder('cycleSubValue')} and ${table.lang} = ${sql.placeholder('lang')}`;

/** What one list call reads: the counts of the cycle and its page, threads and their replies in reading order. */
export interface CyclePage {
  threads: number;
  comments: number;
  /** Each thread followed by its replies, oldest first. */
  rows: CommentDto[];
}

export function createCommentsRepository(db: Db) {
  /**
   * One statement per page: the counts of the cycle, the page's threads in the asked order (read along its index)
   * and every reply below them, as one JSON text.
   */
  const pageStatement = (order: 'top' | 'new', isSum: SQL) => {
    const pageIds = sql`select ${comments.id} as id, row_number() over (order by ${ORDERS[order]}) as rank
      from ${comments}
      where ${cycleOf(comments)} and ${isSum} and ${comments.replyToId} is null
      order by ${ORDERS[order]}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    const rows = sql`select page.rank, 0 as part, ${comments.createdAt} as at, ${comments.id} as id, ${commentJson} as comment
        from page join ${comments} on ${comments.id} = page.id ${authorAndVote}
      union all
      select page.rank, 1, ${comments.createdAt}, ${comments.id}, ${commentJson}
        from page join ${comments} on ${comments.rootId} = page.id ${authorAndVote}
        where ${sql.placeholder('includeReplies')}::boolean`;
    return db
      .select({
        threads: sql<number>`coalesce(sum(${commentCycleCounts.threads}), 0)::int`,
        comments: sql<number>`coalesce(sum(${commentCycleCounts.comments}), 0)::int`,
        rows: sql<string>`(with page as (${pageIds})
          select coalesce(json_agg(r.comment order by r.rank, r.part, r.at, r.id), '[]')::text from (${rows}) r)`,
      })
      .from(commentCycleCounts)
      .where(
        sql`${cycleOf(commentCycleCounts)} and ${commentCycleCounts.isSum} = any(${sql.placeholder('isSums')}::boolean[])`,
      );
  };
  // Personal or general lists run prepared along their index; both together are rarer and sort their rows.
  const oneIsSum = sql`${comments.isSum} = ${sql.placeholder('isSum')}`;
  const eitherIsSum = sql`${comments.isSum} = any(${sql.placeholder('isSums')}::boolean[])`;
  const prepared = {
    page: {
      top: pageStatement('top', oneIsSum).prepare('comments_page_top'),
      new: pageStatement('new', oneIsSum).prepare('comments_page_new'),
    },
    one: db
      .select({ comment: sql<string>`${commentJson}::text` })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(
        commentVotes,
        and(eq(commentVotes.commentId, comments.id), sql`${commentVotes.userId} = ${sql.placeholder('viewer')}::uuid`),
      )
      .where(eq(comments.id, sql.placeholder('id')))
      .prepare('comments_one'),
  };

  return {
    async findComment(id: number, executor: Executor = db): Promise<StoredComment | undefined> {
      const [row] = await executor.select().from(comments).where(eq(comments.id, id)).limit(1);
      return row;
    },

    /** One comment as a reader sees it. */
    async findForViewer(id: number, viewer: ViewerParams): Promise<CommentDto | undefined> {
      const [row] = await prepared.one.execute({ id, ...viewer });
      return row ? (JSON.parse(row.comment) as CommentDto) : undefined;
    },

    /** A page of threads of a cycle with their replies, and the cycle's counts. */
    async page(
      key: CycleKey,
      isSums: readonly boolean[],
      order: 'top' | 'new',
      page: { limit: number; offset: number; includeReplies: boolean },
      viewer: ViewerParams,
    ): Promise<CyclePage> {
      const params = { ...key, ...page, ...viewer, isSums: [...isSums], isSum: isSums[0] };
      const [row] =
        isSums.length === 1
          ? await prepared.page[order].execute(params)
          : await pageStatement(order, eitherIsSum).execute(params);
      return {
        threads: Number(row?.threads ?? 0),
        comments: Number(row?.comments ?? 0),
        rows: JSON.parse(row?.rows ?? '[]') as CommentDto[],
      };
    },

    /** The comment row, locked until the transaction ends: votes on one comment take turns. */
    async lockComment(tx: Transaction, id: number): Promise<StoredComment | undefined> {
      const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update').limit(1);
      return row;
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
