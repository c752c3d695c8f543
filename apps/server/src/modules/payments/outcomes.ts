import type { OrderStatus, PaymentProviderId } from '@hunab/contracts';
import { eq, sql } from 'drizzle-orm';
import { orders, products } from '../../db/schema.ts';
import { utcDay } from '../subscriptions/access.ts';
import { type Actor, DUPLICATE_PAYMENT, type OrderEvent, type OrderRow, type PaymentsOptions } from './context.ts';
import type { Grants } from './grants.ts';
import type { PaymentLetters } from './letters.ts';
import type { ProviderPayment } from './providers/types.ts';
import { holdsProgramme } from './purchases.ts';
import type { Refunds } from './refunds.ts';

/** The result pages' refresh asks the provider about one order at most this often; callers in between share it. */
export const REFRESH_EVERY_MS = 5_000;

/** What the providers report about orders' payments, asked or notified, and how it moves the orders. */
export function createOutcomes(
  options: Pick<PaymentsOptions, 'db' | 'providers' | 'now' | 'log'>,
  deps: { event: OrderEvent } & Grants & PaymentLetters & Pick<Refunds, 'writeRefunded' | 'refundDuplicate'>,
) {
  const { db, providers, now, log } = options;
  const { event, grant, takeBack, notifyBuyer, notifyRefund, writeRefunded, refundDuplicate } = deps;

  /**
   * Moves an order by what its provider reported when asked. Only forward: a pending order becomes paid, failed or
   * cancelled once; a paid order is never moved back by a late or replayed report, only on to (partially) refunded
   * when the provider reports money returned. The grant is written in the same transaction, so an order is never
   * paid without its access, nor granted twice.
   */
  async function apply(orderId: string, payment: ProviderPayment, actor: Actor): Promise<OrderRow | null> {
    const outcome = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) return null;
      if (payment.status === 'pending') return { order, moved: false };
      if (order.status !== 'pending') {
        // A refund the provider reports (made in its own panel, or PayPal's REFUNDED capture) moves a paid order on.
        const refundable = order.status === 'paid' || order.status === 'partially_refunded';
        // While a refund of ours is under way, its own answer writes it: the provider's total may already hold it.
        const reported = payment.status === 'succeeded' && payment.refunded > order.refundedAmount;
        if (!refundable || !reported || order.refundPending > 0) {
          return { order, moved: false };
        }
        const refunded = Math.min(order.amount, payment.refunded);
        const row = await writeRefunded(tx, order, refunded, actor, { reported_by: 'provider', refunded });
        if (row.status === 'refunded') await takeBack(tx, row, actor, 'refunded at the provider');
        return { order: row, moved: false, refundedNow: refunded - order.refundedAmount };
      }
      const at = now();
      if (payment.orderId && payment.orderId !== order.id) {
        await event(tx, order.id, 'mismatch', actor, { data: { reported_order: payment.orderId } });
        return { order, moved: false };
      }
      if (payment.status === 'succeeded') {
        if (payment.amount !== order.amount || payment.currency !== order.currency) {
          const [failed] = await tx
            .update(orders)
            .set({ status: 'failed', failureReason: 'amount_mismatch', updatedAt: at })
            .where(eq(orders.id, order.id))
            .returning();
          await event(tx, order.id, 'amount_mismatch', actor, {
            from: 'pending',
            to: 'failed',
            data: { paid: payment.amount, currency: payment.currency },
          });
          return { order: failed ?? order, moved: true };
        }
        const [product] = await tx.select().from(products).where(eq(products.id, order.productId));
        if (!product) throw new Error(`the product ${order.productId} of order ${order.id} is gone`);
        // Two orders for one programme (two tabs, a second try while the first was still open) can both be paid.
        // The buyer's programme payments take turns (a lock of the transaction on the buyer, which no row lock
        // waits on); a programme already held through another order is not granted twice, and this payment goes back
        // to the buyer in full.
        let duplicate = false;
        if (order.kind === 'purchase' && product.type === 'program') {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`programme-payment:${order.userId}`}))`);
          duplicate = await holdsProgramme(tx, order.userId, product.level, utcDay(at));
        }
        const [paid] = await tx
          .update(orders)
          .set({
            status: 'paid',
            paidAt: at,
            payerId: payment.payerId,
            // What the result page tells the buyer of a payment that goes back.
            ...(duplicate ? { failureReason: DUPLICATE_PAYMENT } : {}),
            updatedAt: at,
          })
          .where(eq(orders.id, order.id))
          .returning();
        if (!paid) throw new Error('the order was not updated');
        if (duplicate) {
          await event(tx, order.id, 'paid', actor, { from: 'pending', to: 'paid', data: { duplicate: true } });
          if (payment.refunded > 0) {
            const row = await writeRefunded(tx, paid, Math.min(paid.amount, payment.refunded), actor, {
              reported_by: 'provider',
            });
            return {
              order: row,
              moved: true,
              duplicate: row.status !== 'refunded',
              refundedNow: row.refundedAmount,
            };
          }
          return { order: paid, moved: true, duplicate: true };
        }
        await grant(tx, paid, product, payment);
        await event(tx, order.id, 'paid', actor, {
          from: 'pending',
          to: 'paid',
          data: { payer_id: payment.payerId, saved_method: Boolean(payment.paymentMethodId) },
        });
        if (payment.refunded > 0) {
          const row = await writeRefunded(tx, paid, Math.min(paid.amount, payment.refunded), actor, {
            reported_by: 'provider',
          });
          if (row.status === 'refunded') await takeBack(tx, row, actor, 'refunded at the provider');
          return { order: row, moved: true, refundedNow: row.refundedAmount };
        }
        return { order: paid, moved: true };
      }
      const cancelledByBuyer = ['canceled_by_user', 'expired_on_confirmation', 'payer_action_required'].includes(
        payment.failureReason ?? '',
      );
      const status: OrderStatus = cancelledByBuyer ? 'cancelled' : 'failed';
      const [closed] = await tx
        .update(orders)
        .set({ status, failureReason: payment.failureReason ?? 'unknown', updatedAt: at })
        .where(eq(orders.id, order.id))
        .returning();
      await event(tx, order.id, status, actor, {
        from: 'pending',
        to: status,
        data: { reason: payment.failureReason },
      });
      return { order: closed ?? order, moved: true };
    });
    if (outcome && 'duplicate' in outcome && outcome.duplicate) {
      // No receipt for a payment that goes straight back; the refund's letter says what happened.
      return await refundDuplicate(outcome.order);
    }
    if (outcome && 'refundedNow' in outcome && outcome.refundedNow) {
      await notifyRefund(outcome.order, outcome.refundedNow);
    }
    if (outcome?.moved) await notifyBuyer(outcome.order);
    return outcome?.order ?? null;
  }

  /**
   * Asks the provider for the order's payment and applies the answer: a pending order's outcome, or (for a
   * provider's notification) a refund made at the provider.
   */
  async function sync(order: OrderRow, actor: Actor): Promise<OrderRow> {
    const provider = providers.get(order.provider as PaymentProviderId);
    const open =
      order.status === 'pending' ||
      (actor === 'provider' && (order.status === 'paid' || order.status === 'partially_refunded'));
    if (!provider || !order.providerPaymentId || !open) return order;
    const payment = await provider.fetch(order.providerPaymentId, order.id);
    return (await apply(order.id, payment, actor)) ?? order;
  }

  /**
   * The result pages' refresh: the provider is asked about an order at most once every REFRESH_EVERY_MS in this
   * process, and callers meanwhile share that one answer (a page polling, several tabs, a reload storm).
   */
  const refreshes = new Map<string, { at: number; answer: Promise<unknown> }>();
  function refreshOnce(order: OrderRow): Promise<unknown> {
    const at = now().getTime();
    const last = refreshes.get(order.id);
    if (last && at - last.at < REFRESH_EVERY_MS) return last.answer;
    if (refreshes.size > 1000) {
      for (const [id, entry] of refreshes) if (at - entry.at >= REFRESH_EVERY_MS) refreshes.delete(id);
    }
    const answer = sync(order, 'system').catch((error: unknown) =>
      log.warn({ err: error, order: order.id }, 'the payment status could not be fetched; the page shows the last'),
    );
    refreshes.set(order.id, { at, answer });
    return answer;
  }

  return { apply, sync, refreshOnce };
}
export type Outcomes = ReturnType<typeof createOutcomes>;
