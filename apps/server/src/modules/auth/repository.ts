import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, loginAttempts, revokedTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type EmailTokenPurpose = 'verify_email' | 'reset_password';

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

    /** An unused, unexpired token of a purpose, by its hash. */
    async findUsableEmailToken(tokenHash: string, purpose: EmailTokenPurpose, now: Date) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
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
    async retireEmailTokens(userId: string, purpose: EmailTokenPurpose, now: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    async countEmailTokensSince(userId: string, purpose: EmailTokenPurpose, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)));
      return Number(row?.count ?? 0);
    },

    async recordLoginAttempt(email: string, ip: string, succeeded: boolean, now: Date): Promise<void> {
      await db.insert(loginAttempts).values({ email: email.toLowerCase(), ip, succeeded, createdAt: now });
    },

    async clearLoginFailures(email: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.email, email.toLowerCase()), eq(loginAttempts.succeeded, false)));
    },

    /**
     * When the failures of an account (or an address) since `since` fall below `limit` again: null when they
     * already are. The limit-th newest failure leaving the window is the moment.
     */
    async throttledUntil(
      by: 'email' | 'ip',
      value: string,
      limit: number,
      since: Date,
      windowMs: number,
    ): Promise<Date | null> {
      const column = by === 'email' ? loginAttempts.email : loginAttempts.ip;
      const [row] = await db
        .select({ createdAt: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(
          and(
            eq(column, by === 'email' ? value.toLowerCase() : value),
            eq(loginAttempts.succeeded, false),
            gt(loginAttempts.createdAt, since),
          ),
        )
        .orderBy(desc(loginAttempts.createdAt))
        .offset(limit - 1)
        .limit(1);
      return row ? new Date(row.createdAt.getTime() + windowMs) : null;
    },

    async deleteLoginAttemptsBefore(before: Date): Promise<void> {
      await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
