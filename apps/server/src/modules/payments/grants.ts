import { addDays, formatDate, kinOfDate, parseDate, programActivationDate, toneOfKin } from '@hunab/calendar';
import { planById } from '@hunab/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { orders, purchases, subscriptionEvents, subscriptions } from '../../db/schema.ts';
import type { ProductRow } from '../products/service.ts';
import { utcDay } from '../subscriptions/access.ts';
import { currentSubscription } from '../subscriptions/service.ts';
import { type Actor, cardColumns, DAY_MS, type OrderRow, type Tx } from './context.ts';
import type { ProviderPayment } from './providers/types.ts';

/** What a paid order gives (a programme's purchase, a new, extended or renewed subscription) and what a refund takes. */
export function createGrants(now: () => Date) {
  /** What a paid order gives, written in the same transaction that marks it paid. */
  async function grant(tx: Tx, order: OrderRow, product: ProductRow, payment: ProviderPayment) {
    const at = now();
    if (order.kind === 'purchase') {
      const today = parseDate(utcDay(at));
      const activation =
        product.activationType === 'next_wavespell'
          ? programActivationDate(today, toneOfKin(kinOfDate(today)))
          : product.activationType === 'date' && product.activationDate
            ? parseDate(product.activationDate)
            : today;
      const expires = addDays(activation, product.days);
      await tx
        .insert(purchases)
        .values({
          userId: order.userId,
          // The programmes are product "main" at their level, as the purchase check of the clients reads them.
          productName: 'main',
          productLevel: product.level,
          productId: product.id,
          orderId: order.id,
          activationDate: formatDate(activation),
          expiresAt: new Date(`${formatDate(expires)}T00:00:00Z`),
          source: order.provider,
          createdAt: at,
        })
        .onConflictDoNothing();
      return;
    }
    const plan = planById(product.planId ?? '');
    if (!plan) throw new Error(`the product ${product.id} sells no plan`);
    const renews = order.savePaymentMethod && payment.paymentMethodId !== null;
    if (order.kind === 'renewal') {
      if (!order.subscriptionId) throw new Error('a renewal without its subscription');
      // The new period follows the old one; after a retry days later it starts now, so no paid day is already gone.
      const iso = at.toISOString();
      const renewedFrom = sql`case when ${subscriptions.currentPeriodEnd} > ${iso}::timestamptz - interval '1 day'
        then ${subscriptions.currentPeriodEnd} else ${iso}::timestamptz end`;
      const [row] = await tx
        .update(subscriptions)
        .set({
          currentPeriodEnd: sql`${renewedFrom} + make_interval(days => ${plan.days})`,
          renewalAttempts: 0,
          nextChargeAt: sql`${renewedFrom} + make_interval(days => ${plan.days})`,
          ...cardColumns(payment),
          reminderSentAt: null,
          updatedAt: at,
        })
        .where(eq(subscriptions.id, order.subscriptionId))
        .returning({ id: subscriptions.id, status: subscriptions.status });
      if (row) {
        await tx.insert(subscriptionEvents).values({
          subscriptionId: row.id,
          fromStatus: row.status,
          toStatus: row.status,
          actor: 'scheduler',
          reason: `renewed by order ${order.id}`,
          at,
        });
      }
      return;
    }
    const current = await currentSubscription(tx, order.userId);
    // The same plan bought again while it runs: its period grows; anything else is replaced from now.
    if (current && current.planId === plan.id && current.status === 'active' && current.currentPeriodEnd > at) {
      const end = new Date(current.currentPeriodEnd.getTime() + plan.days * DAY_MS);
      await tx
        .update(subscriptions)
        .set({
          currentPeriodEnd: end,
          ...(renews ? { paymentMethodId: payment.paymentMethodId, autoRenew: true, nextChargeAt: end } : {}),
          ...cardColumns(payment),
          updatedAt: at,
        })
        .where(eq(subscriptions.id, current.id));
      await tx.insert(subscriptionEvents).values({
        subscriptionId: current.id,
        fromStatus: 'active',
        toStatus: 'active',
        actor: 'user',
        reason: `extended by order ${order.id}`,
        at,
      });
      return;
    }
    if (current) {
      await tx
        .update(subscriptions)
        .set({ status: 'expired', endedAt: at, autoRenew: false, nextChargeAt: null, updatedAt: at })
        .where(eq(subscriptions.id, current.id));
      await tx.insert(subscriptionEvents).values({
        subscriptionId: current.id,
        fromStatus: current.status,
        toStatus: 'expired',
        actor: 'user',
        reason: `replaced by order ${order.id}`,
        at,
      });
    }
    const end = new Date(at.getTime() + plan.days * DAY_MS);
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: order.userId,
        planId: plan.id,
        level: plan.level,
        status: 'active',
        currentPeriodStart: at,
        currentPeriodEnd: end,
        paymentMethod: payment.method,
        ...cardColumns(payment),
        autoRenew: renews,
        source: order.provider,
        paymentMethodId: renews ? payment.paymentMethodId : null,
        nextChargeAt: renews ? end : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: subscriptions.id });
    if (!created) throw new Error('the subscription was not written');
    await tx.update(orders).set({ subscriptionId: created.id }).where(eq(orders.id, order.id));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: created.id,
      fromStatus: null,
      toStatus: 'active',
      actor: 'user',
      reason: `bought by order ${order.id}`,
      at,
    });
  }

  /**
   * What a full refund takes back: the programme's purchase, or the subscription the order started (which expires
   * now). A renewal's refund leaves the subscription to run out.
   */
  async function takeBack(tx: Tx, order: OrderRow, actor: Actor, reason: string) {
    await tx.delete(purchases).where(eq(purchases.orderId, order.id));
    if (!order.subscriptionId || order.kind === 'renewal') return;
    const [ended] = await tx
      .update(subscriptions)
      .set({ status: 'expired', endedAt: now(), autoRenew: false, nextChargeAt: null, updatedAt: now() })
      .where(and(eq(subscriptions.id, order.subscriptionId), sql`${subscriptions.status} <> 'expired'`))
      .returning({ id: subscriptions.id });
    if (ended) {
      await tx.insert(subscriptionEvents).values({
        subscriptionId: ended.id,
        fromStatus: null,
        toStatus: 'expired',
        actor: actor === 'admin' ? 'admin' : 'scheduler',
        reason: `refunded: ${reason}`.slice(0, 500),
        at: now(),
      });
    }
  }

  return { grant, takeBack };
}
export type Grants = ReturnType<typeof createGrants>;
