import { BlockList, isIPv6 } from 'node:net';
import {
  cardOf,
  decimal,
  IDEMPOTENCE_KEY_LIMIT,
  minorOf,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  providerRequest,
  type ReceiptLine,
} from './types.ts';

/** The addresses YooKassa sends notifications from, as it publishes them. */
const YOOKASSA_NETWORKS: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['185.71.76.0', 27, 'ipv4'],
  ['185.71.77.0', 27, 'ipv4'],
  ['77.75.153.0', 25, 'ipv4'],
  ['77.75.156.11', 32, 'ipv4'],
  ['77.75.156.35', 32, 'ipv4'],
  ['77.75.154.128', 25, 'ipv4'],
  ['2a02:5180::', 32, 'ipv6'],
];

const allowed = new BlockList();
for (const [network, prefix, family] of YOOKASSA_NETWORKS) allowed.addSubnet(network, prefix, family);

/** Whether a notification comes from YooKassa's published networks (an IPv4-mapped IPv6 address counts as IPv4). */
export function isYookassaAddress(ip: string): boolean {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return allowed.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

interface YookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  metadata?: { order_id?: string };
  payment_method?: {
    id?: string;
    saved?: boolean;
    type?: string;
    account_id?: string;
    card?: { card_type?: string; last4?: string };
  };
  refunded_amount?: { value: string; currency: string };
  cancellation_details?: { reason?: string };
  confirmation?: { confirmation_url?: string };
}

/**
 * YooKassa (cards, SBP; RUB) through its v3 REST API: Basic authentication with the shop id and secret key, an
 * Idempotence-Key made from our own ids on every change, one-stage payments (capture: true), a redirect confirmation,
 * saved methods for renewals and the receipt data of 54-FZ.
 */
export function yookassaProvider(config: { shopId: string; secretKey: string; apiUrl: string }): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
  const base = config.apiUrl.replace(/\/+$/, '');

  const call = (method: string, path: string, idempotenceKey?: string, body?: unknown) => {
    // YooKassa refuses a longer Idempotence-Key with a 400, which would read as a final refusal.
    if (idempotenceKey && idempotenceKey.length > IDEMPOTENCE_KEY_LIMIT) {
      throw new ProviderError('yookassa', 400, `an Idempotence-Key over ${IDEMPOTENCE_KEY_LIMIT} characters`);
    }
    return providerRequest('yookassa', `${base}${path}`, {
      method,
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }) as Promise<YookassaPayment>;
  };

  const toPayment = (p: YookassaPayment): ProviderPayment => {
    if (!p || typeof p.id !== 'string' || !p.amount)
      throw new ProviderError('yookassa', 502, 'a payment without an id');
    return {
      id: p.id,
      // One-stage payments are captured by YooKassa itself; waiting_for_capture is still money not taken.
      status: p.status === 'succeeded' ? 'succeeded' : p.status === 'canceled' ? 'canceled' : 'pending',
      amount: minorOf(p.amount.value),
      currency: p.amount.currency,
      orderId: p.metadata?.order_id ?? null,
      paymentMethodId: p.payment_method?.saved ? (p.payment_method.id ?? null) : null,
      payerId: p.payment_method?.account_id ?? p.payment_method?.id ?? null,
      failureReason: p.cancellation_details?.reason ?? null,
      method: 'card',
      card: cardOf(p.payment_method?.card?.card_type, p.payment_method?.card?.last4),
      refunded: p.refunded_amount ? minorOf(p.refunded_amount.value) : 0,
    };
  };

  /** The 54-FZ receipt: the buyer's email and one line per item, each a service paid in full, with its VAT code. */
  const receipt = (email: string, currency: string, lines: ReceiptLine[]) => ({
    customer: { email },
    items: lines.map((line) => ({
      description: line.description.slice(0, 128),
      quantity: '1.00',
      amount: { value: decimal(line.amount), currency },
      vat_code: line.vatCode,
      payment_mode: 'full_payment',
      payment_subject: 'service',
    })),
  });
  const oneLine = (input: { description: string; amount: number; vatCode: number }): ReceiptLine[] => [
    { description: input.description, amount: input.amount, vatCode: input.vatCode },
  ];

  return {
    id: 'yookassa',
    supports: (currency) => currency === 'RUB',
    // The smallest payment YooKassa takes by card or wallet is one rouble.
    minimumAmount: 100,

    async create(input) {
      const created = await call('POST', '/payments', input.idempotenceKey, {
        amount: { value: decimal(input.amount), currency: input.currency },
        capture: true,
        confirmation: { type: 'redirect', return_url: input.returnUrl },
        description: input.description.slice(0, 128),
        metadata: { order_id: input.orderId },
        save_payment_method: input.savePaymentMethod,
        receipt: receipt(input.receipt.email, input.currency, oneLine(input)),
      });
      const confirmationUrl = created.confirmation?.confirmation_url;
      if (!confirmationUrl) throw new ProviderError('yookassa', 502, 'no confirmation_url in the answer');
      return { payment: toPayment(created), confirmationUrl };
    },

    async fetch(paymentId) {
      return toPayment(await call('GET', `/payments/${encodeURIComponent(paymentId)}`));
    },

    async refund({ paymentId, amount, currency, idempotenceKey, receipt: returned }) {
      // A partial refund carries the receipt of what is returned (54-FZ); a full one reuses the payment's receipt.
      await call('POST', '/refunds', idempotenceKey, {
        payment_id: paymentId,
        amount: { value: decimal(amount), currency },
        ...(returned ? { receipt: receipt(returned.email, currency, returned.lines) } : {}),
      });
    },

    async chargeSaved(input) {
      return toPayment(
        await call('POST', '/payments', input.idempotenceKey, {
          amount: { value: decimal(input.amount), currency: input.currency },
          capture: true,
          payment_method_id: input.paymentMethodId,
          description: input.description.slice(0, 128),
          metadata: { order_id: input.orderId },
          receipt: receipt(input.receipt.email, input.currency, oneLine(input)),
        }),
      );
    },

    async verifyNotification({ body, ip }) {
      if (!isYookassaAddress(ip)) return null;
      if (!body || typeof body !== 'object') return null;
      const { type, event, object } = body as {
        type?: unknown;
        event?: unknown;
        object?: { id?: unknown; payment_id?: unknown };
      };
      if (type !== 'notification' || typeof event !== 'string') return null;
      if (!object || typeof object.id !== 'string' || object.id.length > 100) return null;
      if (event.startsWith('payment.')) return { eventId: `${event}:${object.id}`, paymentId: object.id };
      // A refund, made in YooKassa's panel or by us: its object is the refund, which names its payment. The payment
      // is read back from the API, and its refunded amount moves the order (a refund of ours is written already).
      if (event === 'refund.succeeded' && typeof object.payment_id === 'string' && object.payment_id.length <= 100) {
        return { eventId: `${event}:${object.id}`, paymentId: object.payment_id };
      }
      return null;
    },
  };
}
