import type { Currency, PaymentProviderId } from '@hunab/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orderEvents, type orders } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProductService } from '../products/service.ts';
import type { PaymentProvider, ProviderPayment } from './providers/types.ts';

export type OrderRow = typeof orders.$inferSelect;
export type Tx = Db;
export type Actor = 'user' | 'admin' | 'provider' | 'scheduler' | 'system';

export const DAY_MS = 86_400_000;
/** The reason on an order paid for a programme the buyer already held, and refunded for that. */
export const DUPLICATE_PAYMENT = 'duplicate_payment';

/** The card a payment was made with, for the subscription's payment method; nothing when the provider named none. */
export const cardColumns = (payment: ProviderPayment) =>
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

/** The writer of an order's history: one row per step, who took it and between which statuses. */
export function orderHistory(now: () => Date) {
  return async function event(
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
  };
}
export type OrderEvent = ReturnType<typeof orderHistory>;
