import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, purchases } from '../../db/schema.ts';

/**
 * For the reader's data export: their orders, oldest first, and their purchases. The provider's payer id and
 * confirmation address stay out.
 */
export async function ordersForExport(db: Db, userId: string) {
  return {
    orders: await db
      .select({
        id: orders.id,
        product_id: orders.productId,
        kind: orders.kind,
        status: orders.status,
        amount_minor_units: orders.amount,
        list_amount_minor_units: orders.listAmount,
        currency: orders.currency,
        promo_code: orders.promoCode,
        provider: orders.provider,
        refunded_minor_units: orders.refundedAmount,
        receipt: orders.receipt,
        paid_at: orders.paidAt,
        created_at: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt)),
    purchases: await db
      .select({
        product: purchases.productName,
        product_id: purchases.productId,
        level: purchases.productLevel,
        activation_date: purchases.activationDate,
        expires_at: purchases.expiresAt,
        created_at: purchases.createdAt,
      })
      .from(purchases)
      .where(eq(purchases.userId, userId)),
  };
}
