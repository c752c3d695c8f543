import type { PaymentProviderId } from '@hunab/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { orderEvents, orders, products, subscriptions, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { formatAmount, formatDay, pathIn } from '../../lib/locale-format.ts';
import type { Mailer } from '../mail/mailer.ts';
import { pick } from '../products/service.ts';
import { idempotenceKey, type PaymentProvider } from './providers/types.ts';
import { type OrderRow, type PaymentService, RENEWAL_REMINDER_DAYS, RENEWAL_RETRY_DAYS } from './service.ts';

const DAY_MS = 86_400_000;
/** A claimed renewal is leased for this long, so a process that dies mid-charge leaves it to another. */
const LEASE_MS = 15 * 60_000;

interface DueRow extends Record<string, unknown> {
  id: number;
  user_id: string;
  plan_id: string;
  payment_method_id: string;
  current_period_end: string | Date;
  renewal_attempts: number;
}

/**
 * Recurring billing, run by the scheduler in every process: reminders a few days before a renewal, the renewal
 * charge on the saved method when the period ends (one order per subscription and period, by a unique index, so two
 * processes never charge twice), retries after 1, 2 and 4 days, then the subscription lapses.
 */
export function createBilling(options: {
  db: Db;
  payments: PaymentService;
  providers: Map<PaymentProviderId, PaymentProvider>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, payments, providers, mailer, now, log } = options;

  /** The order that started the subscription: its provider, currency and language carry over to renewals. */
  async function firstOrder(subscriptionId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscriptionId), sql`${orders.status} in ('paid', 'partially_refunded')`))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row;
  }

  async function sendReminders(): Promise<number> {
    const at = now();
    const soon = new Date(at.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS).toISOString();
    const due = await queryRows<DueRow>(
      db,
      sql`update ${subscriptions} set reminder_sent_at = ${at.toISOString()}::timestamptz
          where id in (
            select id from ${subscriptions}
            where status = 'active' and auto_renew and payment_method_id is not null
              and next_charge_at is not null and next_charge_at <= ${soon}::timestamptz
              and reminder_sent_at is null and renewal_attempts = 0
            for update skip locked)
          returning id, user_id, plan_id, payment_method_id, current_period_end, renewal_attempts`,
    );
    for (const row of due) {
      try {
        const order = await firstOrder(row.id);
        const [user] = await db.select().from(users).where(eq(users.id, row.user_id)).limit(1);
        const [product] = await db.select().from(products).where(eq(products.id, row.plan_id)).limit(1);
        if (!order || !user || !product) continue;
        const price = order.currency === 'RUB' ? product.priceRub : product.priceUsd;
        await mailer.send({
          to: user.email,
          kind: 'renewalReminder',
          lang: order.lang,
          userId: user.id,
          values: {
            name: user.username ?? user.email,
            product: pick(product.nameI18n, order.lang, product.id),
            amount: formatAmount(price, order.currency, order.lang),
            date: formatDay(new Date(row.current_period_end).toISOString(), order.lang),
            link: `${options.publicUrl}${pathIn(order.lang, '/account/subscription')}`,
          },
        });
      } catch (error) {
        log.warn({ err: error, subscription: row.id }, 'a renewal reminder was not sent');
      }
    }
    return due.length;
  }

  async function charge(row: DueRow): Promise<'paid' | 'failed' | 'skipped'> {
    const first = await firstOrder(row.id);
    const [product] = await db.select().from(products).where(eq(products.id, row.plan_id)).limit(1);
    const provider = first ? providers.get(first.provider as PaymentProviderId) : undefined;
    if (!first || !product || !provider) {
      // Nothing to renew with: the subscription runs to its end and lapses.
      await db
        .update(subscriptions)
        .set({ autoRenew: false, nextChargeAt: null, updatedAt: now() })
        .where(eq(subscriptions.id, row.id));
      return 'skipped';
    }
    const periodEnd = new Date(row.current_period_end);
    const attempt = row.renewal_attempts + 1;
    const amount = first.currency === 'RUB' ? product.priceRub : product.priceUsd;
    let order: OrderRow | undefined;
    try {
      [order] = await db
        .insert(orders)
        .values({
          userId: row.user_id,
          productId: product.id,
          kind: 'renewal',
          status: 'pending',
          amount,
          listAmount: amount,
          currency: first.currency,
          provider: provider.id,
          savePaymentMethod: true,
          source: 'renewal',
          lang: first.lang,
          receipt: first.receipt,
          subscriptionId: row.id,
          renewsPeriodEnd: periodEnd,
          createdAt: now(),
          updatedAt: now(),
        })
        .returning();
    } catch (error) {
      // Another process holds this period's charge, or it is paid already.
      if (isUniqueViolation(error)) return 'skipped';
      throw error;
    }
    if (!order) throw new Error('the renewal order was not written');
    await db.insert(orderEvents).values({
      orderId: order.id,
      type: 'created',
      actor: 'scheduler',
      toStatus: 'pending',
      data: { attempt, period_end: periodEnd.toISOString() },
      at: now(),
    });
    let result: OrderRow | null = null;
    try {
      const payment = await provider.chargeSaved({
        orderId: order.id,
        paymentMethodId: row.payment_method_id,
        amount,
        currency: first.currency,
        description: `Hunab: ${pick(product.nameI18n, first.lang, product.id)}`,
        receipt: { email: first.receipt?.email ?? '' },
        vatCode: product.vatCode,
        // One key per subscription, period and attempt, within every provider's documented limit.
        idempotenceKey: idempotenceKey('renewal', row.id, periodEnd.toISOString(), attempt),
      });
      await db.update(orders).set({ providerPaymentId: payment.id }).where(eq(orders.id, order.id));
      result = await payments.apply(order.id, payment, 'scheduler');
      if (result?.status === 'pending') return 'skipped';
    } catch (error) {
      log.warn({ err: error, subscription: row.id }, 'a renewal charge failed');
      result = await payments.apply(
        order.id,
        {
          id: `none-${order.id}`,
          status: 'canceled',
          amount,
          currency: first.currency,
          orderId: order.id,
          paymentMethodId: null,
          payerId: null,
          failureReason: 'provider_unavailable',
          method: null,
          refunded: 0,
        },
        'scheduler',
      );
    }
    if (result?.status === 'paid') return 'paid';
    // Declined: try again later, or stop renewing after the last retry (the period has ended, so it lapses).
    const retryIn = RENEWAL_RETRY_DAYS[attempt - 1];
    await db
      .update(subscriptions)
      .set({
        renewalAttempts: attempt,
        ...(retryIn === undefined
          ? { autoRenew: false, nextChargeAt: null }
          : { nextChargeAt: new Date(now().getTime() + retryIn * DAY_MS) }),
        updatedAt: now(),
      })
      .where(eq(subscriptions.id, row.id));
    return 'failed';
  }

  return {
    sendReminders,

    async chargeDue(): Promise<{ paid: number; failed: number }> {
      const at = now();
      // Claiming moves next_charge_at forward by a lease: another process skips the row meanwhile.
      const due = await queryRows<DueRow>(
        db,
        sql`update ${subscriptions} set next_charge_at = ${new Date(at.getTime() + LEASE_MS).toISOString()}::timestamptz
            where id in (
              select id from ${subscriptions}
              where status = 'active' and auto_renew and payment_method_id is not null
                and next_charge_at is not null and next_charge_at <= ${at.toISOString()}::timestamptz
              order by next_charge_at limit 20
              for update skip locked)
            returning id, user_id, plan_id, payment_method_id, current_period_end, renewal_attempts`,
      );
      let paid = 0;
      let failed = 0;
      for (const row of due) {
        const outcome = await charge(row);
        if (outcome === 'paid') paid += 1;
        if (outcome === 'failed') failed += 1;
      }
      return { paid, failed };
    },
  };
}
export type Billing = ReturnType<typeof createBilling>;
