import {
  cardOf,
  decimal,
  minorOf,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  providerRequest,
} from './types.ts';

/** A capture's states as PayPal documents them (Orders v2, capture_status). */
type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

interface PaypalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  links?: Array<{ rel: string; href: string }>;
  payer?: { payer_id?: string };
  payment_source?: {
    paypal?: { account_id?: string; attributes?: { vault?: { id?: string; status?: string } } };
    card?: { brand?: string; last_digits?: string };
  };
  purchase_units?: Array<{
    custom_id?: string;
    amount?: { value: string; currency_code: string };
    payments?: {
      captures?: Array<{ id: string; status: CaptureStatus; amount: { value: string; currency_code: string } }>;
      refunds?: Array<{ id: string; status: string; amount: { value: string; currency_code: string } }>;
    };
  }>;
}

/**
 * PayPal (USD) through Orders v2: an order is created with an approval link; when the buyer has approved it, fetching
 * it captures it (with a request id made from ours, so a repeated capture is one); webhooks are checked by PayPal's
 * own verify-webhook-signature call. Saved methods use PayPal's vault.
 */
export function createPaypalProvider(config: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
}): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const answer = (await providerRequest('paypal', `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new ProviderError('paypal', 502, 'no access token');
    token = { value: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 300) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, requestId?: string, body?: unknown): Promise<unknown> {
    return providerRequest('paypal', `${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /**
   * A PayPal order in our terms. Money was taken once the capture is COMPLETED, PARTIALLY_REFUNDED or REFUNDED (the
   * last two also say how much went back); DECLINED and FAILED captures and a VOIDED order never take it.
   */
  const toPayment = (order: PaypalOrder): ProviderPayment => {
    if (!order || typeof order.id !== 'string') throw new ProviderError('paypal', 502, 'an order without an id');
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    const amount = capture?.amount ?? unit?.amount;
    const status = capture?.status;
    const captured = status === 'COMPLETED' || status === 'PARTIALLY_REFUNDED' || status === 'REFUNDED';
    const declined = status === 'DECLINED' || status === 'FAILED' || order.status === 'VOIDED';
    const paid = amount ? minorOf(amount.value) : 0;
    const refunds = (unit?.payments?.refunds ?? [])
      .filter((refund) => refund.status === 'COMPLETED')
      .reduce((sum, refund) => sum + minorOf(refund.amount.value), 0);
    return {
      id: order.id,
      status: captured ? 'succeeded' : declined ? 'canceled' : 'pending',
      amount: paid,
      currency: amount?.currency_code ?? 'USD',
      orderId: unit?.custom_id ?? null,
      paymentMethodId: order.payment_source?.paypal?.attributes?.vault?.id ?? null,
      payerId: order.payer?.payer_id ?? order.payment_source?.paypal?.account_id ?? null,
      failureReason: declined ? (status ?? order.status).toLowerCase() : null,
      method: order.payment_source?.card ? 'card' : 'paypal',
      card: cardOf(order.payment_source?.card?.brand, order.payment_source?.card?.last_digits),
      refunded: status === 'REFUNDED' ? Math.max(refunds, paid) : status === 'PARTIALLY_REFUNDED' ? refunds : 0,
    };
  };

  /** The order's one purchase unit: the order's id (as PayPal's reference and custom id), its text and amount. */
  const purchaseUnits = (input: { orderId: string; description: string; currency: string; amount: number }) => [
    {
      reference_id: input.orderId,
      custom_id: input.orderId,
      description: input.description.slice(0, 127),
      amount: { currency_code: input.currency, value: decimal(input.amount) },
    },
  ];

  const captureIdOf = (order: PaypalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0]?.id;

  return {
    id: 'paypal',
    supports: (currency) => currency === 'USD',
    minimumAmount: 100,

    async create(input) {
      const order = (await call('POST', '/v2/checkout/orders', input.idempotenceKey, {
        intent: 'CAPTURE',
        purchase_units: purchaseUnits(input),
        payment_source: {
          paypal: {
            email_address: input.receipt.email,
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
            ...(input.savePaymentMethod
              ? { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } } }
              : {}),
          },
        },
      })) as PaypalOrder;
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
      if (!approve) throw new ProviderError('paypal', 502, 'no approval link in the answer');
      return { payment: toPayment(order), confirmationUrl: approve };
    },

    async fetch(paymentId, idempotenceKey) {
      const order = (await call('GET', `/v2/checkout/orders/${encodeURIComponent(paymentId)}`)) as PaypalOrder;
      if (order.status !== 'APPROVED') return toPayment(order);
      // The buyer approved: capturing takes the money. The request id makes a repeated capture the same one.
      try {
        return toPayment(
          (await call(
            'POST',
            `/v2/checkout/orders/${encodeURIComponent(paymentId)}/capture`,
            `capture-${idempotenceKey}`,
            {},
          )) as PaypalOrder,
        );
      } catch (error) {
        // A capture PayPal refuses for the buyer's funding (INSTRUMENT_DECLINED) leaves the order to retry later.
        if (error instanceof ProviderError && error.status === 422) return toPayment(order);
        throw error;
      }
    },

    async refund({ paymentId, amount, currency, idempotenceKey }) {
      const order = (await call('GET', `/v2/checkout/orders/${encodeURIComponent(paymentId)}`)) as PaypalOrder;
      const captureId = captureIdOf(order);
      if (!captureId) throw new ProviderError('paypal', 409, 'the order has no capture to refund');
      await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, idempotenceKey, {
        amount: { value: decimal(amount), currency_code: currency },
      });
    },

    async chargeSaved(input) {
      return toPayment(
        (await call('POST', '/v2/checkout/orders', input.idempotenceKey, {
          intent: 'CAPTURE',
          purchase_units: purchaseUnits(input),
          payment_source: { paypal: { vault_id: input.paymentMethodId } },
        })) as PaypalOrder,
      );
    },

    async verifyNotification({ headers, body }) {
      if (!body || typeof body !== 'object') return null;
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      if (Object.values(fields).some((value) => !value)) return null;
      const event = body as { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return null;
      const answer = (await call('POST', '/v1/notifications/verify-webhook-signature', undefined, {
        ...fields,
        webhook_id: config.webhookId,
        webhook_event: body,
      })) as { verification_status?: string };
      if (answer.verification_status !== 'SUCCESS') return null;
      // Order events carry the order id; capture events name it in supplementary data.
      const resource = event.resource ?? {};
      const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids;
      const paymentId = event.event_type.startsWith('CHECKOUT.ORDER') ? resource.id : related?.order_id;
      if (typeof paymentId !== 'string') return null;
      return { eventId: event.id, paymentId };
    },
  };
}
