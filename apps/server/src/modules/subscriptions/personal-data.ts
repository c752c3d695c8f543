import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptionEvents, subscriptions } from '../../db/schema.ts';

/**
 * For the reader's data export: their subscriptions, oldest first, each with its changes of status. The saved
 * payment method that renews one stays out.
 */
export async function subscriptionsForExport(db: Db, userId: string) {
  const rows = await db
    .select({
      id: subscriptions.id,
      plan_id: subscriptions.planId,
      level: subscriptions.level,
      status: subscriptions.status,
      current_period_start: subscriptions.currentPeriodStart,
      current_period_end: subscriptions.currentPeriodEnd,
      payment_method: subscriptions.paymentMethod,
      auto_renew: subscriptions.autoRenew,
      source: subscriptions.source,
      paused_at: subscriptions.pausedAt,
      cancelled_at: subscriptions.cancelledAt,
      ended_at: subscriptions.endedAt,
      created_at: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  const events = rows.length
    ? await db
        .select({
          subscription_id: subscriptionEvents.subscriptionId,
          from_status: subscriptionEvents.fromStatus,
          to_status: subscriptionEvents.toStatus,
          actor: subscriptionEvents.actor,
          at: subscriptionEvents.at,
        })
        .from(subscriptionEvents)
        .where(
          inArray(
            subscriptionEvents.subscriptionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(subscriptionEvents.at))
    : [];
  return rows.map((row) => ({ ...row, events: events.filter((event) => event.subscription_id === row.id) }));
}
