import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Session } from '../../auth/service.ts';
import type { CommentRepository } from '../repository/comments.ts';

/** Moderation: hiding comments and closing readers' reports, each with its audit row in the same transaction. */
export function createCommentModeration({ db, repo, now }: { db: Db; repo: CommentRepository; now: () => Date }) {
  return {
    /** Hides a comment from the public lists (settling its open reports) or shows it again. */
    async setCommentHidden(admin: Session, id: number, hidden: boolean, reason: string) {
      await db.transaction(async (tx) => {
        const row = await repo.lockComment(tx, id);
        if (!row) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'There is no such comment.');
        if (hidden === (row.hiddenAt !== null)) return;
        await repo.setHidden(tx, row, hidden, now());
        const settled = hidden ? await repo.settleReports(tx, id, admin.user.id, now()) : [];
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: hidden ? 'comment.hide' : 'comment.restore',
          targetType: 'comment',
          targetId: id,
          before: { hidden: row.hiddenAt !== null, user_id: row.userId, content: row.content },
          after: { hidden, reports_resolved: settled.length },
          reason,
        });
      });
    },

    /** Resolves (something was done) or dismisses (nothing to do) a reader's report. */
    async closeReport(admin: Session, id: number, status: 'resolved' | 'dismissed', reason: string | null) {
      await db.transaction(async (tx) => {
        const report = await repo.lockReport(tx, id);
        if (!report) throw new ApiError(404, 'REPORT_NOT_FOUND', 'There is no such report.');
        if (report.status !== 'open') {
          throw new ApiError(409, 'INVALID_TRANSITION', `This report is already ${report.status}.`);
        }
        await repo.closeReport(tx, id, status, admin.user.id, now());
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: `comment_report.${status === 'resolved' ? 'resolve' : 'dismiss'}`,
          targetType: 'comment_report',
          targetId: id,
          before: { status: 'open', comment_id: report.commentId },
          after: { status },
          reason,
        });
      });
    },
  };
}

export type CommentModeration = ReturnType<typeof createCommentModeration>;
