import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { subscriptions, users } from '../../../db/schema.ts';
import { listPage, ordered, type Page, userIs } from './shared.ts';

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

export interface SubscriptionFilters {
  status?: string;
  plan?: string;
  user?: string;
}

/** Every subscription with its user's address. */
export function createSubscriptionRepository(db: Db) {
  const withUser = () =>
    db.select(subscriptionColumns).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId));

  return {
    listSubscriptions(
      filters: SubscriptionFilters,
      sort: 'created_at' | 'current_period_end',
      order: 'asc' | 'desc',
      page: Page,
    ) {
      const where = and(
        filters.status
          ? eq(subscriptions.status, filters.status as (typeof subscriptions.$inferSelect)['status'])
          : undefined,
        filters.plan ? eq(subscriptions.planId, filters.plan) : undefined,
        filters.user ? userIs(subscriptions.userId, filters.user) : undefined,
      );
      const column = sort === 'current_period_end' ? subscriptions.currentPeriodEnd : subscriptions.createdAt;
      return listPage(
        db.select({ total: count() }).from(subscriptions).where(where),
        withUser()
          .where(where)
          .orderBy(...ordered(column, order, subscriptions.id)),
        page,
      );
    },

    async subscription(id: number) {
      const [row] = await withUser().where(eq(subscriptions.id, id)).limit(1);
      return row;
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
export type SubscriptionListRow = NonNullable<Awaited<ReturnType<SubscriptionRepository['subscription']>>>;
