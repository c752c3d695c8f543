import type { AdminListQuery } from '@hunab/contracts';
import { ADMIN_CSV_MAX_ROWS } from '@hunab/contracts';
import { aliasedTable, and, asc, count, desc, eq, gte, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  adminAudit,
  analyticsEvents,
  cards,
  commentCycleCounts,
  commentReports,
  comments,
  orderEvents,
  orders,
  products,
  promoCodes,
  purchases,
  revokedTokens,
  subscriptions,
  users,
} from '../../db/schema.ts';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
export type UserRow = typeof users.$inferSelect;

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of one page, or of the whole export for CSV. */
export function pageOf(query: Pick<AdminListQuery, 'page' | 'limit' | 'format'>) {
  return query.format === 'csv'
    ? { limit: ADMIN_CSV_MAX_ROWS, offset: 0 }
    : { limit: query.limit, offset: (query.page - 1) * query.limit };
}

export const paginationOf = (query: Pick<AdminListQuery, 'page' | 'limit'>, total: number) => ({
  page: query.page,
  limit: query.limit,
  total,
  pages: Math.max(1, Math.ceil(total / query.limit)),
});

/** Ascending or descending by a column, with the id as the tie-breaker so pages never overlap. */
export const ordered = (column: AnyPgColumn | SQL, order: 'asc' | 'desc', id: AnyPgColumn) =>
  order === 'asc' ? [asc(column), asc(id)] : [desc(column), desc(id)];

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** A user column matching a user given by id or by email. */
const userIs = (column: AnyPgColumn, ref: string) =>
  ref.includes('@')
    ? sql`${column} = (select ${users.id} from ${users} where lower(${users.email}) = lower(${ref}))`
    : eq(column, ref);

const paymentColumns = {
  id: orders.id,
  userId: orders.userId,
  userEmail: users.email,
  productId: orders.productId,
  kind: orders.kind,
  status: orders.status,
  amount: orders.amount,
  refundedAmount: orders.refundedAmount,
  currency: orders.currency,
  provider: orders.provider,
  providerPaymentId: orders.providerPaymentId,
  promoCode: orders.promoCode,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

const subscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  userEmail: users.email,
  planId: subscriptions.planId,
  status: subscriptions.status,
  source: subscriptions.source,
  autoRenew: subscriptions.autoRenew,
  currentPeriodStart: subscriptions.currentPeriodStart,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  pauseUntil: subscriptions.pauseUntil,
  createdAt: subscriptions.createdAt,
};

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
  const conditions: (SQL | undefined)[] = [];
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

export function createAdminRepository(db: Db) {
  return {
    async listUsers(
      filters: UserFilters,
      sort: keyof typeof USER_SORTS,
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const where = userConditions(filters);
      // The plan join is needed only when a plan filter reads it; the count skips it otherwise.
      const countQuery = db.select({ total: count() }).from(users);
      const joinsPlan = filters.plan !== undefined && filters.plan !== 'none';
      const [totals] = await (joinsPlan ? countQuery.leftJoin(subscriptions, current) : countQuery).where(where);
      const rows = await db
        .select(userListColumns)
        .from(users)
        .leftJoin(subscriptions, current)
        .where(where)
        .orderBy(...ordered(USER_SORTS[sort], order, users.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows as UserListRow[], total: Number(totals?.total ?? 0) };
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
        db
          .select({
            id: cards.id,
            name: cards.name,
            birth_date: cards.birthDate,
            is_primary: cards.isPrimary,
            created_at: cards.createdAt,
          })
          .from(cards)
          .where(eq(cards.userId, id))
          .orderBy(desc(cards.createdAt))
          .limit(100),
        db
          .select({
            id: subscriptions.id,
            plan_id: subscriptions.planId,
            status: subscriptions.status,
            source: subscriptions.source,
            current_period_start: subscriptions.currentPeriodStart,
            current_period_end: subscriptions.currentPeriodEnd,
            auto_renew: subscriptions.autoRenew,
          })
          .from(subscriptions)
          .where(eq(subscriptions.userId, id))
          .orderBy(desc(subscriptions.id))
          .limit(50),
        db
          .select({
            id: purchases.id,
            product_name: purchases.productName,
            product_id: purchases.productId,
            source: purchases.source,
            activation_date: purchases.activationDate,
            expires_at: purchases.expiresAt,
            created_at: purchases.createdAt,
          })
          .from(purchases)
          .where(eq(purchases.userId, id))
          .orderBy(desc(purchases.createdAt))
          .limit(50),
        db
          .select({
            id: orders.id,
            product_id: orders.productId,
            status: orders.status,
            amount: orders.amount,
            refunded_amount: orders.refundedAmount,
            currency: orders.currency,
            provider: orders.provider,
            created_at: orders.createdAt,
          })
          .from(orders)
          .where(eq(orders.userId, id))
          .orderBy(desc(orders.createdAt))
          .limit(50),
        db
          .select({
            id: comments.id,
            cycle_type: comments.cycleType,
            cycle_value: comments.cycleValue,
            content: comments.content,
            is_deleted: comments.isDeleted,
            hidden: sql<boolean>`${comments.hiddenAt} is not null`,
            created_at: comments.createdAt,
          })
          .from(comments)
          .where(eq(comments.userId, id))
          .orderBy(desc(comments.createdAt))
          .limit(50),
        db
          .select({
            id: analyticsEvents.id,
            event: analyticsEvents.event,
            category: analyticsEvents.category,
            label: analyticsEvents.label,
            url: analyticsEvents.url,
            created_at: analyticsEvents.createdAt,
          })
          .from(analyticsEvents)
          .where(eq(analyticsEvents.userId, id))
          .orderBy(desc(analyticsEvents.createdAt))
          .limit(50),
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

    async listAudit(
      filters: { actor?: string; action?: string; targetType?: string; targetId?: string; from?: string; to?: string },
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const conditions: (SQL | undefined)[] = [
        filters.actor
          ? filters.actor.includes('@')
            ? sql`${adminAudit.actorId} = (select ${users.id} from ${users} where lower(${users.email}) = lower(${filters.actor}))`
            : eq(adminAudit.actorId, filters.actor)
          : undefined,
        filters.action ? sql`${adminAudit.action} like ${`${filters.action.replace(/_/g, '\\_')}%`}` : undefined,
        filters.targetType ? eq(adminAudit.targetType, filters.targetType) : undefined,
        filters.targetId ? eq(adminAudit.targetId, filters.targetId) : undefined,
        filters.from ? gte(adminAudit.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
        filters.to ? lt(adminAudit.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)) : undefined,
      ];
      const where = and(...conditions);
      const [totals] = await db.select({ total: count() }).from(adminAudit).where(where);
      const rows = await db
        .select({
          id: adminAudit.id,
          actorId: adminAudit.actorId,
          actorEmail: users.email,
          action: adminAudit.action,
          targetType: adminAudit.targetType,
          targetId: adminAudit.targetId,
          before: adminAudit.before,
          after: adminAudit.after,
          reason: adminAudit.reason,
          createdAt: adminAudit.createdAt,
        })
        .from(adminAudit)
        .leftJoin(users, eq(users.id, adminAudit.actorId))
        .where(where)
        .orderBy(...ordered(adminAudit.createdAt, order, adminAudit.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async listComments(
      filters: { cycleType?: string; cycleValue?: number; user?: string; status?: string },
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const openReports = sql<number>`(select count(*)::int from ${commentReports}
        where ${commentReports.commentId} = ${comments.id} and ${commentReports.status} = 'open')`;
      const status = {
        visible: and(eq(comments.isDeleted, false), isNull(comments.hiddenAt)),
        hidden: isNotNull(comments.hiddenAt),
        deleted: eq(comments.isDeleted, true),
        reported: sql`exists (select 1 from ${commentReports}
          where ${commentReports.commentId} = ${comments.id} and ${commentReports.status} = 'open')`,
      } as Record<string, SQL | undefined>;
      const where = and(
        filters.cycleType ? eq(comments.cycleType, filters.cycleType) : undefined,
        filters.cycleValue !== undefined ? eq(comments.cycleValue, filters.cycleValue) : undefined,
        filters.user ? userIs(comments.userId, filters.user) : undefined,
        filters.status ? status[filters.status] : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(comments).where(where);
      const rows = await db
        .select({
          id: comments.id,
          userId: comments.userId,
          userEmail: users.email,
          userName: users.name,
          userBlocked: sql<boolean>`${users.blockedAt} is not null`,
          cycleType: comments.cycleType,
          cycleValue: comments.cycleValue,
          lang: comments.lang,
          content: comments.content,
          isDeleted: comments.isDeleted,
          hidden: sql<boolean>`${comments.hiddenAt} is not null`,
          openReports,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(where)
        .orderBy(...ordered(comments.createdAt, order, comments.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async listPayments(
      filters: { status?: string; provider?: string; user?: string; from?: string; to?: string },
      sort: 'created_at' | 'amount',
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const where = and(
        filters.status ? eq(orders.status, filters.status as (typeof orders.$inferSelect)['status']) : undefined,
        filters.provider ? eq(orders.provider, filters.provider) : undefined,
        filters.user ? userIs(orders.userId, filters.user) : undefined,
        filters.from ? gte(orders.createdAt, dayStart(filters.from)) : undefined,
        filters.to ? lt(orders.createdAt, dayAfter(filters.to)) : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(orders).where(where);
      const rows = await db
        .select(paymentColumns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(...ordered(sort === 'amount' ? orders.amount : orders.createdAt, order, orders.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async payment(id: string) {
      const [row] = await db
        .select(paymentColumns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, id))
        .limit(1);
      if (!row) return undefined;
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id));
      return { row, events };
    },

    async listSubscriptions(
      filters: { status?: string; plan?: string; user?: string },
      sort: 'created_at' | 'current_period_end',
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const where = and(
        filters.status
          ? eq(subscriptions.status, filters.status as (typeof subscriptions.$inferSelect)['status'])
          : undefined,
        filters.plan ? eq(subscriptions.planId, filters.plan) : undefined,
        filters.user ? userIs(subscriptions.userId, filters.user) : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(subscriptions).where(where);
      const rows = await db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(where)
        .orderBy(
          ...ordered(
            sort === 'current_period_end' ? subscriptions.currentPeriodEnd : subscriptions.createdAt,
            order,
            subscriptions.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async subscription(id: number) {
      const [row] = await db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(eq(subscriptions.id, id))
        .limit(1);
      return row;
    },

    async listPromoCodes(
      filters: { active?: boolean },
      sort: 'created_at' | 'code' | 'valid_until',
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const where = filters.active === undefined ? undefined : eq(promoCodes.active, filters.active);
      const [totals] = await db.select({ total: count() }).from(promoCodes).where(where);
      const column = { created_at: promoCodes.createdAt, code: promoCodes.code, valid_until: promoCodes.validUntil }[
        sort
      ];
      const rows = await db
        .select({
          code: promoCodes.code,
          discountPercentage: promoCodes.discountPercentage,
          validUntil: promoCodes.validUntil,
          active: promoCodes.active,
          createdAt: promoCodes.createdAt,
          used: sql<number>`(select count(*)::int from ${orders} where upper(${orders.promoCode}) = ${promoCodes.code}
            and ${orders.status} in ('paid', 'partially_refunded', 'refunded'))`,
          started: sql<number>`(select count(*)::int from ${orders} where upper(${orders.promoCode}) = ${promoCodes.code}
            and ${orders.status} in ('pending', 'failed', 'cancelled'))`,
        })
        .from(promoCodes)
        .where(where)
        .orderBy(...ordered(column, order, promoCodes.code))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async listProducts(
      sort: 'sort_order' | 'id' | 'created_at',
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const [totals] = await db.select({ total: count() }).from(products);
      const column = { sort_order: products.sortOrder, id: products.id, created_at: products.createdAt }[sort];
      const rows = await db
        .select()
        .from(products)
        .orderBy(...ordered(column, order, products.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async lockProduct(tx: Transaction, id: string) {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
      return row;
    },

    async product(id: string) {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row;
    },

    async lockComment(tx: Transaction, id: number) {
      const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update').limit(1);
      return row;
    },

    /**
     * Hides or shows a comment, and the cycle's version moves, so every server's kept pages are read again. A
     * hidden thread leaves its cycle's list with its replies, so the thread count and the count with replies both
     * follow; a hidden reply keeps its place in its thread as a placeholder, as a deleted one does, and is still
     * counted. The thread's row is locked by the caller, and a reply is never added under a hidden thread.
     */
    async setHidden(tx: Transaction, row: typeof comments.$inferSelect, hidden: boolean, at: Date) {
      await tx
        .update(comments)
        .set({ hiddenAt: hidden ? at : null })
        .where(eq(comments.id, row.id));
      const isThread = row.replyToId === null;
      const [thread] = isThread
        ? await tx.select({ replies: count() }).from(comments).where(eq(comments.rootId, row.id))
        : [];
      const sign = hidden ? -1 : 1;
      const threads = isThread ? sign : 0;
      const withReplies = isThread ? sign * (1 + Number(thread?.replies ?? 0)) : 0;
      await tx
        .update(commentCycleCounts)
        .set({
          threads: sql`greatest(0, ${commentCycleCounts.threads} + ${threads})`,
          comments: sql`greatest(0, ${commentCycleCounts.comments} + ${withReplies})`,
          version: sql`${commentCycleCounts.version} + 1`,
        })
        .where(
          and(
            eq(commentCycleCounts.cycleType, row.cycleType),
            eq(commentCycleCounts.cycleValue, row.cycleValue),
            eq(commentCycleCounts.cycleSubValue, row.cycleSubValue),
            eq(commentCycleCounts.lang, row.lang),
            eq(commentCycleCounts.isSum, row.isSum),
          ),
        );
    },

    /** Closes the open reports of a comment (its moderation settled them). */
    async settleReports(tx: Transaction, commentId: number, by: string, at: Date) {
      return tx
        .update(commentReports)
        .set({ status: 'resolved', resolvedBy: by, resolvedAt: at })
        .where(and(eq(commentReports.commentId, commentId), eq(commentReports.status, 'open')))
        .returning({ id: commentReports.id });
    },

    async listReports(
      status: 'open' | 'resolved' | 'dismissed',
      order: 'asc' | 'desc',
      page: { limit: number; offset: number },
    ) {
      const author = aliasedTable(users, 'author');
      const where = eq(commentReports.status, status);
      const [totals] = await db.select({ total: count() }).from(commentReports).where(where);
      const rows = await db
        .select({
          id: commentReports.id,
          commentId: commentReports.commentId,
          commentContent: comments.content,
          commentHidden: sql<boolean>`${comments.hiddenAt} is not null`,
          commentDeleted: comments.isDeleted,
          authorId: comments.userId,
          authorEmail: author.email,
          reporterEmail: users.email,
          reason: commentReports.reason,
          note: commentReports.note,
          status: commentReports.status,
          createdAt: commentReports.createdAt,
        })
        .from(commentReports)
        .innerJoin(comments, eq(comments.id, commentReports.commentId))
        .innerJoin(author, eq(author.id, comments.userId))
        .innerJoin(users, eq(users.id, commentReports.userId))
        .where(where)
        .orderBy(...ordered(commentReports.createdAt, order, commentReports.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async lockReport(tx: Transaction, id: number) {
      const [row] = await tx.select().from(commentReports).where(eq(commentReports.id, id)).for('update').limit(1);
      return row;
    },

    async closeReport(tx: Transaction, id: number, status: 'resolved' | 'dismissed', by: string, at: Date) {
      await tx.update(commentReports).set({ status, resolvedBy: by, resolvedAt: at }).where(eq(commentReports.id, id));
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
export type SubscriptionListRow = NonNullable<Awaited<ReturnType<AdminRepository['subscription']>>>;
