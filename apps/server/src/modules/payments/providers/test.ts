import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { testProviderPayments } from '../../../db/schema.ts';
import type { PaymentProvider, ProviderPayment } from './types.ts';

type Row = typeof testProviderPayments.$inferSelect;

const toPayment = (row: Row): ProviderPayment => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  orderId: row.orderId,
  paymentMethodId: row.status === 'succeeded' && row.savePaymentMethod ? row.paymentMethodId : null,
  payerId: row.status === 'succeeded' ? `test-payer-${row.orderId.slice(0, 8)}` : null,
  // Declined on the page by the buyer, or (a renewal, with no page) by the pretend bank.
  failureReason: row.status === 'canceled' ? (row.returnUrl ? 'canceled_by_user' : 'insufficient_funds') : null,
  method: 'card',
  refunded: row.refundedAmount,
});

/**
 * The built-in test provider, used when no real provider is configured so that the product sells with no setup.
 * Its payments live in its own table; the buyer completes one on the app's test payment page (Pay or Decline), which
 * then sends a signed notification to the same webhook a real provider calls. Saved methods always charge, except
 * one whose id says "decline" (for trying out failed renewals).
 */
export function createTestProvider(options: { db: Db; publicUrl: string; secret: Uint8Array }): PaymentProvider & {
  sign(body: string): string;
  complete(id: string, outcome: 'succeeded' | 'canceled'): Promise<Row | null>;
  read(id: string): Promise<Row | null>;
} {
  const { db } = options;
  const sign = (body: string) => createHmac('sha256', options.secret).update(`test-provider:${body}`).digest('hex');

  async function read(id: string): Promise<Row | null> {
    const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id)).limit(1);
    return row ?? null;
  }

  /** Writes a payment of an order (its amount and text) in the state given. */
  async function write(
    order: { orderId: string; amount: number; currency: string; description: string },
    state: Pick<
      typeof testProviderPayments.$inferInsert,
      'returnUrl' | 'status' | 'savePaymentMethod' | 'paymentMethodId'
    >,
  ): Promise<Row | undefined> {
    const [row] = await db
      .insert(testProviderPayments)
      .values({
        orderId: order.orderId,
        amount: order.amount,
        currency: order.currency,
        description: order.description,
        ...state,
      })
      .returning();
    return row;
  }

  return {
    id: 'test',
    supports: () => true,
    minimumAmount: 100,
    sign,
    read,

    async create(input) {
      const row = await write(input, {
        returnUrl: input.returnUrl,
        status: 'pending',
        savePaymentMethod: input.savePaymentMethod,
        paymentMethodId: input.savePaymentMethod ? `test-method-${randomUUID()}` : null,
      });
      if (!row) throw new Error('the test payment was not written');
      return { payment: toPayment(row), confirmationUrl: `${options.publicUrl}/payment?test_payment=${row.id}` };
    },

    async fetch(paymentId) {
      const row = await read(paymentId);
      if (!row) throw new Error('unknown test payment');
      return toPayment(row);
    },

    async refund({ paymentId, amount }) {
      await db
        .update(testProviderPayments)
        .set({ refundedAmount: sql`${testProviderPayments.refundedAmount} + ${amount}` })
        .where(eq(testProviderPayments.id, paymentId));
    },

    async chargeSaved(input) {
      const row = await write(input, {
        returnUrl: '',
        status: input.paymentMethodId.includes('decline') ? 'canceled' : 'succeeded',
        savePaymentMethod: true,
        paymentMethodId: input.paymentMethodId,
      });
      if (!row) throw new Error('the test charge was not written');
      return toPayment(row);
    },

    /** Completes a pending payment once; a payment already completed stays as it is. */
    async complete(id, outcome) {
      const [row] = await db
        .update(testProviderPayments)
        .set({ status: outcome })
        .where(sql`${testProviderPayments.id} = ${id} and ${testProviderPayments.status} = 'pending'`)
        .returning();
      return row ?? null;
    },

    async verifyNotification({ headers, body }) {
      const signature = headers['x-test-signature'];
      if (typeof signature !== 'string' || !body || typeof body !== 'object') return null;
      const expected = Buffer.from(sign(JSON.stringify(body)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const { event, payment_id } = body as { event?: unknown; payment_id?: unknown };
      if (typeof event !== 'string' || typeof payment_id !== 'string') return null;
      return { eventId: `${event}:${payment_id}`, paymentId: payment_id };
    },
  };
}
