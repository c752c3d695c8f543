import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { emailTokens, loginAttempts, revokedTokens, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** What an emailed link does: confirm the account's address, reset its password, or move the account to a new address. */
export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export function createAuthRepository(db: Db) {
  // Every signed-in request runs this lookup: built once as a prepared statement rather than per request.
  const sessionUser = db
    .select({ user: users, revokedJti: revokedTokens.jti })
    .from(users)
    .leftJoin(revokedTokens, eq(revokedTokens.jti, sql.placeholder('jti')))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('session_user');

  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sameEmail(email)).limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** The user of a session, if the session has not been signed out. */
    async findSessionUser(userId: string, jti: string): Promise<{ user: UserRow; revoked: boolean } | undefined> {
      const [row] = await sessionUser.execute({ userId, jti });
      return row ? { user: row.user, revoked: row.revokedJti !== null } : undefined;
    },

    /** Notes in the audit log a write an administrator attempted while viewing the product as `userId`. */
    /** An impersonation's refused request: `write_denied` for a write, `private_denied` for a private read. */
    async auditImpersonationRefusal(
      adminId: string,
      userId: string,
      refused: 'write' | 'private',
      request: string,
    ): Promise<void> {
      await recordAudit(db, {
        actorId: adminId,
        action: `user.impersonate.${refused}_denied`,
        targetType: 'user',
        targetId: userId,
        after: { request },
      });
    },

    async insertUser(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('inserting a user returned nothing');
      return row;
    },

    async updateUser(id: string, values: Partial<NewUser>, now: Date): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished during an update`);
      return row;
    },

    async revokeToken(jti: string, userId: string, expiresAt: Date, now: Date): Promise<void> {
      await db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    },

    async insertEmailToken(values: {
      userId: string;
      purpose: EmailTokenPurpose;
      tokenHash: string;
      email: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(emailTokens).values(values);
    },

    /** An unused, unexpired token of one of the purposes, by its hash. */
    async findUsableEmailToken(tokenHash: string, purposes: readonly EmailTokenPurpose[], now: Date) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            inArray(emailTokens.purpose, [...purposes]),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks a token used; false when another request used it first. */
    async useEmailToken(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },

    /** Retires every unused token of a purpose (a newer one replaces them, or the password changed). */
    async retireEmailTokens(userId: string, purpose: EmailTokenPurpose | 'all', now: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, userId),
            purpose === 'all' ? undefined : eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
    },

    async countEmailTokensSince(userId: string, purpose: EmailTokenPurpose, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)));
      return Number(row?.count ?? 0);
    },

    /** Records a password check about to happen, as a failure until `markLoginSucceeded`; returns its id. */
    async recordLoginAttempt(email: string, ip: string, now: Date): Promise<number> {
      const [row] = await db
        .insert(loginAttempts)
        .values({ email: email.toLowerCase(), ip, succeeded: false, createdAt: now })
        .returning({ id: loginAttempts.id });
      if (!row) throw new Error('recording a sign-in attempt returned nothing');
      return row.id;
    },

    async markLoginSucceeded(id: number): Promise<void> {
      await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
    },

    async forgetLoginAttempt(id: number): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
    },

    /**
     * Failures since `since` of the account from this address, of this address on any account and of the account
     * from anywhere (each with its oldest), and whether this address has signed in to the account before.
     */
    async loginFailures(email: string, ip: string, since: Date) {
      const lower = email.toLowerCase();
      const [row] = await queryRows<{
        pair: number;
        pair_oldest: Date | string | null;
        address: number;
        address_oldest: Date | string | null;
        account: number;
        account_oldest: Date | string | null;
        known: boolean;
      }>(
        db,
        sql`select
          count(*) filter (where email = ${lower} and ip = ${ip} and not succeeded)::int as pair,
          min(created_at) filter (where email = ${lower} and ip = ${ip} and not succeeded) as pair_oldest,
          count(*) filter (where ip = ${ip} and not succeeded)::int as address,
          min(created_at) filter (where ip = ${ip} and not succeeded) as address_oldest,
          count(*) filter (where email = ${lower} and not succeeded)::int as account,
          min(created_at) filter (where email = ${lower} and not succeeded) as account_oldest,
          exists (select 1 from login_attempts where email = ${lower} and ip = ${ip} and succeeded) as known
        from login_attempts
        where (email = ${lower} or ip = ${ip}) and created_at > ${since.toISOString()}`,
      );
      const at = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
      return {
        pair: { count: Number(row?.pair ?? 0), oldest: at(row?.pair_oldest) },
        address: { count: Number(row?.address ?? 0), oldest: at(row?.address_oldest) },
        account: { count: Number(row?.account ?? 0), oldest: at(row?.account_oldest) },
        knownAddress: Boolean(row?.known),
      };
    },

    /** Forgets the failures of an account, or only those from one address. */
    async clearLoginFailures(email: string, ip?: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(
          and(
            eq(loginAttempts.email, email.toLowerCase()),
            eq(loginAttempts.succeeded, false),
            ip === undefined ? undefined : eq(loginAttempts.ip, ip),
          ),
        );
    },

    async deleteLoginAttemptsBefore(before: Date): Promise<void> {
      await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
