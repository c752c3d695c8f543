import { createHash } from 'node:crypto';
import type { PaymentProviderId } from '@hunab/contracts';

/** A provider's payment as its API reports it, in our terms. Amounts are integer minor units. */
export interface ProviderPayment {
  id: string;
  /** succeeded: money taken; canceled: it never will be (declined, abandoned, expired); pending: not yet. */
  status: 'pending' | 'succeeded' | 'canceled';
  amount: number;
  currency: string;
  /** Our order id, as we gave it to the provider. */
  orderId: string | null;
  /** A saved payment method for renewals, when the buyer agreed to save one. */
  paymentMethodId: string | null;
  payerId: string | null;
  /** Why a payment was cancelled, in the provider's words (insufficient_funds, canceled_by_user, ...). */
  failureReason: string | null;
  /** How the buyer paid: a card (or SBP), or a PayPal account. */
  method: 'card' | 'paypal' | null;
  /** The card's brand and last four digits, when the provider reports them. */
  card?: { brand: string | null; last4: string | null } | null;
  /** Minor units the provider reports as returned to the buyer (refunds made here or in the provider's own panel). */
  refunded: number;
}

/** One line of a fiscal receipt (54-FZ): what was sold or returned, its amount and VAT code. */
export interface ReceiptLine {
  description: string;
  amount: number;
  /** YooKassa's VAT code of the product (1: no VAT, 2: 0 %, 3: 10 %, 4: 20 %, ...). */
  vatCode: number;
}

export interface RefundInput {
  paymentId: string;
  amount: number;
  currency: string;
  idempotenceKey: string;
  /** The returned items for a partial refund's receipt (a full refund's receipt is made from the payment's). */
  receipt?: { email: string; lines: ReceiptLine[] };
}

export interface CreatePaymentInput {
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  /** Where the provider sends the buyer back: our result page for the order. */
  returnUrl: string;
  cancelUrl: string;
  savePaymentMethod: boolean;
  /** The buyer's email (and name, phone) for the fiscal receipt. */
  receipt: { email: string; name?: string; phone?: string };
  /** The product's VAT code for the receipt line. */
  vatCode: number;
  /** Our own id for this request: the provider performs a repeated request once. */
  idempotenceKey: string;
}

export interface ChargeSavedInput {
  orderId: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  description: string;
  receipt: { email: string };
  vatCode: number;
  idempotenceKey: string;
}

/** A notification that passed the provider's own check (address or signature): which payment to look at. */
export interface VerifiedNotification {
  eventId: string;
  paymentId: string;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The client address, as the trusted proxy configuration reads it. */
  ip: string;
}

/**
 * One payment provider behind one interface. The status a provider's notification claims is never used: the
 * payment is fetched back from the provider's API and only that answer moves an order.
 */
export interface PaymentProvider {
  id: PaymentProviderId;
  /** Whether this provider takes payments in the currency. */
  supports(currency: string): boolean;
  /** The smallest payment it takes, in minor units. */
  minimumAmount: number;
  create(input: CreatePaymentInput): Promise<{ payment: ProviderPayment; confirmationUrl: string }>;
  /** The payment's current state; for providers that need it (PayPal) this completes an approved payment. */
  fetch(paymentId: string, idempotenceKey: string): Promise<ProviderPayment>;
  refund(input: RefundInput): Promise<void>;
  chargeSaved(input: ChargeSavedInput): Promise<ProviderPayment>;
  /** Checks a notification's origin; null when it is forged, malformed or not about a payment. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification | null>;
}

/** A provider's HTTP answer that was not a success: 4xx are final, 5xx and network failures may be retried. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderId,
    readonly status: number,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

/**
 * Calls a provider's HTTP API with a time limit, retrying a network failure or a 5xx answer with the same
 * idempotence key (so the provider performs it once), and answers the parsed JSON.
 */
export async function providerRequest(
  provider: PaymentProviderId,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  options: { attempts?: number; timeoutMs?: number } = {},
): Promise<unknown> {
  const attempts = options.attempts ?? 3;
  let last: ProviderError | undefined;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
      const text = await response.text();
      if (response.ok) return text ? JSON.parse(text) : {};
      last = new ProviderError(
        provider,
        response.status,
        `${init.method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`,
      );
      if (!last.retryable) throw last;
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) throw error;
      last = error instanceof ProviderError ? error : new ProviderError(provider, 0, String((error as Error).message));
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
  }
  throw last ?? new ProviderError(provider, 0, 'no answer');
}

/** Minor units as the decimal string providers want ("2900.00"); JPY-like currencies have no minor unit here. */
export const decimal = (minor: number): string => (minor / 100).toFixed(2);
/** A provider's decimal string back to minor units. */
export const minorOf = (value: string | number): number => Math.round(Number(value) * 100);

/** A card as a provider names it: a short brand and exactly four digits, or nothing worth showing. */
export function cardOf(brand: unknown, last4: unknown): ProviderPayment['card'] {
  const digits = typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : null;
  const name = typeof brand === 'string' && /^[\w .-]{1,30}$/.test(brand) ? brand : null;
  return digits || name ? { brand: name, last4: digits } : null;
}

/**
 * The idempotence key of one operation: the same parts give the same key, so a repeated request is performed once.
 * Keys stay within the strictest documented limit of the providers (YooKassa: 64 characters); parts that would make a
 * longer key are replaced by their SHA-256 digest, which is as deterministic.
 */
export const IDEMPOTENCE_KEY_LIMIT = 64;
export function idempotenceKey(operation: string, ...parts: Array<string | number>): string {
  const plain = [operation, ...parts].join('-');
  if (plain.length <= IDEMPOTENCE_KEY_LIMIT) return plain;
  const digest = createHash('sha256').update(parts.join('|')).digest('base64url');
  return `${operation}-${digest}`.slice(0, IDEMPOTENCE_KEY_LIMIT);
}
