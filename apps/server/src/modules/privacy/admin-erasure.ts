import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { accountDeletions, adminAudit, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { ownerIdOf } from '../auth/owner.ts';
import { erasedLabel } from './erasure.ts';

type UserRow = typeof users.$inferSelect;

export interface AdminErasureDeps {
  db: Db;
  /** ADMIN_EMAIL: names the owner among administrators. */
  ownerEmail?: string | undefined;
  /** Closes the account in `tx` with the grace period; its letter goes out through `afterClosing`. */
  closeIn(
    tx: Transaction,
    user: UserRow,
    options: { removeComments: boolean; requestedBy: 'owner' | 'admin' },
  ): Promise<{ id: string; token: string; eraseAfter: Date }>;
  afterClosing(user: UserRow, token: string, eraseAfter: Date): Promise<void>;
  /** Erases the account of a deletion now, in `tx`. */
  eraseNow(tx: Transaction, userId: string, deletionId: string, removeComments: boolean): Promise<void>;
}

/** Whether the account ever held the administrator role: the audit trail holds its grant or its removal. */
async function wasAdmin(tx: Transaction, user: UserRow): Promise<boolean> {
  if (user.isAdmin) return true;
  const [row] = await tx
    .select({ id: adminAudit.id })
    .from(adminAudit)
    .where(
      and(
        eq(adminAudit.targetType, 'user'),
        eq(adminAudit.targetId, user.id),
        inArray(adminAudit.action, ['user.admin.grant', 'user.admin.revoke']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The owner rule applied to erasure: nobody else erases the owner; an administrator, present or past, is erased by
 * the owner alone, and only once the owner has taken the role away.
 */
async function assertMayErase(tx: Transaction, adminId: string, user: UserRow, ownerEmail: string | undefined) {
  const formerAdmin = await wasAdmin(tx, user);
  if (!formerAdmin) return false;
  const owner = await ownerIdOf(tx, ownerEmail);
  if (user.id === owner) {
    throw new ApiError(403, 'OWNER_ONLY', 'The owner’s account cannot be erased by another administrator.');
  }
  if (adminId !== owner) {
    throw new ApiError(403, 'OWNER_ONLY', 'Only the owner can erase the account of an administrator.');
  }
  if (user.isAdmin) {
    throw new ApiError(409, 'INVALID_STATE', 'Take the administrator role away before erasing this account.');
  }
  return true;
}

/**
 * An administrator deletes an account for its owner's emailed request, after checking it came from the account's
 * address. The account closes with the usual grace period and its letter (whose link restores it), unless the
 * reader asked in writing to be erased at once (`immediate`, the reason saying where). The audit row names the
 * deletion and the pseudonymous label the account keeps in the audit trail, and says whether it held the role.
 */
export function createAdminErasure({ db, ownerEmail, closeIn, afterClosing, eraseNow }: AdminErasureDeps) {
  return async (
    adminId: string,
    ref: string,
    options: { removeComments: boolean; reason: string; immediate: boolean },
  ) => {
    const done = await db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(users)
        .where(
          and(
            ref.includes('@') ? sql`lower(${users.email}) = lower(${ref})` : eq(users.id, ref),
            sql`${users.erasedAt} is null`,
          ),
        )
        .for('update');
      if (!found) throw new ApiError(404, 'USER_NOT_FOUND', 'No account has this id or email.');
      if (found.id === adminId)
        throw new ApiError(409, 'INVALID_STATE', 'Administrators cannot erase their own account here.');
      const formerAdmin = await assertMayErase(tx, adminId, found, ownerEmail);
      const [open] = await tx
        .select({ id: accountDeletions.id, eraseAfter: accountDeletions.eraseAfter })
        .from(accountDeletions)
        .where(and(eq(accountDeletions.userId, found.id), eq(accountDeletions.status, 'closed')))
        .for('update');
      const closed = open
        ? null
        : await closeIn(tx, found, { removeComments: options.removeComments, requestedBy: 'admin' });
      const deletionId = open?.id ?? closed?.id ?? '';
      const eraseAfter = open?.eraseAfter ?? closed?.eraseAfter ?? null;
      if (open) {
        await tx
          .update(accountDeletions)
          .set({ removeComments: options.removeComments })
          .where(eq(accountDeletions.id, open.id));
      }
      if (options.immediate) await eraseNow(tx, found.id, deletionId, options.removeComments);
      const subject = erasedLabel(deletionId);
      await recordAudit(tx, {
        actorId: adminId,
        action: options.immediate ? 'account.erase' : 'account.close',
        targetType: 'account_deletion',
        targetId: deletionId,
        after: {
          status: options.immediate ? 'erased' : 'closed',
          subject,
          was_admin: formerAdmin,
          immediate: options.immediate,
          erase_after: options.immediate ? null : (eraseAfter?.toISOString() ?? null),
          remove_comments: options.removeComments,
        },
        reason: options.reason,
      });
      return {
        user: found,
        letter: closed && !options.immediate ? closed : null,
        reply: {
          deletion_id: deletionId,
          erased: options.immediate,
          erase_after: options.immediate ? null : (eraseAfter?.toISOString() ?? null),
          subject,
        },
      };
    });
    if (done.letter) await afterClosing(done.user, done.letter.token, done.letter.eraseAfter);
    return done.reply;
  };
}
