import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commentReports, comments, commentVotes } from '../../db/schema.ts';

/** For the reader's data export: the comments they wrote (oldest first), their votes and their reports. */
export async function commentsForExport(db: Db, userId: string) {
  return {
    written: await db
      .select({
        id: comments.id,
        cycle_type: comments.cycleType,
        cycle_value: comments.cycleValue,
        cycle_sub_value: comments.cycleSubValue,
        language: comments.lang,
        personal_cycle: comments.isSum,
        reply_to_id: comments.replyToId,
        content: comments.content,
        is_edited: comments.isEdited,
        is_deleted: comments.isDeleted,
        likes: comments.likesCount,
        dislikes: comments.dislikesCount,
        created_at: comments.createdAt,
        updated_at: comments.updatedAt,
      })
      .from(comments)
      .where(eq(comments.userId, userId))
      .orderBy(asc(comments.createdAt)),
    votes: await db
      .select({ comment_id: commentVotes.commentId, value: commentVotes.value, created_at: commentVotes.createdAt })
      .from(commentVotes)
      .where(eq(commentVotes.userId, userId)),
    reports: await db
      .select({
        comment_id: commentReports.commentId,
        reason: commentReports.reason,
        note: commentReports.note,
        status: commentReports.status,
        created_at: commentReports.createdAt,
      })
      .from(commentReports)
      .where(eq(commentReports.userId, userId)),
  };
}
