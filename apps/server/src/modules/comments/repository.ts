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
export const NO_USER = '00000000-0000-0000-0000-000000000000';
export const GUEST: ViewerParams = { viewer: NO_USER, isAdmin: false };

const BADGE_TYPES = sql.raw(`('hunabbot', 'dailyoraclebot', 'hoonabbot', 'hunabapp', 'other')`);
const isoTime = (column: typeof comments.createdAt | typeof comments.updatedAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A comment as the DTO of the contracts, built by the database: a deleted comment keeps its place without text or
 * author. `reader` decides the reader-dependent fields: email and birth date (only for the author and
 * administrators) and user_vote; lists are the same for every reader and leave them empty.
 */
function commentJson(reader: { privateShown: SQL; vote: SQL }): SQL {
  // A comment a moderator hid reads like a deleted one: its place in a thread without its text or author.
  const shown = sql`(not ${comments.isDeleted} and ${comments.hiddenAt} is null)`;
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
      'email', case when ${reader.privateShown} then ${users.email} end,
      'birth_date', case when ${reader.privateShown} then ${users.birthDate} end,
      'is_admin', ${shown} and ${users.isAdmin},
      'badge_type', case when ${knownBadge} then ${badgeType} end,
      'badge_name', case when ${knownBadge} then ${users.badges}->0->>'badge_name' end,
      'deleted_user', ${users.erasedAt} is not null
    ),
    'content', case when ${shown} then ${comments.content} else '' end,
    'content_html', case when ${shown} then ${comments.contentHtml} else '' end,
    'created_at', ${isoTime(comments.createdAt)},
    'updated_at', ${isoTime(comments.updatedAt)},
    'is_edited', ${comments.isEdited},
    'is_deleted', not (${shown}),
    'likes_count', ${comments.likesCount},
    'dislikes_count', ${comments.dislikesCount},
    'reply_to_id', ${comments.replyToId},
    'depth', ${comments.depth},
    'is_sum', ${comments.isSum},
    'cycleType', ${comments.cycleType},
    'cycleValue', ${comments.cycleValue},
    'cycleSubValue', ${comments.cycleSubValue},
    'lang', ${comments.lang},
    'user_vote', ${reader.vote},
    'replies', json_build_array()
  )`;
}

const voteName = (value: SQL | typeof commentVotes.value) =>
  sql`case ${value} when 1 then 'like' when -1 then 'dislike' end`;

/** The orders of spec 001 section 9, matching the partial indexes comments_top_idx and comments_new_idx. */
const ORDERS = {
  top: sql`${comments.score} desc nulls last, ${comments.createdAt} desc nulls last, ${comments.id} desc nulls last`,
  new: sql`${comments.createdAt} desc nulls last, ${comments.id} desc nulls last`,
};

/** The cycle of a list, from the placeholders cycleType, cycleValue, cycleSubValue and lang. */
const cycleOf = (table: typeof comments | typeof commentCycleCounts) =>
  sql`${table.cycleType} = ${sql.placeholder('cycleType')} and ${table.cycleValue} = ${sql.placeholder('cycleValue')}
    and ${table.cycleSubValue} = ${sql.placeholder('cycleSubValue')} and ${table.lang} = ${sql.placeholder('lang')}`;
const countedLists = sql`${cycleOf(commentCycleCounts)}
  and ${commentCycleCounts.isSum} = any(${sql.placeholder('isSums')}::boolean[])`;

/** The counts and the version of the lists asked for (personal and general together add up). */
const listState = {
  threads: sql<number>`coalesce(sum(${commentCycleCounts.threads}), 0)::int`,
  comments: sql<number>`coalesce(sum(${commentCycleCounts.comments}), 0)::int`,
  version: sql<number>`coalesce(sum(${commentCycleCounts.version}), 0)::int`,
};

/** The state of a cycle's lists, and the reader's votes on the given comments as a JSON object by comment id. */
export interface ListState {
  threads: number;
  comments: number;
  version: number;
  votes: string;
}

/** A page read from the database: the state it was read in, and each thread followed by its replies. */
export interface CyclePage extends ListState {
  rows: CommentDto[];
}

/** The counts row of the lists a comment stands in (its cycle, language, and personal or general). */
export const countsOf = (comment: StoredComment) =>
  and(
    eq(commentCycleCounts.cycleType, comment.cycleType),
    eq(commentCycleCounts.cycleValue, comment.cycleValue),
    eq(commentCycleCounts.cycleSubValue, comment.cycleSubValue),
    eq(commentCycleCounts.lang, comment.lang),
    eq(commentCycleCounts.isSum, comment.isSum),
  );

export function createCommentsRepository(db: Db) {
  /**
   * One statement per page: the state of the cycle, the page's threads in the asked order (read along its index)
   * with every reply below them as one JSON text, and the reader's votes on them.
   */
  const pageStatement = (order: 'top' | 'new', isSum: SQL) => {
    const everyone = commentJson({ privateShown: sql`false`, vote: sql`null` });
    return db
      .select({
        threads: sql<number>`page_state.threads`,
        comments: sql<number>`page_state.comments`,
        version: sql<number>`page_state.version`,
        rows: sql<string>`page_state.rows`,
        votes: sql<string>`page_state.votes`,
      })
      .from(sql`(
        with page as (
          select ${comments.id} as id, row_number() over (order by ${ORDERS[order]}) as rank
          from ${comments}
          where ${cycleOf(comments)} and ${isSum} and ${comments.replyToId} is null and ${comments.hiddenAt} is null
          order by ${ORDERS[order]}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
        ),
        page_rows as (
          select page.rank, 0 as part, ${comments.createdAt} as at, ${comments.id} as id, ${everyone} as comment
            from page join ${comments} on ${comments.id} = page.id join ${users} on ${users.id} = ${comments.userId}
          union all
          select page.rank, 1, ${comments.createdAt}, ${comments.id}, ${everyone}
            from page join ${comments} on ${comments.rootId} = page.id join ${users} on ${users.id} = ${comments.userId}
            where ${sql.placeholder('includeReplies')}::boolean
        )
        select ${listState.threads} as threads, ${listState.comments} as comments, ${listState.version} as version,
          (select coalesce(json_agg(r.comment order by r.rank, r.part, r.at, r.id), '[]')::text from page_rows r) as rows,
          (select coalesce(json_object_agg(${commentVotes.commentId}, ${voteName(commentVotes.value)}), '{}')::text
             from ${commentVotes} join page_rows r on r.id = ${commentVotes.commentId}
             where ${commentVotes.userId} = ${sql.placeholder('viewer')}::uuid) as votes
        from ${commentCycleCounts}
        where ${countedLists}
      ) as page_state`);
  };
  // Personal or general lists run prepared along their index; both together are rarer and sort their rows.
  const oneIsSum = sql`${comments.isSum} = ${sql.placeholder('isSum')}`;
  const eitherIsSum = sql`${comments.isSum} = any(${sql.placeholder('isSums')}::boolean[])`;
  const prepared = {
    page: {
      top: pageStatement('top', oneIsSum).prepare('comments_page_top'),
      new: pageStatement('new', oneIsSum).prepare('comments_page_new'),
    },
    state: db
      .select({
        ...listState,
        votes: sql<string>`(select coalesce(json_object_agg(${commentVotes.commentId}, ${voteName(commentVotes.value)}), '{}')::text
          from ${commentVotes}
          where ${commentVotes.userId} = ${sql.placeholder('viewer')}::uuid
            and ${commentVotes.commentId} = any(${sql.placeholder('ids')}::bigint[]))`,
      })
      .from(commentCycleCounts)
      .where(countedLists)
      .prepare('comments_state'),
    one: db
      .select({
        comment: sql<string>`${commentJson({
          privateShown: sql`not ${comments.isDeleted} and ${comments.hiddenAt} is null and (${comments.userId} = ${sql.placeholder('viewer')}::uuid or ${sql.placeholder('isAdmin')}::boolean)`,
          vote: voteName(commentVotes.value),
        })}::text`,
      })
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

    /** A page of threads of a cycle with their replies, the cycle's state, and the reader's votes on the page. */
    async page(
      key: CycleKey,
      isSums: readonly boolean[],
      order: 'top' | 'new',
      page: { limit: number; offset: number; includeReplies: boolean },
      viewer: string,
    ): Promise<CyclePage> {
      const params = { ...key, ...page, viewer, isSums: [...isSums], isSum: isSums[0] };
      const [row] =
        isSums.length === 1
          ? await prepared.page[order].execute(params)
          : await pageStatement(order, eitherIsSum).execute(params);
      return {
        threads: Number(row?.threads ?? 0),
        comments: Number(row?.comments ?? 0),
        version: Number(row?.version ?? 0),
        votes: row?.votes ?? '{}',
        rows: JSON.parse(row?.rows ?? '[]') as CommentDto[],
      };
    },

    /** The state of a cycle's lists now, and the reader's votes on the comments of a page read before. */
    async state(key: CycleKey, isSums: readonly boolean[], viewer: string, ids: number[]): Promise<ListState> {
      const [row] = await prepared.state.execute({ ...key, isSums: [...isSums], viewer, ids });
      return {
        threads: Number(row?.threads ?? 0),
        comments: Number(row?.comments ?? 0),
        version: Number(row?.version ?? 0),
        votes: row?.votes ?? '{}',
      };
    },

    /** Marks a cycle's lists as changed (an edit, a deletion, a vote), in the transaction of the change. */
    async touchCycle(executor: Executor, comment: StoredComment): Promise<void> {
      await executor
        .update(commentCycleCounts)
        .set({ version: sql`${commentCycleCounts.version} + 1` })
        .where(countsOf(comment));
    },

    /** A thread's first comment, share-locked until the transaction ends: replies wait for a moderator's hide. */
    async lockThreadForReply(tx: Transaction, rootId: number): Promise<StoredComment | undefined> {
      const [row] = await tx.select().from(comments).where(eq(comments.id, rootId)).for('share').limit(1);
      return row;
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
          version: 1,
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
            version: sql`${commentCycleCounts.version} + 1`,
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
