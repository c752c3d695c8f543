import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_GRACE_DAYS,
  DELETION_CONFIRM_HOURS,
  EXPORT_DOMAINS,
  EXPORT_INTERVAL_HOURS,
  EXPORT_LINK_HOURS,
  type PrivacyStatus,
} from '@hunab/contracts';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Transaction } from '../../db/client.ts';
import { accountDeletions, dataExports, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { formatDay } from '../../lib/locale-format.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { createAdminErasure } from './admin-erasure.ts';
import { closeAll, reopenAll } from './closing.ts';
import { eraseAccount } from './erasure.ts';
import { collectExport } from './export.ts';
import { readmeOf } from './readme.ts';
import { writeZip } from './zip.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type UserRow = typeof users.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
};

/** A password set by the reader (argon2id); accounts opened by another way (a future sign-in link) have none. */
export const hasPassword = (user: Pick<UserRow, 'passwordHash'>) => user.passwordHash.startsWith('$argon2');

const displayName = (user: UserRow) => user.name ?? user.username ?? user.email;
const pagePath = (lang: string, page: string) => (lang === 'ru' ? `/${page}` : `/${lang}/${page}`);

export interface PrivacyDeps {
  db: Db;
  mailer: Mailer;
  subscriptions: Pick<SubscriptionService, 'cancel'>;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * Prepare a requested export at once rather than at the scheduler's next run; off where the scheduler is off
   * (tests run `runDue` themselves, so nothing writes behind their back).
   */
  prepareAtOnce: boolean;
  /** ADMIN_EMAIL: names the owner among administrators, whom no other administrator erases. */
  ownerEmail?: string | undefined;
}

/**
 * The reader's rights over their data (docs/decisions/033-your-data.md): a copy of everything (an export prepared in
 * the background, downloaded once), and the deletion of the account: closed at once, erased after the grace period
 * by the scheduler unless restored with the deletion letter's link.
 */
export function createPrivacyService({
  db,
  mailer,
  subscriptions,
  publicUrl,
  now,
  log,
  prepareAtOnce,
  ownerEmail,
}: PrivacyDeps) {
  const running = new Set<Promise<unknown>>();

  /** Prepares waiting exports now, in the background, rather than at the scheduler's next turn. */
  function kick() {
    if (!prepareAtOnce) return;
    const work = prepareExports().catch((error: unknown) => log.error({ err: error }, 'a data export failed'));
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  async function lockUser(tx: Transaction, userId: string) {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.closedAt) throw new ApiError(404, 'USER_NOT_FOUND', 'This account does not exist any more.');
    return user;
  }

  /** Claims one waiting export (SKIP LOCKED: each is built by one process), builds its archive and mails the link. */
  async function prepareOne(): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: dataExports.id, userId: dataExports.userId })
        .from(dataExports)
        .where(eq(dataExports.status, 'preparing'))
        .orderBy(dataExports.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!user || user.closedAt) {
        // Asked for just before the account was closed: nothing goes to a closed account.
        await tx.update(dataExports).set({ status: 'expired' }).where(eq(dataExports.id, row.id));
        return 'skipped' as const;
      }
      const at = now();
      const data = await collectExport(tx, user.id, user.email);
      const files = [
        { name: 'README.txt', data: Buffer.from(readmeOf(user.lang, at), 'utf8') },
        // In the contracts' order, the order the README lists them in.
        ...EXPORT_DOMAINS.map((domain) => ({
          name: `${domain}.json`,
          data: Buffer.from(`${JSON.stringify(data[domain], null, 2)}\n`, 'utf8'),
        })),
      ];
      const archive = await writeZip(files, at);
      const { token, hash } = newToken();
      await tx
        .update(dataExports)
        .set({
          status: 'ready',
          tokenHash: hash,
          archive,
          bytes: archive.length,
          readyAt: at,
          expiresAt: new Date(at.getTime() + EXPORT_LINK_HOURS * HOUR),
        })
        .where(eq(dataExports.id, row.id));
      return { user, token };
    });
    if (!done) return false;
    if (done === 'skipped') return true;
    const { user, token } = done;
    await mailer.send({
      to: user.email,
      kind: 'dataExportReady',
      lang: user.lang,
      userId: user.id,
      values: {
        name: displayName(user),
        hours: EXPORT_LINK_HOURS,
        link: `${publicUrl}${pagePath(user.lang, 'account')}?export=${token}`,
      },
    });
    return true;
  }

  async function prepareExports(): Promise<number> {
    let prepared = 0;
    while (prepared < 20 && (await prepareOne())) prepared++;
    return prepared;
  }

  /** Closes the account inside `tx`: refused sign-in, sessions ended, the closing steps parked; a restore token. */
  async function closeIn(
    tx: Transaction,
    user: UserRow,
    options: { removeComments: boolean; requestedBy: 'owner' | 'admin' },
  ) {
    const at = now();
    const parked = await closeAll(tx, user.id, at);
    await tx
      .update(users)
      .set({ closedAt: at, tokenVersion: user.tokenVersion + 1, updatedAt: at })
      .where(eq(users.id, user.id));
    const { token, hash } = newToken();
    const eraseAfter = new Date(at.getTime() + ACCOUNT_GRACE_DAYS * DAY);
    const [row] = await tx
      .insert(accountDeletions)
      .values({
        userId: user.id,
        status: 'closed',
        removeComments: options.removeComments,
        requestedBy: options.requestedBy,
        restoreTokenHash: hash,
        parked,
        closedAt: at,
        eraseAfter,
        createdAt: at,
      })
      .returning({ id: accountDeletions.id });
    if (!row) throw new Error('the deletion was not written');
    return { id: row.id, token, eraseAfter };
  }

  /** After a closing committed: the provider's renewal stops (a subscription event) and the letter goes out. */
  async function afterClosing(user: UserRow, token: string, eraseAfter: Date) {
    await subscriptions.cancel(user.id, 'account deleted').catch(() => undefined);
    await mailer.send({
      to: user.email,
      kind: 'accountDeleted',
      lang: user.lang,
      userId: user.id,
      values: {
        name: displayName(user),
        date: formatDay(eraseAfter.toISOString().slice(0, 10), user.lang),
        link: `${publicUrl}${pagePath(user.lang, 'account/restore')}?token=${token}`,
      },
    });
  }

  async function closeAccount(userId: string, removeComments: boolean) {
    const closed = await db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      return { user, ...(await closeIn(tx, user, { removeComments, requestedBy: 'owner' })) };
    });
    await afterClosing(closed.user, closed.token, closed.eraseAfter);
    return { status: 'closed' as const, erase_after: closed.eraseAfter.toISOString() };
  }

  /** Erases one due account (SKIP LOCKED: once, whichever process gets it); false when none is due. */
  async function eraseOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: accountDeletions.id,
          userId: accountDeletions.userId,
          removeComments: accountDeletions.removeComments,
        })
        .from(accountDeletions)
        .where(and(eq(accountDeletions.status, 'closed'), lte(accountDeletions.eraseAfter, now())))
        .orderBy(accountDeletions.eraseAfter)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      if (row.userId) {
        await eraseAccount(tx, row.userId, { removeComments: row.removeComments, at: now(), deletionId: row.id });
      }
      await markErased(tx, row.id);
      return true;
    });
  }

  const markErased = (tx: Transaction, id: string) =>
    tx
      .update(accountDeletions)
      .set({
        status: 'erased',
        erasedAt: now(),
        userId: null,
        parked: {},
        restoreTokenHash: null,
        confirmTokenHash: null,
      })
      .where(eq(accountDeletions.id, id));

  return {
    idle: () => Promise.all(running),

    async status(user: UserRow): Promise<PrivacyStatus> {
      const [latest] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, user.id))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      const [pending] = await db
        .select({ id: accountDeletions.id })
        .from(accountDeletions)
        .where(
          and(
            eq(accountDeletions.userId, user.id),
            eq(accountDeletions.status, 'awaiting_confirmation'),
            gt(accountDeletions.confirmExpiresAt, now()),
          ),
        )
        .limit(1);
      return {
        has_password: hasPassword(user),
        grace_days: ACCOUNT_GRACE_DAYS,
        export: latest
          ? {
              status:
                latest.status === 'ready' && latest.expiresAt && latest.expiresAt <= now() ? 'expired' : latest.status,
              requested_at: latest.createdAt.toISOString(),
              expires_at: latest.expiresAt?.toISOString() ?? null,
              next_allowed_at: new Date(latest.createdAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR).toISOString(),
            }
          : null,
        deletion_pending: Boolean(pending),
      };
    },

    /** Asks for an export: one a day, counted under the user row's lock so parallel requests make one. */
    async requestExport(userId: string) {
      const at = now();
      const made = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [recent] = await tx
          .select({ createdAt: dataExports.createdAt })
          .from(dataExports)
          .where(
            and(
              eq(dataExports.userId, userId),
              gt(dataExports.createdAt, new Date(at.getTime() - EXPORT_INTERVAL_HOURS * HOUR)),
            ),
          )
          .orderBy(desc(dataExports.createdAt))
          .limit(1);
        if (recent) {
          const next = recent.createdAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR;
          const wait = Math.max(1, Math.ceil((next - at.getTime()) / 1000));
          throw new ApiError(429, 'EXPORT_LIMIT_REACHED', 'One copy of your data a day. Ask again tomorrow.', {
            retryAfter: wait,
          });
        }
        await tx.insert(dataExports).values({ userId, createdAt: at });
        return new Date(at.getTime() + EXPORT_INTERVAL_HOURS * HOUR);
      });
      kick();
      return { status: 'preparing' as const, next_allowed_at: made.toISOString() };
    },

    /**
     * The archive of a link: once, while it is valid, and only to its owner (anyone else hears it does not exist).
     * The download is audited (`account.export.download`, by the reader).
     */
    async download(userId: string, token: string): Promise<Buffer> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(dataExports)
          .where(eq(dataExports.tokenHash, hashToken(token)))
          .for('update');
        if (
          !row ||
          row.userId !== userId ||
          row.status !== 'ready' ||
          !row.archive ||
          !row.expiresAt ||
          row.expiresAt <= now()
        ) {
          throw new ApiError(
            404,
            'INVALID_TOKEN',
            'This download link is invalid, used or expired. Ask for a new copy.',
          );
        }
        await tx
          .update(dataExports)
          .set({ status: 'downloaded', downloadedAt: now(), archive: null })
          .where(eq(dataExports.id, row.id));
        await recordAudit(tx, {
          actorId: userId,
          action: 'account.export.download',
          targetType: 'data_export',
          targetId: row.id,
          after: { bytes: row.archive.length },
        });
        return row.archive;
      });
    },

    /**
     * Deletes the account: with its password at once; an account without a password gets a letter whose link
     * confirms. A wrong password is refused before anything changes.
     */
    async requestDeletion(user: UserRow, body: { password?: string | undefined; remove_comments: boolean }) {
      if (hasPassword(user)) {
        if (!body.password || !(await verifyPassword(user.passwordHash, body.password))) {
          throw new ApiError(403, 'INVALID_PASSWORD', 'The password is not correct');
        }
        return closeAccount(user.id, body.remove_comments);
      }
      const { token, hash } = newToken();
      const at = now();
      await db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await tx
          .update(accountDeletions)
          .set({ status: 'cancelled', confirmTokenHash: null })
          .where(and(eq(accountDeletions.userId, user.id), eq(accountDeletions.status, 'awaiting_confirmation')));
        await tx.insert(accountDeletions).values({
          userId: user.id,
          status: 'awaiting_confirmation',
          removeComments: body.remove_comments,
          confirmTokenHash: hash,
          confirmExpiresAt: new Date(at.getTime() + DELETION_CONFIRM_HOURS * HOUR),
          createdAt: at,
        });
      });
      await mailer.send({
        to: user.email,
        kind: 'confirmAccountDeletion',
        lang: user.lang,
        userId: user.id,
        values: {
          name: displayName(user),
          hours: DELETION_CONFIRM_HOURS,
          link: `${publicUrl}${pagePath(user.lang, 'account/delete')}?token=${token}`,
        },
      });
      return { status: 'confirmation_sent' as const, erase_after: null };
    },

    /** The confirmation letter's link of an account without a password: the account closes now. */
    async confirmDeletion(token: string) {
      const closed = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(accountDeletions)
          .where(eq(accountDeletions.confirmTokenHash, hashToken(token)))
          .for('update');
        if (
          !row?.userId ||
          row.status !== 'awaiting_confirmation' ||
          !row.confirmExpiresAt ||
          row.confirmExpiresAt <= now()
        ) {
          throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid or has expired.');
        }
        await tx
          .update(accountDeletions)
          .set({ status: 'cancelled', confirmTokenHash: null })
          .where(eq(accountDeletions.id, row.id));
        const user = await lockUser(tx, row.userId);
        return { user, ...(await closeIn(tx, user, { removeComments: row.removeComments, requestedBy: 'owner' })) };
      });
      await afterClosing(closed.user, closed.token, closed.eraseAfter);
      return { status: 'closed' as const, erase_after: closed.eraseAfter.toISOString() };
    },

    /** The deletion letter's link within the grace period: the account opens again with what the closing parked. */
    async restore(token: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(accountDeletions)
          .where(eq(accountDeletions.restoreTokenHash, hashToken(token)))
          .for('update');
        if (!row?.userId || row.status !== 'closed' || !row.eraseAfter || row.eraseAfter <= now()) {
          throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid, or the account has been erased already.');
        }
        const at = now();
        await reopenAll(tx, row.userId, row.parked);
        const [user] = await tx
          .update(users)
          .set({ closedAt: null, updatedAt: at })
          .where(eq(users.id, row.userId))
          .returning({ email: users.email });
        await tx
          .update(accountDeletions)
          .set({ status: 'restored', restoredAt: at, parked: {}, restoreTokenHash: null })
          .where(eq(accountDeletions.id, row.id));
        return { restored: true as const, email: user?.email ?? '' };
      });
    },

    /** An administrator's deletion of an account for its owner's emailed request (admin-erasure.ts). */
    adminErase: createAdminErasure({
      db,
      ownerEmail,
      closeIn,
      afterClosing,
      async eraseNow(tx, userId, deletionId, removeComments) {
        await eraseAccount(tx, userId, { removeComments, at: now(), deletionId });
        await markErased(tx, deletionId);
      },
    }),

    /** The scheduler's turn: waiting exports, expired links, due erasures. */
    async runDue(): Promise<Record<string, number>> {
      const exportsPrepared = await prepareExports();
      const expired = await db
        .update(dataExports)
        .set({ status: 'expired', archive: null })
        .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now())))
        .returning({ id: dataExports.id });
      let erased = 0;
      while (erased < 50 && (await eraseOne())) erased++;
      return { exportsPrepared, exportsExpired: expired.length, erased };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
