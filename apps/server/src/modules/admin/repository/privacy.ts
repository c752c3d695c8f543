import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accountDeletions, dataExports, users } from '../../../db/schema.ts';
import { listPage, type Page } from './shared.ts';

type DeletionStatus = (typeof accountDeletions.$inferSelect)['status'];
type ExportStatus = (typeof dataExports.$inferSelect)['status'];

/** Account deletions and data exports, for the admin area's list of readers' data requests. */
export function createPrivacyRepository(db: Db) {
  return {
    listDeletions(status: DeletionStatus | undefined, order: 'asc' | 'desc', page: Page) {
      const where: SQL | undefined = status ? eq(accountDeletions.status, status) : undefined;
      return listPage(
        db.select({ total: count() }).from(accountDeletions).where(where),
        db
          .select({
            id: accountDeletions.id,
            status: accountDeletions.status,
            userId: accountDeletions.userId,
            userEmail: users.email,
            requestedBy: accountDeletions.requestedBy,
            removeComments: accountDeletions.removeComments,
            createdAt: accountDeletions.createdAt,
            dueAt: accountDeletions.eraseAfter,
            doneAt: sql<Date | null>`coalesce(${accountDeletions.erasedAt}, ${accountDeletions.restoredAt})`.mapWith(
              (value: string | Date | null) => (value == null ? null : new Date(value)),
            ),
          })
          .from(accountDeletions)
          .leftJoin(users, eq(users.id, accountDeletions.userId))
          .where(where)
          .orderBy(
            order === 'asc' ? accountDeletions.createdAt : desc(accountDeletions.createdAt),
            accountDeletions.id,
          ),
        page,
      );
    },

    listExports(status: ExportStatus | undefined, order: 'asc' | 'desc', page: Page) {
      const where = and(status ? eq(dataExports.status, status) : undefined);
      return listPage(
        db.select({ total: count() }).from(dataExports).where(where),
        db
          .select({
            id: dataExports.id,
            status: dataExports.status,
            userId: dataExports.userId,
            userEmail: users.email,
            createdAt: dataExports.createdAt,
            dueAt: dataExports.expiresAt,
            doneAt: dataExports.downloadedAt,
          })
          .from(dataExports)
          .innerJoin(users, eq(users.id, dataExports.userId))
          .where(where)
          .orderBy(order === 'asc' ? dataExports.createdAt : desc(dataExports.createdAt), dataExports.id),
        page,
      );
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
