import type { PaymentProviderId } from '@hunab/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { orders, paymentInbox } from '../../db/schema.ts';
import { claimDueRows } from '../../lib/inbox.ts';
import { DAY_MS, type OrderEvent, type PaymentsOptions } from './context.ts';
import type { Outcomes } from './outcomes.ts';
import { ProviderError } from './providers/types.ts';

/** An unpaid order is abandoned after a day (the provider's own confirmation links expire sooner). */
const ABANDON_AFTER_MS = DAY_MS;
/** A notification whose payment is not final yet is tried again this many times (30 s doubling, at most an hour). */
const INBOX_ATTEMPTS = 12;

/** The providers' notifications, kept in an inbox and worked through, and the orders left pending. */
export function createInbox(
  options: Pick<PaymentsOptions, 'db' | 'now' | 'log'>,
  { event, sync }: { event: OrderEvent } & Pick<Outcomes, 'sync'>,
) {
  const { db, now, log } = options;

  return {
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
      const claimed = await claimDueRows<{
        id: number;
        provider: string;
        provider_payment_id: string;
        attempts: number;
      }>(db, paymentInbox, {
        at: now(),
        limit,
        backoff: { first: 30, growth: 2, most: 3600 },
        returning: sql`id, provider, provider_payment_id, attempts`,
      });
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
  };
}
