import { aliasedTable, and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, outer } from '../../../db/client.ts';
import { commentCycleCounts, commentReports, comments, users } from '../../../db/schema.ts';
import { countsOf, type StoredComment } from '../../comments/repository.ts';
import { listPage, ordered, type Page, type Transaction, userIs } from './shared.ts';

export interface CommentFilters {
  cycleType?: string;
  cycleValue?: number;
  user?: string;
  status?: string;
}

const hidden = sql<boolean>`${comments.hiddenAt} is not null`;

/** Moderation: every comment, the readers' reports, and the writes of hiding a comment and closing a report. */
export function createCommentRepository(db: Db) {
  return {
    listComments(filters: CommentFilters, order: 'asc' | 'desc', page: Page) {
      const openReports = sql<number>`(select count(*)::int from ${commentReports}
        where ${commentReports.commentId} = ${outer(comments.id)} and ${commentReports.status} = 'open')`;
      const status = {
        visible: and(eq(comments.isDeleted, false), isNull(comments.hiddenAt)),
        hidden: isNotNull(comments.hiddenAt),
        deleted: eq(comments.isDeleted, true),
        reported: sql`exists (select 1 from ${commentReports}
          where ${commentReports.commentId} = ${comments.id} and ${commentReports.status} = 'open')`,
      } as Record<string, SQL | undefined>;
      const where = and(
        filters.cycleType ? eq(comments.cycleType, filters.cycleType) : undefined,
        filters.cycleValue !== undefined ? eq(comments.cycleValue, filters.cycleValue) : undefined,
        filters.user ? userIs(comments.userId, filters.user) : undefined,
        filters.status ? status[filters.status] : undefined,
      );
      return listPage(
        db.select({ total: count() }).from(comments).where(where),
        db
          .select({
            id: comments.id,
            userId: comments.userId,
            userEmail: users.email,
            userName: users.name,
            userBlocked: sql<boolean>`${users.blockedAt} is not null`,
            cycleType: comments.cycleType,
            cycleValue: comments.cycleValue,
            lang: comments.lang,
            content: comments.content,
            isDeleted: comments.isDeleted,
            hidden,
            openReports,
            createdAt: comments.createdAt,
          })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(where)
          .orderBy(...ordered(comments.createdAt, order, comments.id)),
        page,
      );
    },

    async lockComment(tx: Transaction, id: number) {
      const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update').limit(1);
      return row;
    },

    /**
     * Hides or shows a comment, and the cycle's version moves, so every server's kept pages are read again. A
     * hidden thread leaves its cycle's list with its replies, so the thread count and the count with replies both
     * follow; a hidden reply keeps its place in its thread as a placeholder, as a deleted one does, and is still
     * counted. The thread's row is locked by the caller, and a reply is never added under a hidden thread.
     */
    async setHidden(tx: Transaction, row: StoredComment, hide: boolean, at: Date) {
      await tx
        .update(comments)
        .set({ hiddenAt: hide ? at : null })
        .where(eq(comments.id, row.id));
      const isThread = row.replyToId === null;
      const [thread] = isThread
        ? await tx.select({ replies: count() }).from(comments).where(eq(comments.rootId, row.id))
        : [];
      const sign = hide ? -1 : 1;
      const threads = isThread ? sign : 0;
      const withReplies = isThread ? sign * (1 + Number(thread?.replies ?? 0)) : 0;
      await tx
        .update(commentCycleCounts)
        .set({
          threads: sql`greatest(0, ${commentCycleCounts.threads} + ${threads})`,
          comments: sql`greatest(0, ${commentCycleCounts.comments} + ${withReplies})`,
          version: sql`${commentCycleCounts.version} + 1`,
        })
        .where(countsOf(row));
    },

    /** Closes the open reports of a comment (its moderation settled them). */
    async settleReports(tx: Transaction, commentId: number, by: string, at: Date) {
      return tx
        .update(commentReports)
        .set({ status: 'resolved', resolvedBy: by, resolvedAt: at })
        .where(and(eq(commentReports.commentId, commentId), eq(commentReports.status, 'open')))
        .returning({ id: commentReports.id });
    },

    listReports(status: 'open' | 'resolved' | 'dismissed', order: 'asc' | 'desc', page: Page) {
      const author = aliasedTable(users, 'author');
      const where = eq(commentReports.status, status);
      return listPage(
        db.select({ total: count() }).from(commentReports).where(where),
        db
          .select({
            id: commentReports.id,
            commentId: commentReports.commentId,
            commentContent: comments.content,
            commentHidden: hidden,
            commentDeleted: comments.isDeleted,
            authorId: comments.userId,
            authorEmail: author.email,
            reporterEmail: users.email,
            reason: commentReports.reason,
            note: commentReports.note,
            status: commentReports.status,
            createdAt: commentReports.createdAt,
          })
          .from(commentReports)
          .innerJoin(comments, eq(comments.id, commentReports.commentId))
          .innerJoin(author, eq(author.id, comments.userId))
          .innerJoin(users, eq(users.id, commentReports.userId))
          .where(where)
          .orderBy(...ordered(commentReports.createdAt, order, commentReports.id)),
        page,
      );
    },

    async lockReport(tx: Transaction, id: number) {
      const [row] = await tx.select().from(commentReports).where(eq(commentReports.id, id)).for('update').limit(1);
      return row;
    },

    async closeReport(tx: Transaction, id: number, status: 'resolved' | 'dismissed', by: string, at: Date) {
      await tx.update(commentReports).set({ status, resolvedBy: by, resolvedAt: at }).where(eq(commentReports.id, id));
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
