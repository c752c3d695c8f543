import type { OrderDto, PaymentProviderId } from '@hunab/contracts';
import type { orderEvents } from '../../db/schema.ts';
import { pick } from '../products/service.ts';
import type { OrderRow, PaymentsOptions } from './context.ts';

/** How an order reads in the API: its DTO, with its history when asked, and its product's name in a language. */
export function createOrderViews(options: Pick<PaymentsOptions, 'products' | 'publicUrl'>) {
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

  return { toDto, productName };
}
export type OrderViews = ReturnType<typeof createOrderViews>;
