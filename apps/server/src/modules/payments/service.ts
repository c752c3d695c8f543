import { addDays, formatDate, kinOfDate, parseDate, programActivationDate, toneOfKin } from '@hunab/calendar';
import {
  type Currency,
  type OrderCreateBody,
  type OrderDto,
  type OrderStatus,
  type PaymentProviderId,
  planById,
} from '@hunab/contracts';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import {
  orderEvents,
  orders,
  paymentInbox,
  products,
  promoCodes,
  purchases,
  subscriptionEvents,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { formatAmount, formatDay, pathIn } from '../../lib/locale-format.ts';
import type { EmailKind } from '../mail/copy/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProductRow, ProductService } from '../products/service.ts';
import { pick } from '../products/service.ts';
import { utcDay } from '../subscriptions/access.ts';
import { currentSubscription } from '../subscriptions/service.ts';
import { idempotenceKey, type PaymentProvider, ProviderError, type ProviderPayment } from './providers/types.ts';
import { holdsProgramme } from './purchases.ts';

export type OrderRow = typeof orders.$inferSelect;
type Tx = Db;
type Actor = 'user' | 'admin' | 'provider' | 'scheduler' | 'system';
/** Who refunds, how much (all that is left when absent) and why. */
type RefundRequest = { amount?: number; reason: string } & ({ actor: 'admin'; adminId: string } | { actor: 'system' });

const DAY_MS = 86_400_000;
/** The reason on an order paid for a programme the buyer already held, and refunded for that. */
const DUPLICATE_PAYMENT = 'duplicate_payment';
/** Failed renewal charges are retried after 1, 2 and 4 days; after the last the subscription lapses. */
export const RENEWAL_RETRY_DAYS = [1, 2, 4] as const;
/** The renewal reminder goes out this many days before the charge. */
export const RENEWAL_REMINDER_DAYS = 3;
/** An unpaid order is abandoned after a day (the provider's own confirmation links expire sooner). */
const ABANDON_AFTER_MS = DAY_MS;
/** The result pages' refresh asks the provider about one order at most this often; callers in between share it. */
export const REFRESH_EVERY_MS = 5_000;
/** A notification whose payment is not final yet is tried again this many times (30 s doubling, at most an hour). */
const INBOX_ATTEMPTS = 12;
/** The order statuses that hold a promo code's use: under way, or paid (a failed or cancelled order releases it). */
const PROMO_HOLDING: OrderStatus[] = ['pending', 'paid', 'partially_refunded', 'refunded'];
/** An order a 100 % promo code pays in full: no provider, nothing charged. */
export const FREE_PROVIDER = 'free';

/** The card a payment was made with, for the subscription's payment method; nothing when the provider named none. */
const cardColumns = (payment: ProviderPayment) =>
  payment.card ? { cardBrand: payment.card.brand, cardLast4: payment.card.last4 } : {};

/** The currency an order is charged in: roubles for Russian, dollars for every other language (spec 001 s. 9). */
export const currencyOf = (lang: string): Currency => (lang === 'ru' ? 'RUB' : 'USD');

export interface PaymentsOptions {
  db: Db;
  products: ProductService;
  providers: Map<PaymentProviderId, PaymentProvider>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createPaymentService(options: PaymentsOptions) {
  const { db, providers, mailer, now, log } = options;

  async function event(
    tx: Tx,
    orderId: string,
    type: string,
    actor: Actor,
    change: { from?: string | null; to?: string | null; data?: unknown } = {},
  ) {
    await tx.insert(orderEvents).values({
      orderId,
      type,
      actor,
      fromStatus: change.from ?? null,
      toStatus: change.to ?? null,
      data: change.data ?? null,
      at: now(),
    });
  }

  function providerFor(currency: Currency, wanted?: PaymentProviderId): PaymentProvider {
    if (wanted) {
      const chosen = providers.get(wanted);
      if (!chosen?.supports(currency)) {
        throw new ApiError(400, 'PROVIDER_UNAVAILABLE', `Payments through ${wanted} are not available in ${currency}.`);
      }
      return chosen;
    }
    const preferred = currency === 'RUB' ? 'yookassa' : 'paypal';
    const chosen = providers.get(preferred) ?? providers.get('test');
    if (!chosen?.supports(currency)) {
      throw new ApiError(409, 'PAYMENTS_UNAVAILABLE', 'Payment is not available here yet.');
    }
    return chosen;
  }

  async function productForOrder(body: OrderCreateBody): Promise<ProductRow> {
    if (body.product_id) return options.products.buyable(body.product_id);
    // The bare tier ids are the monthly plans under their short names.
    const planId =
      body.plan_id === 'basic' ? 'basic_monthly' : body.plan_id === 'premium' ? 'premium_monthly' : body.plan_id;
    const plan = planId ? planById(planId) : undefined;
    if (!plan || plan.level === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'Choose a paid plan.');
    return options.products.buyable(plan.id);
  }

  /**
   * The promo code of a new order, read under a lock of its row inside the order's transaction: it must be active, and
   * its uses (orders under way or paid) below its total and per-buyer limits. A failed or cancelled order releases its
   * use; parallel orders with a one-use code wait for each other, and only the first gets it.
   */
  async function claimPromo(
    tx: Tx,
    code: string | undefined,
    userId: string,
  ): Promise<{ code: string; percentage: string } | null> {
    if (!code) return null;
    const [row] = await tx
      .select()
      .from(promoCodes)
      .where(
        and(
          eq(promoCodes.code, code.toUpperCase()),
          eq(promoCodes.active, true),
          gte(promoCodes.validUntil, utcDay(now())),
        ),
      )
      .for('update');
    if (!row) throw new ApiError(400, 'PROMO_INVALID', 'This promo code is not valid.');
    const [uses] = await tx
      .select({
        total: count(),
        mine: sql<number>`count(*) filter (where ${orders.userId} = ${userId})`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.promoCode, row.code), inArray(orders.status, PROMO_HOLDING)));
    if (row.maxRedemptions !== null && (uses?.total ?? 0) >= row.maxRedemptions) {
      throw new ApiError(409, 'PROMO_EXHAUSTED', 'This promo code has been used up.');
    }
    if ((uses?.mine ?? 0) >= row.perUserLimit) {
      throw new ApiError(409, 'PROMO_EXHAUSTED', 'You have already used this promo code.');
    }
    return { code: row.code, percentage: row.discountPercentage };
  }

  function toDto(order: OrderRow, productName: string, events?: Array<typeof orderEvents.$inferSelect>): OrderDto {
    return {
      id: order.id,
      product_id: order.productId,
      product_name: productName,
      kind: order.kind,
      status: order.status,
      amount: order.amount,
      list_amount: order.listAmount,
      currency: order.currency,
      promo_code: order.promoCode,
      discount_percentage: order.discountPercentage,
      provider: order.provider as PaymentProviderId,
      provider_payment_id: order.providerPaymentId,
      payer_id: order.payerId,
      failure_reason: order.failureReason,
      refunded_amount: order.refundedAmount,
      source: order.source,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      receipt_url: order.paidAt ? `${options.publicUrl}/account/payments#${order.id}` : null,
      ...(events
        ? {
            events: events.map((row) => ({
              type: row.type,
              from_status: row.fromStatus,
              to_status: row.toStatus,
              actor: row.actor,
              at: row.at.toISOString(),
            })),
          }
        : {}),
    };
  }

  async function productName(productId: string, lang: string): Promise<string> {
    const row = await options.products.byId(productId);
    return row ? pick(row.nameI18n, lang, productId) : productId;
  }

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

  return {
    providerIds: () => [...providers.keys()],
    providerFor,
    apply,
    sync,
    toDto,
    productName,

    async createOrder(
      user: { id: string; email: string; lang: string },
      body: OrderCreateBody,
    ): Promise<{
      order: OrderDto;
      confirmationUrl: string | null;
    }> {
      const product = await productForOrder(body);
      // A programme is bought once while it runs or waits for its first day; a plan is extended instead (grant).
      if (product.type === 'program' && (await holdsProgramme(db, user.id, product.level, utcDay(now())))) {
        throw new ApiError(409, 'ALREADY_OWNED', 'You already own this programme; it has not ended yet.');
      }
      const lang = body.lang ?? user.lang;
      const currency = currencyOf(lang);
      const kind = product.type === 'subscription' ? 'subscription' : 'purchase';
      const receipt = body.receipt ?? { email: user.email };
      const listAmount = currency === 'RUB' ? product.priceRub : product.priceUsd;

      // The promo code's use is claimed under its row's lock in the transaction that writes the order.
      const written = await db.transaction(async (tx) => {
        const promo = await claimPromo(tx, body.promo_code, user.id);
        const percentage = promo ? Number(promo.percentage) : 0;
        const free = percentage >= 100;
        const provider = free ? null : providerFor(currency, body.provider);
        const discounted = Math.round((listAmount * (100 - percentage)) / 100);
        // A paid order is never below the provider's smallest payment, whatever the discount.
        const amount = provider ? Math.max(provider.minimumAmount, discounted) : 0;
        const at = now();
        const [row] = await tx
          .insert(orders)
          .values({
            userId: user.id,
            productId: product.id,
            kind,
            status: free ? 'paid' : 'pending',
            amount,
            listAmount,
            currency,
            promoCode: promo?.code ?? null,
            discountPercentage: promo?.percentage ?? null,
            provider: provider?.id ?? FREE_PROVIDER,
            savePaymentMethod: Boolean(provider) && kind === 'subscription' && body.save_payment_method,
            source: body.source ?? null,
            lang,
            receipt,
            paidAt: free ? at : null,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!row) throw new Error('the order was not written');
        await event(tx, row.id, 'created', 'user', { to: 'pending', data: { amount, currency, promo: promo?.code } });
        if (free) {
          // A 100 % code: nothing to charge, so no provider; the order is granted as it is written.
          await grant(tx, row, product, {
            id: `free-${row.id}`,
            status: 'succeeded',
            amount: 0,
            currency,
            orderId: row.id,
            paymentMethodId: null,
            payerId: null,
            failureReason: null,
            method: null,
            refunded: 0,
          });
          await event(tx, row.id, 'paid', 'system', { from: 'pending', to: 'paid', data: { promo: promo?.code } });
        }
        return { order: row, provider };
      });
      const { order, provider } = written;
      const amount = order.amount;
      const savePaymentMethod = order.savePaymentMethod;
      if (!provider) {
        const [granted] = await db.select().from(orders).where(eq(orders.id, order.id));
        await notifyBuyer(granted ?? order);
        return { order: toDto(granted ?? order, pick(product.nameI18n, lang, product.id)), confirmationUrl: null };
      }

      const name = pick(product.nameI18n, lang, product.id);
      const back = `${options.publicUrl}${lang === 'ru' ? '' : `/${lang}`}/payment`;
      try {
        const created = await provider.create({
          orderId: order.id,
          amount,
          currency,
          description: `Hunab: ${name}`,
          returnUrl: `${back}/success/${provider.id}?order=${order.id}`,
          cancelUrl: `${back}/cancel/${provider.id}?order=${order.id}`,
          savePaymentMethod,
          receipt,
          vatCode: product.vatCode,
          idempotenceKey: idempotenceKey('order', order.id),
        });
        const [saved] = await db
          .update(orders)
          .set({ providerPaymentId: created.payment.id, confirmationUrl: created.confirmationUrl, updatedAt: now() })
          .where(eq(orders.id, order.id))
          .returning();
        await event(db, order.id, 'payment_created', 'provider', { data: { payment_id: created.payment.id } });
        return { order: toDto(saved ?? order, name), confirmationUrl: created.confirmationUrl };
      } catch (error) {
        await db
          .update(orders)
          .set({ status: 'failed', failureReason: 'provider_unavailable', updatedAt: now() })
          .where(eq(orders.id, order.id));
        await event(db, order.id, 'failed', 'provider', {
          from: 'pending',
          to: 'failed',
          data: { error: String((error as Error).message).slice(0, 300) },
        });
        log.error({ err: error, order: order.id }, 'the payment provider refused to create a payment');
        throw new ApiError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment service did not answer. Please try again.');
      }
    },

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
     * A notification whose origin the provider's adapter verified goes into the inbox, once per provider event. It
     * is processed after the answer, by this or another process.
     */
    async receive(providerId: PaymentProviderId, eventId: string, paymentId: string, payload: unknown) {
      const inserted = await db
        .insert(paymentInbox)
        .values({
          provider: providerId,
          eventId,
          providerPaymentId: paymentId,
          payload,
          receivedAt: now(),
          nextAttemptAt: now(),
        })
        .onConflictDoNothing()
        .returning({ id: paymentInbox.id });
      return inserted.length > 0;
    },

    /**
     * Works through due inbox rows: each is claimed by one process (SKIP LOCKED), the payment is fetched from the
     * provider and applied. A failed fetch is retried later with a growing delay; a payment no order knows is kept
     * as processed with the reason, and grants nothing.
     */
    async processInbox(limit = 20): Promise<number> {
      const at = now();
      const iso = at.toISOString();
      const claimed = await queryRows<{ id: number; provider: string; provider_payment_id: string; attempts: number }>(
        db,
        sql`update ${paymentInbox} set attempts = attempts + 1,
              next_attempt_at = ${iso}::timestamptz + make_interval(secs => least(3600, 30 * power(2, attempts)))
            where id in (
              select id from ${paymentInbox}
              where processed_at is null and next_attempt_at <= ${iso}::timestamptz
              order by id limit ${limit} for update skip locked)
            returning id, provider, provider_payment_id, attempts`,
      );
      for (const row of claimed) {
        let error: string | null = null;
        try {
          const [order] = await db
            .select()
            .from(orders)
            .where(and(eq(orders.provider, row.provider), eq(orders.providerPaymentId, row.provider_payment_id)))
            .limit(1);
          if (!order) error = 'no order has this payment';
          else if ((await sync(order, 'provider')).status === 'pending' && row.attempts < INBOX_ATTEMPTS) {
            // The provider does not say yet what the notification announced: the row stays due, with its backoff,
            // so the answer that follows is not lost as a duplicate of this one.
            await db
              .update(paymentInbox)
              .set({ lastError: 'the payment is not final yet' })
              .where(eq(paymentInbox.id, row.id));
            continue;
          }
        } catch (failure) {
          const retry = failure instanceof ProviderError ? failure.retryable : true;
          if (retry && row.attempts < INBOX_ATTEMPTS) {
            await db
              .update(paymentInbox)
              .set({ lastError: String((failure as Error).message).slice(0, 500) })
              .where(eq(paymentInbox.id, row.id));
            continue;
          }
          error = String((failure as Error).message).slice(0, 500);
        }
        await db.update(paymentInbox).set({ processedAt: now(), lastError: error }).where(eq(paymentInbox.id, row.id));
      }
      return claimed.length;
    },

    /** Orders left pending past a day are asked about once more, then abandoned if the provider still has nothing. */
    async sweepPending(): Promise<number> {
      const cutoff = new Date(now().getTime() - ABANDON_AFTER_MS);
      const stale = await db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'pending'), sql`${orders.createdAt} < ${cutoff.toISOString()}::timestamptz`))
        .limit(50);
      let moved = 0;
      for (const order of stale) {
        try {
          const synced = await sync(order, 'scheduler');
          if (synced.status !== 'pending') {
            moved += 1;
            continue;
          }
        } catch (error) {
          log.warn({ err: error, order: order.id }, 'a stale order could not be checked');
        }
        const [abandoned] = await db
          .update(orders)
          .set({ status: 'cancelled', failureReason: 'expired', updatedAt: now() })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
          .returning({ id: orders.id });
        if (abandoned) {
          await event(db, order.id, 'cancelled', 'scheduler', {
            from: 'pending',
            to: 'cancelled',
            data: { reason: 'expired' },
          });
          moved += 1;
        }
      }
      return moved;
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
