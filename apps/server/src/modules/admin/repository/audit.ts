import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { adminAudit, users } from '../../../db/schema.ts';
import { listPage, ordered, type Page, userIs, withinDays } from './shared.ts';

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** The user a change was made to, when its target is a user: read by email rather than by id. */
const targetUsers = alias(users, 'target_users');

/** The audit log of the administrators' changes. */
export function createAuditRepository(db: Db) {
  return {
    listAudit(filters: AuditFilters, order: 'asc' | 'desc', page: Page) {
      const where = and(
        filters.actor ? userIs(adminAudit.actorId, filters.actor) : undefined,
        filters.action ? sql`${adminAudit.action} like ${`${filters.action.replace(/_/g, '\\_')}%`}` : undefined,
        filters.targetType ? eq(adminAudit.targetType, filters.targetType) : undefined,
        filters.targetId ? eq(adminAudit.targetId, filters.targetId) : undefined,
        withinDays(adminAudit.createdAt, filters.from, filters.to),
      );
      return listPage(
        db.select({ total: count() }).from(adminAudit).where(where),
        db
          .select({
            id: adminAudit.id,
            actorId: adminAudit.actorId,
            actorEmail: users.email,
            actorErased: sql<boolean>`${users.erasedAt} is not null`,
            action: adminAudit.action,
            targetType: adminAudit.targetType,
            targetId: adminAudit.targetId,
            targetEmail: targetUsers.email,
            before: adminAudit.before,
            after: adminAudit.after,
            reason: adminAudit.reason,
            createdAt: adminAudit.createdAt,
          })
          .from(adminAudit)
          .leftJoin(users, eq(users.id, adminAudit.actorId))
          .leftJoin(
            targetUsers,
            and(eq(adminAudit.targetType, 'user'), sql`${targetUsers.id}::text = ${adminAudit.targetId}`),
          )
          .where(where)
          .orderBy(...ordered(adminAudit.createdAt, order, adminAudit.id)),
        page,
      );
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
