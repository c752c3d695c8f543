import {
  type Currency,
  type OrderCreateBody,
  type OrderDto,
  type OrderStatus,
  type PaymentProviderId,
  planById,
} from '@hunab/contracts';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { orders, promoCodes } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { ProductRow } from '../products/service.ts';
import { pick } from '../products/service.ts';
import { utcDay } from '../subscriptions/access.ts';
import { currencyOf, type OrderEvent, type PaymentsOptions, type Tx } from './context.ts';
import type { Grants } from './grants.ts';
import type { PaymentLetters } from './letters.ts';
import { idempotenceKey, type PaymentProvider } from './providers/types.ts';
import { holdsProgramme } from './purchases.ts';
import type { OrderViews } from './views.ts';

/** The order statuses that hold a promo code's use: under way, or paid (a failed or cancelled order releases it). */
const PROMO_HOLDING: OrderStatus[] = ['pending', 'paid', 'partially_refunded', 'refunded'];
/** An order a 100 % promo code pays in full: no provider, nothing charged. */
export const FREE_PROVIDER = 'free';

/** A new order: its product, its promo code, its provider and the payment it opens there. */
export function createCheckout(
  options: PaymentsOptions,
  deps: { event: OrderEvent } & Pick<Grants, 'grant'> & Pick<PaymentLetters, 'notifyBuyer'> & Pick<OrderViews, 'toDto'>,
) {
  const { db, providers, now, log } = options;
  const { event, grant, notifyBuyer, toDto } = deps;

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

  async function createOrder(
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
  }

  return { providerFor, createOrder };
}
