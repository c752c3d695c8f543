import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orderEvents, orders, users } from '../../../db/schema.ts';
import { listPage, ordered, type Page, userIs, withinDays } from './shared.ts';

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

export interface PaymentFilters {
  status?: string;
  provider?: string;
  user?: string;
  from?: string;
  to?: string;
}

/** Every payment (an order with its buyer) and one order's timeline. */
export function createPaymentRepository(db: Db) {
  const withBuyer = () => db.select(paymentColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));

  return {
    listPayments(filters: PaymentFilters, sort: 'created_at' | 'amount', order: 'asc' | 'desc', page: Page) {
      const where = and(
        filters.status ? eq(orders.status, filters.status as (typeof orders.$inferSelect)['status']) : undefined,
        filters.provider ? eq(orders.provider, filters.provider) : undefined,
        filters.user ? userIs(orders.userId, filters.user) : undefined,
        withinDays(orders.createdAt, filters.from, filters.to),
      );
      return listPage(
        db.select({ total: count() }).from(orders).where(where),
        withBuyer()
          .where(where)
          .orderBy(...ordered(sort === 'amount' ? orders.amount : orders.createdAt, order, orders.id)),
        page,
      );
    },

    async payment(id: string) {
      const [row] = await withBuyer().where(eq(orders.id, id)).limit(1);
      if (!row) return undefined;
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id));
      return { row, events };
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
export type PaymentListRow = Awaited<ReturnType<PaymentRepository['listPayments']>>['rows'][number];
