import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { formatAmount, formatDay, pathIn } from '../../lib/locale-format.ts';
import type { EmailKind } from '../mail/copy/index.ts';
import { utcDay } from '../subscriptions/access.ts';
import { DUPLICATE_PAYMENT, type OrderRow, type PaymentsOptions } from './context.ts';
import type { OrderViews } from './views.ts';

/** The payment letters to a buyer: the receipt, a failed renewal charge, a refund. */
export function createPaymentLetters(
  options: Pick<PaymentsOptions, 'db' | 'mailer' | 'publicUrl' | 'now' | 'log'>,
  { productName }: Pick<OrderViews, 'productName'>,
) {
  const { db, mailer, now, log } = options;

  /**
   * One payment letter to the buyer of an order, at the receipt's address, in the order's language, naming its
   * product, an amount, a day and a page of the account. Emails never fail the payment or the refund.
   */
  async function mailBuyer(
    order: OrderRow,
    kind: EmailKind,
    letter: { amount: number; day: Date; path: string },
  ): Promise<void> {
    try {
      const [user] = await db.select().from(users).where(eq(users.id, order.userId)).limit(1);
      if (!user) return;
      await mailer.send({
        to: order.receipt?.email ?? user.email,
        kind,
        lang: order.lang,
        userId: user.id,
        values: {
          name: user.username ?? user.email,
          product: await productName(order.productId, order.lang),
          amount: formatAmount(letter.amount, order.currency, order.lang),
          date: formatDay(utcDay(letter.day), order.lang),
          link: `${options.publicUrl}${pathIn(order.lang, letter.path)}`,
        },
      });
    } catch (error) {
      log.warn({ err: error, order: order.id, kind }, 'a payment email was not sent');
    }
  }

  /** The receipt of a paid order; the failure of a renewal charge. */
  async function notifyBuyer(order: OrderRow) {
    if (order.status === 'paid') {
      await mailBuyer(order, 'paymentReceipt', {
        amount: order.amount,
        day: order.paidAt ?? now(),
        path: '/account/payments',
      });
    } else if (order.kind === 'renewal' && order.status === 'failed') {
      await mailBuyer(order, 'paymentFailed', { amount: order.amount, day: now(), path: '/account/subscription' });
    }
  }

  /**
   * The letter of a refund written on an order: what came back this time, when, and for a duplicate payment that the
   * programme stays the buyer's. Sent once per refund, by the transaction that wrote it.
   */
  async function notifyRefund(order: OrderRow, amount: number) {
    const kind = order.failureReason === DUPLICATE_PAYMENT ? 'duplicateRefunded' : 'paymentRefunded';
    await mailBuyer(order, kind, { amount, day: now(), path: '/account/payments' });
  }

  return { notifyBuyer, notifyRefund };
}
export type PaymentLetters = ReturnType<typeof createPaymentLetters>;
