import type { AdminUserRow } from '@hunab/contracts';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { AuthService, Session } from '../../auth/service.ts';
import { IMPERSONATION_MINUTES } from '../../auth/tokens.ts';
import type { Transaction } from '../repository/shared.ts';
import type { UserListRow, UserRepository, UserRow } from '../repository/users.ts';

export const toAdminUserRow = (row: UserListRow): AdminUserRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  lang: row.lang,
  is_admin: row.isAdmin,
  email_verified: row.emailVerifiedAt !== null,
  blocked: row.blockedAt !== null,
  registration_source: row.registrationSource,
  plan_id: row.planId,
  subscription_status: row.subscriptionStatus,
  created_at: row.createdAt.toISOString(),
});

/** The fields of a user an audit row keeps as before and after: what the admin area changes, never secrets. */
const auditedUser = (user: UserRow) => ({
  email: user.email,
  is_admin: user.isAdmin,
  blocked_at: user.blockedAt,
  email_verified_at: user.emailVerifiedAt,
});

export interface UserAdminDeps {
  db: Db;
  repo: UserRepository;
  auth: AuthService;
  now: () => Date;
  /** ADMIN_EMAIL: names the owner among administrators. */
  ownerEmail?: string | undefined;
}

/** The rules of the administrators' changes to users; every change and its audit row share one transaction. */
export function createUserAdmin({ db, repo, auth, now, ownerEmail }: UserAdminDeps) {
  /**
   * Administrators answer to the owner alone: only the owner takes the role from an administrator or blocks one,
   * and nobody takes it from the owner or blocks them.
   */
  async function assertMayChangeAdmin(admin: Session, user: UserRow, tx: Transaction): Promise<void> {
    if (!user.isAdmin) return;
    const owner = await repo.ownerId(tx, ownerEmail);
    if (user.id === owner) {
      throw new ApiError(403, 'OWNER_ONLY', 'The owner’s role and access cannot be changed by another administrator.');
    }
    if (admin.user.id !== owner) {
      throw new ApiError(403, 'OWNER_ONLY', 'Only the owner can change another administrator’s role or block them.');
    }
  }

  /** Locks the user, applies `change` and writes its audit row, all in one transaction. */
  async function changeUser(
    admin: Session,
    id: string,
    action: string,
    reason: string | null,
    change: (user: UserRow, tx: Transaction) => Promise<Partial<UserRow> | null>,
  ) {
    await db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, id);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      const values = await change(user, tx);
      if (!values) return;
      await repo.updateUser(tx, id, { ...values, updatedAt: now() });
      await recordAudit(tx, {
        actorId: admin.user.id,
        action,
        targetType: 'user',
        targetId: id,
        before: auditedUser(user),
        after: auditedUser({ ...user, ...values }),
        reason,
      });
    });
    const row = await repo.userListRow(id);
    if (!row) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
    return toAdminUserRow(row);
  }

  const notYourself = (admin: Session, id: string, what: string) => {
    if (admin.user.id === id) throw new ApiError(409, 'INVALID_TRANSITION', `You cannot ${what} your own account.`);
  };

  /** Writes the audit row of something done to a user that changes no column of theirs. */
  const audited = (actorId: string, action: string, id: string, entry: { after?: unknown; reason: string | null }) =>
    db.transaction(async (tx) => {
      await recordAudit(tx, { actorId, action, targetType: 'user', targetId: id, ...entry });
    });

  return {
    setAdmin(admin: Session, id: string, isAdmin: boolean, reason: string) {
      notYourself(admin, id, isAdmin ? 'change the role of' : 'remove the administrator role from');
      return changeUser(admin, id, isAdmin ? 'user.admin.grant' : 'user.admin.revoke', reason, async (user, tx) => {
        if (user.isAdmin === isAdmin) return null;
        await assertMayChangeAdmin(admin, user, tx);
        return { isAdmin };
      });
    },

    /**
     * Blocks or unblocks an account. Blocking raises the token version too, so every session of the user ends at
     * once (the session check also refuses a blocked user, whatever their token).
     */
    setBlocked(admin: Session, id: string, blocked: boolean, reason: string) {
      notYourself(admin, id, 'block');
      return changeUser(admin, id, blocked ? 'user.block' : 'user.unblock', reason, async (user, tx) => {
        if (blocked === (user.blockedAt !== null)) return null;
        await assertMayChangeAdmin(admin, user, tx);
        return blocked ? { blockedAt: now(), tokenVersion: user.tokenVersion + 1 } : { blockedAt: null };
      });
    },

    /** Sends the verification link again (within the per-account hourly cap); audited as a change. */
    async resendVerification(admin: Session, id: string) {
      const user = await repo.findUser(id);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      if (user.emailVerifiedAt) throw new ApiError(409, 'INVALID_TRANSITION', 'This address is already confirmed.');
      await audited(admin.user.id, 'user.verification.resend', id, { reason: null });
      auth.resendVerification(user.email);
    },

    /**
     * A short session as a user who is not an administrator, for seeing what they see. The token names the
     * administrator (the session check ends it if they stop being one) and the start is audited.
     */
    async impersonate(admin: Session, id: string, reason: string) {
      if (admin.claims.imp) throw new ApiError(409, 'CANNOT_IMPERSONATE', 'End the current impersonation first.');
      notYourself(admin, id, 'impersonate');
      const user = await repo.findUser(id);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      if (user.isAdmin) throw new ApiError(403, 'CANNOT_IMPERSONATE', 'Administrators cannot be impersonated.');
      if (user.blockedAt) throw new ApiError(409, 'CANNOT_IMPERSONATE', 'A blocked account cannot be opened.');
      const token = await auth.impersonationToken(user, admin.user.id);
      const expiresAt = new Date(now().getTime() + IMPERSONATION_MINUTES * 60_000);
      await audited(admin.user.id, 'user.impersonate.start', id, {
        after: { expires_at: expiresAt.toISOString() },
        reason,
      });
      return { token, expiresAt, user };
    },

    /** Ends an impersonation session (its token is signed out) and audits the end. */
    async endImpersonation(session: Session) {
      const impersonator = session.claims.imp;
      if (!impersonator) throw new ApiError(409, 'NOT_IMPERSONATING', 'This session is not an impersonation.');
      await db.transaction(async (tx) => {
        await repo.revokeToken(tx, session.claims.jti, session.user.id, new Date(session.claims.exp * 1000));
        await recordAudit(tx, {
          actorId: impersonator,
          action: 'user.impersonate.end',
          targetType: 'user',
          targetId: session.user.id,
          reason: null,
        });
      });
    },
  };
}

export type UserAdmin = ReturnType<typeof createUserAdmin>;
