import type { OrderDto } from '@hunab/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { orderEvents, orders, products } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { pick } from '../products/service.ts';
import { createCheckout } from './checkout.ts';
import { orderHistory, type PaymentsOptions } from './context.ts';
import { createGrants } from './grants.ts';
import { createInbox } from './inbox.ts';
import { createPaymentLetters } from './letters.ts';
import { createOutcomes } from './outcomes.ts';
import { createRefunds } from './refunds.ts';
import { createOrderViews } from './views.ts';

export type { OrderRow, PaymentsOptions } from './context.ts';

/** Failed renewal charges are retried after 1, 2 and 4 days; after the last the subscription lapses. */
export const RENEWAL_RETRY_DAYS = [1, 2, 4] as const;
/** The renewal reminder goes out this many days before the charge. */
export const RENEWAL_REMINDER_DAYS = 3;

/**
 * The order service: new orders (checkout), what providers report (outcomes, the notification inbox), refunds, the
 * letters to the buyer, and the orders as the API reads them, each in its own file and joined here.
 */
export function createPaymentService(options: PaymentsOptions) {
  const { db, providers } = options;
  const event = orderHistory(options.now);
  const { toDto, productName } = createOrderViews(options);
  const grants = createGrants(options.now);
  const letters = createPaymentLetters(options, { productName });
  const { refundOrder, writeRefunded, refundDuplicate } = createRefunds(options, {
    event,
    takeBack: grants.takeBack,
    notifyRefund: letters.notifyRefund,
  });
  const { apply, sync, refreshOnce } = createOutcomes(options, {
    event,
    ...grants,
    ...letters,
    writeRefunded,
    refundDuplicate,
  });
  const { providerFor, createOrder } = createCheckout(options, {
    event,
    grant: grants.grant,
    notifyBuyer: letters.notifyBuyer,
    toDto,
  });

  return {
    providerIds: () => [...providers.keys()],
    providerFor,
    apply,
    sync,
    toDto,
    productName,
    createOrder,
    ...createInbox(options, { event, sync }),

    async order(id: string, viewer: { id: string; isAdmin: boolean }, refresh: boolean) {
      const [found] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      // Another user's order reads as missing, so order ids cannot be probed.
      if (!found || (found.userId !== viewer.id && !viewer.isAdmin)) {
        throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
      }
      let order = found;
      if (refresh && order.status === 'pending') {
        await refreshOnce(order);
        const [current] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
        order = current ?? order;
      }
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id));
      return {
        order: toDto(order, await productName(order.productId, order.lang), events),
        confirmationUrl: order.status === 'pending' ? order.confirmationUrl : null,
      };
    },

    async payments(userId: string, lang: string): Promise<OrderDto[]> {
      const rows = await db
        .select({ order: orders, names: products.nameI18n })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(200);
      return rows.map((row) => toDto(row.order, pick(row.names, lang, row.order.productId)));
    },

    /**
     * An administrator's refund, full or partial, through the provider (`refundOrder`), returned as the order's DTO.
     */
    async refund(orderId: string, admin: { id: string }, input: { amount?: number; reason: string }) {
      const updated = await refundOrder(orderId, { actor: 'admin', adminId: admin.id, ...input });
      // Read after the transaction: on the embedded database a query beside an open transaction would wait for it.
      return toDto(updated, await productName(updated.productId, updated.lang));
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
