import { and, count, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import {
  analyticsEvents,
  cards,
  comments,
  orders,
  purchases,
  revokedTokens,
  subscriptions,
  users,
} from '../../../db/schema.ts';
import { ownerIdOf } from '../../auth/owner.ts';
import { containing, listPage, ordered, type Page, type Transaction } from './shared.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserFilters {
  q?: string;
  plan?: string;
  admin?: boolean;
  verified?: boolean;
  blocked?: boolean;
  lang?: string;
  source?: string;
}

const current = and(eq(subscriptions.userId, users.id), ne(subscriptions.status, 'expired'));

function userConditions(filters: UserFilters): SQL | undefined {
  // The anonymous records an erasure leaves for accounting are nobody's account.
  const conditions: (SQL | undefined)[] = [isNull(users.erasedAt)];
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(sql`(lower(${users.email}) like ${pattern} or lower(coalesce(${users.name}, '')) like ${pattern})`);
  }
  // NOT EXISTS rather than "left join ... is null": the planner estimates it, and walks the newest users first.
  if (filters.plan === 'none') {
    conditions.push(sql`not exists (select 1 from ${subscriptions} as current_plan
      where current_plan.user_id = ${users.id} and current_plan.status <> 'expired')`);
  } else if (filters.plan) conditions.push(eq(subscriptions.planId, filters.plan));
  if (filters.admin !== undefined) conditions.push(eq(users.isAdmin, filters.admin));
  if (filters.verified !== undefined) {
    conditions.push(filters.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt));
  }
  if (filters.blocked !== undefined) {
    conditions.push(filters.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
  }
  if (filters.lang) conditions.push(eq(users.lang, filters.lang));
  if (filters.source) conditions.push(eq(users.registrationSource, filters.source));
  return and(...conditions);
}

const USER_SORTS = {
  created_at: users.createdAt,
  email: sql`lower(${users.email})`,
  name: sql`lower(coalesce(${users.name}, ''))`,
  lang: users.lang,
};

export const userListColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  lang: users.lang,
  isAdmin: users.isAdmin,
  emailVerifiedAt: users.emailVerifiedAt,
  blockedAt: users.blockedAt,
  registrationSource: users.registrationSource,
  planId: subscriptions.planId,
  subscriptionStatus: subscriptions.status,
  createdAt: users.createdAt,
};
export type UserListRow = {
  [K in keyof typeof userListColumns]: (typeof userListColumns)[K]['_']['data'] | null;
} & { id: string; email: string; lang: string; isAdmin: boolean; registrationSource: string; createdAt: Date };

/** The users of the admin area: the list, one user's row and everything about them, and the writes of its changes. */
export function createUserRepository(db: Db) {
  /** A user's newest rows of a table, as the user's page shows them. */
  const newest = (
    table: PgTable & { userId: AnyPgColumn },
    columns: Record<string, AnyPgColumn | SQL>,
    id: string,
    newestFirst: AnyPgColumn,
    limit = 50,
  ) => db.select(columns).from(table).where(eq(table.userId, id)).orderBy(desc(newestFirst)).limit(limit);

  return {
    async listUsers(filters: UserFilters, sort: keyof typeof USER_SORTS, order: 'asc' | 'desc', page: Page) {
      const where = userConditions(filters);
      // The plan join is needed only when a plan filter reads it; the count skips it otherwise.
      const countQuery = db.select({ total: count() }).from(users);
      const joinsPlan = filters.plan !== undefined && filters.plan !== 'none';
      const { rows, total } = await listPage(
        (joinsPlan ? countQuery.leftJoin(subscriptions, current) : countQuery).where(where),
        db
          .select(userListColumns)
          .from(users)
          .leftJoin(subscriptions, current)
          .where(where)
          .orderBy(...ordered(USER_SORTS[sort], order, users.id)),
        page,
      );
      return { rows: rows as UserListRow[], total };
    },

    async userListRow(id: string, executor: Db | Transaction = db): Promise<UserListRow | undefined> {
      const [row] = await executor
        .select(userListColumns)
        .from(users)
        .leftJoin(subscriptions, current)
        .where(eq(users.id, id))
        .limit(1);
      return row as UserListRow | undefined;
    },

    async findUser(id: string, executor: Db | Transaction = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * The owner among administrators: the administrator with the address `ownerEmail` (ADMIN_EMAIL) when there is
     * one, else the earliest administrator.
     */
    ownerId(executor: Db | Transaction, ownerEmail: string | undefined): Promise<string | undefined> {
      return ownerIdOf(executor, ownerEmail);
    },

    async lockUser(tx: Transaction, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
      return row;
    },

    async revokeToken(tx: Transaction, jti: string, userId: string, expiresAt: Date) {
      await tx.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
    },

    async updateUser(tx: Transaction, id: string, values: Partial<typeof users.$inferInsert>) {
      await tx.update(users).set(values).where(eq(users.id, id));
    },

    /** Everything an administrator looks at about one user, the long lists cut to their newest rows. */
    async userDetail(id: string) {
      const [cardRows, subscriptionRows, purchaseRows, orderRows, commentRows, eventRows] = await Promise.all([
        newest(
          cards,
          {
            id: cards.id,
            name: cards.name,
            birth_date: cards.birthDate,
            is_primary: cards.isPrimary,
            created_at: cards.createdAt,
          },
          id,
          cards.createdAt,
          100,
        ),
        newest(
          subscriptions,
          {
            id: subscriptions.id,
            plan_id: subscriptions.planId,
            status: subscriptions.status,
            source: subscriptions.source,
            current_period_start: subscriptions.currentPeriodStart,
            current_period_end: subscriptions.currentPeriodEnd,
            auto_renew: subscriptions.autoRenew,
          },
          id,
          subscriptions.id,
        ),
        newest(
          purchases,
          {
            id: purchases.id,
            product_name: purchases.productName,
            product_id: purchases.productId,
            source: purchases.source,
            activation_date: purchases.activationDate,
            expires_at: purchases.expiresAt,
            created_at: purchases.createdAt,
          },
          id,
          purchases.createdAt,
        ),
        newest(
          orders,
          {
            id: orders.id,
            product_id: orders.productId,
            status: orders.status,
            amount: orders.amount,
            refunded_amount: orders.refundedAmount,
            currency: orders.currency,
            provider: orders.provider,
            created_at: orders.createdAt,
          },
          id,
          orders.createdAt,
        ),
        newest(
          comments,
          {
            id: comments.id,
            cycle_type: comments.cycleType,
            cycle_value: comments.cycleValue,
            content: comments.content,
            is_deleted: comments.isDeleted,
            hidden: sql<boolean>`${comments.hiddenAt} is not null`,
            created_at: comments.createdAt,
          },
          id,
          comments.createdAt,
        ),
        newest(
          analyticsEvents,
          {
            id: analyticsEvents.id,
            event: analyticsEvents.event,
            category: analyticsEvents.category,
            label: analyticsEvents.label,
            url: analyticsEvents.url,
            created_at: analyticsEvents.createdAt,
          },
          id,
          analyticsEvents.createdAt,
        ),
      ]);
      return {
        cards: cardRows,
        subscriptions: subscriptionRows,
        purchases: purchaseRows,
        payments: orderRows,
        comments: commentRows,
        events: eventRows,
      };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
