import type { OrderStatus, PaymentProviderId } from '@hunab/contracts';
import { eq, sql } from 'drizzle-orm';
import { orders, products, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { pick } from '../products/service.ts';
import type { Actor, OrderEvent, OrderRow, PaymentsOptions, Tx } from './context.ts';
import type { Grants } from './grants.ts';
import type { PaymentLetters } from './letters.ts';
import { idempotenceKey } from './providers/types.ts';

/** Who refunds, how much (all that is left when absent) and why. */
export type RefundRequest = { amount?: number; reason: string } & (
  | { actor: 'admin'; adminId: string }
  | { actor: 'system' }
);

/** Refunds: ours through the provider (an administrator's, or the system's for a duplicate payment) and their record. */
export function createRefunds(
  options: Pick<PaymentsOptions, 'db' | 'providers' | 'now' | 'log'>,
  {
    event,
    takeBack,
    notifyRefund,
  }: { event: OrderEvent } & Pick<Grants, 'takeBack'> & Pick<PaymentLetters, 'notifyRefund'>,
) {
  const { db, providers, now, log } = options;

  /** The refunded total of an order (locked by the caller) becomes `refunded`; a full refund takes back its grant. */
  async function writeRefunded(tx: Tx, locked: OrderRow, refunded: number, actor: Actor, data: unknown) {
    const status: OrderStatus = refunded >= locked.amount ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'paid';
    const [row] = await tx
      .update(orders)
      .set({ refundedAmount: refunded, status, updatedAt: now() })
      .where(eq(orders.id, locked.id))
      .returning();
    if (!row) throw new Error('the refund was not written');
    await event(tx, locked.id, 'refunded', actor, { from: locked.status, to: status, data });
    return row;
  }

  /**
   * A second payment for a programme the buyer already holds, refunded in full as soon as it is known. A refund the
   * provider refuses stays on the order's history (`refund_refused`) for an administrator, and the order stays paid.
   */
  async function refundDuplicate(order: OrderRow): Promise<OrderRow> {
    try {
      return await refundOrder(order.id, { actor: 'system', reason: 'duplicate payment: the programme is held' });
    } catch (error) {
      log.error({ err: error, order: order.id }, 'a duplicate payment could not be refunded; an administrator must');
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
      return row ?? order;
    }
  }

  /**
   * A refund, full or partial, through the provider: an administrator's, or the system's for a duplicate payment. The
   * order is locked and what is left is re-read in the transaction that reserves the amount, so parallel refunds never
   * add up past what was paid and each accepted refund is one provider call; a refund the provider refuses is
   * released. A full refund takes back what the order gave: the programme's purchase, or the subscription it started
   * (which expires now).
   */
  async function refundOrder(orderId: string, input: RefundRequest): Promise<OrderRow> {
    const actor: Actor = input.actor;
    const by = input.actor === 'admin' ? { admin: input.adminId } : {};
    const reserved = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
      if (order.status !== 'paid' && order.status !== 'partially_refunded') {
        throw new ApiError(409, 'NOT_REFUNDABLE', `An order that is ${order.status} cannot be refunded.`);
      }
      const left = order.amount - order.refundedAmount - order.refundPending;
      const amount = input.amount ?? left;
      if (left <= 0) throw new ApiError(409, 'NOT_REFUNDABLE', 'The whole payment is being refunded already.');
      if (amount > left) throw new ApiError(400, 'VALIDATION_ERROR', `At most ${left} can be refunded.`);
      const provider = providers.get(order.provider as PaymentProviderId);
      if (!provider || !order.providerPaymentId) {
        throw new ApiError(409, 'PROVIDER_UNAVAILABLE', 'The provider of this payment is not configured here.');
      }
      await tx
        .update(orders)
        .set({ refundPending: order.refundPending + amount, updatedAt: now() })
        .where(eq(orders.id, order.id));
      await event(tx, order.id, 'refund_requested', actor, { data: { amount, ...by } });
      return { order, amount, provider, paymentId: order.providerPaymentId };
    });
    const { order, amount, provider } = reserved;
    const [product] = await db.select().from(products).where(eq(products.id, order.productId)).limit(1);
    const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    try {
      await provider.refund({
        paymentId: reserved.paymentId,
        amount,
        currency: order.currency,
        // What was refunded before and this amount name the operation: a repeated request is the same refund.
        idempotenceKey: idempotenceKey('refund', order.id, order.refundedAmount + order.refundPending, amount),
        ...(amount === order.amount
          ? {}
          : {
              receipt: {
                email: order.receipt?.email ?? buyer?.email ?? '',
                lines: [
                  {
                    description: `Hunab: ${product ? pick(product.nameI18n, order.lang, product.id) : order.productId}`,
                    amount,
                    vatCode: product?.vatCode ?? 1,
                  },
                ],
              },
            }),
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ refundPending: sql`${orders.refundPending} - ${amount}`, updatedAt: now() })
          .where(eq(orders.id, order.id));
        await event(tx, order.id, 'refund_refused', actor, {
          data: { amount, error: String((error as Error).message).slice(0, 300) },
        });
      });
      log.error({ err: error, order: order.id }, 'the provider refused a refund');
      throw new ApiError(
        502,
        'PAYMENT_PROVIDER_ERROR',
        `The payment service refused the refund: ${(error as Error).message.slice(0, 200)}`,
      );
    }
    const updated = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!locked) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
      await tx
        .update(orders)
        .set({ refundPending: sql`${orders.refundPending} - ${amount}` })
        .where(eq(orders.id, order.id));
      const row = await writeRefunded(tx, locked, locked.refundedAmount + amount, actor, {
        amount,
        reason: input.reason,
        ...by,
      });
      if (row.status === 'refunded' && locked.status !== 'refunded') {
        await takeBack(tx, row, actor, input.reason);
      }
      if (input.actor !== 'admin') return row;
      await recordAudit(tx, {
        actorId: input.adminId,
        action: 'payment.refund',
        targetType: 'order',
        targetId: order.id,
        before: { status: order.status, refunded_amount: order.refundedAmount },
        after: { status: row.status, refunded_amount: row.refundedAmount, amount, currency: row.currency },
        reason: input.reason,
      });
      return row;
    });
    await notifyRefund(updated, amount);
    return updated;
  }

  return { writeRefunded, refundOrder, refundDuplicate };
}
export type Refunds = ReturnType<typeof createRefunds>;
