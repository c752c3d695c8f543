import type { OrderDto } from '@hunab/contracts';

/** The address a buyer came back to: the provider's success, failure or cancellation address. */
export type Outcome = 'success' | 'fail' | 'cancel';

/** What a result page shows: never a success, a failure or a cancellation the order itself does not bear out. */
export type ResultView = 'paid' | 'refunded' | 'pending' | 'failed' | 'cancel' | 'unknown';

export function resultView(
  outcome: Outcome,
  orderId: string,
  notFound: boolean,
  order: OrderDto | undefined,
): ResultView {
  if (!orderId) return outcome === 'success' ? 'unknown' : outcome === 'fail' ? 'failed' : 'cancel';
  // An order id that is malformed, unknown or another user's reads the same: there is no such order of yours.
  if (notFound || !/^[0-9a-f-]{36}$/i.test(orderId)) return 'unknown';
  if (!order || order.status === 'pending') return outcome === 'cancel' && order ? 'cancel' : 'pending';
  if (order.status === 'paid') return 'paid';
  if (order.status === 'refunded' || order.status === 'partially_refunded') return 'refunded';
  return outcome === 'cancel' && order.status === 'cancelled' ? 'cancel' : 'failed';
}
