import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYPAL, YOOKASSA } from './provider-fixtures.ts';

/** A local HTTP server with JSON routes, for the payment providers' fakes. */
async function jsonServer(
  handle: (request: IncomingMessage, body: unknown, response: ServerResponse) => Promise<[number, unknown]>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {}
      handle(request, body, response).then(
        ([status, reply]) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(reply));
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: String(error) }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface FakeYookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  description?: string;
  metadata: { order_id?: string };
  payment_method?: { id: string; saved: boolean; type: string };
  cancellation_details?: { reason: string };
  confirmation?: { type: 'redirect'; confirmation_url: string };
  save_payment_method?: boolean;
  refunded_amount?: { value: string; currency: string };
  receipt?: unknown;
}

type Answer = [number, unknown];
interface YookassaAmount {
  value: string;
  currency: string;
}
interface YookassaReceipt {
  customer?: { email?: string };
  items?: Array<{ description?: string; amount?: YookassaAmount; vat_code?: number | string; quantity?: string }>;
}

const yookassaError = (parameter: string, description: string): Answer => [
  400,
  { type: 'error', code: 'invalid_request', parameter, description },
];

/** What YooKassa refuses in a receipt: items missing, a description too long, an amount badly written. */
function receiptProblem(receipt: YookassaReceipt | undefined): Answer | null {
  if (!receipt?.items?.length) return yookassaError('receipt.items', 'A receipt needs its items');
  if (!receipt.customer?.email) return yookassaError('receipt.customer', 'A receipt needs the customer contact');
  for (const item of receipt.items) {
    if (!item.description || item.description.length > YOOKASSA.receiptItemDescriptionMax) {
      return yookassaError('receipt.items.description', 'An item description is 1 to 128 characters');
    }
    if (!item.amount || !YOOKASSA.amountValue.test(item.amount.value)) {
      return yookassaError('receipt.items.amount', 'An item amount has two decimals');
    }
    if (!YOOKASSA.vatCodes.includes(Number(item.vat_code) as (typeof YOOKASSA.vatCodes)[number])) {
      return yookassaError('receipt.items.vat_code', 'Unknown VAT code');
    }
  }
  return null;
}
const receiptTotal = (receipt: YookassaReceipt) =>
  (receipt.items ?? []).reduce((sum, item) => sum + Math.round(Number(item.amount?.value) * 100), 0);

/**
 * A YooKassa v3 API on loopback: Basic authentication, Idempotence-Key (a repeated key answers the first result),
 * payments, saved-method charges and refunds. It refuses what YooKassa's documentation says it refuses (see
 * provider-fixtures.ts): a key over 64 characters, a description over 128, an amount without exactly two decimals, a
 * partial refund without its receipt, a refund beyond what is left. Tests move a payment's state as the buyer would.
 */
export async function fakeYookassa(credentials = { shopId: '123456', secretKey: 'test_secret' }) {
  const payments = new Map<string, FakeYookassaPayment>();
  const byKey = new Map<string, Answer>();
  const requests: Array<{ method: string; path: string; key?: string; body: unknown }> = [];
  const refunds: Array<{ payment_id: string; amount: YookassaAmount; receipt?: YookassaReceipt }> = [];
  let failNext = 0;
  const expected = `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`;

  function createPayment(input: {
    amount: YookassaAmount;
    description?: string;
    metadata?: { order_id?: string };
    payment_method_id?: string;
    save_payment_method?: boolean;
    receipt?: YookassaReceipt;
  }): Answer {
    if (!input.amount || !YOOKASSA.amountValue.test(input.amount.value)) {
      return yookassaError('amount.value', 'The amount has two decimals');
    }
    if (Math.round(Number(input.amount.value) * 100) < YOOKASSA.minimumRub) {
      return yookassaError('amount.value', 'The amount is below the minimum');
    }
    if (input.description !== undefined && input.description.length > YOOKASSA.descriptionMax) {
      return yookassaError('description', 'The description is at most 128 characters');
    }
    const problem = receiptProblem(input.receipt);
    if (problem) return problem;
    const id = `yk-${randomUUID()}`;
    const declined = input.payment_method_id?.includes('decline');
    const payment: FakeYookassaPayment = input.payment_method_id
      ? {
          id,
          status: declined ? 'canceled' : 'succeeded',
          amount: input.amount,
          description: input.description,
          metadata: input.metadata ?? {},
          payment_method: { id: input.payment_method_id, saved: true, type: 'bank_card' },
          receipt: input.receipt,
          ...(declined ? { cancellation_details: { reason: 'insufficient_funds' } } : {}),
        }
      : {
          id,
          status: 'pending',
          amount: input.amount,
          description: input.description,
          metadata: input.metadata ?? {},
          save_payment_method: Boolean(input.save_payment_method),
          confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.test/checkout/${id}` },
          receipt: input.receipt,
        };
    payments.set(id, payment);
    return [200, payment];
  }

  function createRefund(input: { payment_id: string; amount: YookassaAmount; receipt?: YookassaReceipt }): Answer {
    const payment = payments.get(input.payment_id);
    if (!payment) return [404, { type: 'error', code: 'not_found' }];
    if (payment.status !== 'succeeded') return yookassaError('payment_id', 'Only a succeeded payment is refunded');
    if (!input.amount || !YOOKASSA.amountValue.test(input.amount.value)) {
      return yookassaError('amount.value', 'The amount has two decimals');
    }
    const paid = Math.round(Number(payment.amount.value) * 100);
    const before = Math.round(Number(payment.refunded_amount?.value ?? '0') * 100);
    const amount = Math.round(Number(input.amount.value) * 100);
    if (amount + before > paid) return yookassaError('amount', 'The refund is more than is left of the payment');
    // 54-FZ: a partial refund names what is returned; a full one reuses the payment's receipt.
    if (payment.receipt && amount < paid) {
      const problem = receiptProblem(input.receipt);
      if (problem) return problem;
      if (input.receipt && receiptTotal(input.receipt) !== amount) {
        return yookassaError('receipt', 'The receipt items do not add up to the refund');
      }
    }
    refunds.push(input);
    payment.refunded_amount = { value: ((before + amount) / 100).toFixed(2), currency: payment.amount.currency };
    return [200, { id: `rf-${randomUUID()}`, status: 'succeeded', ...input }];
  }

  const { server, url } = await jsonServer(async (request, body) => {
    const key = request.headers['idempotence-key'] as string | undefined;
    const path = (request.url ?? '').replace(/^\/v3/, '');
    requests.push({ method: request.method ?? '', path, key, body });
    if (request.headers.authorization !== expected) return [401, { type: 'error', code: 'invalid_credentials' }];
    if (failNext > 0) {
      failNext -= 1;
      return [500, { type: 'error', code: 'internal_server_error' }];
    }
    if (request.method === 'POST') {
      if (!key) return yookassaError('Idempotence-Key', 'Idempotence-Key is required');
      if (key.length > YOOKASSA.idempotenceKeyMax) {
        return yookassaError('Idempotence-Key', 'Idempotence-Key is at most 64 characters');
      }
      const earlier = byKey.get(key);
      if (earlier) return earlier;
    }
    let answer: Answer = [404, { type: 'error', code: 'not_found' }];
    if (request.method === 'POST' && path === '/payments') answer = createPayment(body as never);
    else if (request.method === 'POST' && path === '/refunds') answer = createRefund(body as never);
    else if (request.method === 'GET' && path.startsWith('/payments/')) {
      const payment = payments.get(decodeURIComponent(path.slice('/payments/'.length)));
      if (payment) answer = [200, payment];
    }
    if (request.method === 'POST' && key) byKey.set(key, answer);
    return answer;
  });

  return {
    url: `${url}/v3`,
    credentials,
    requests,
    refunds,
    payments,
    /** The next `count` requests answer 500, as an overloaded API would. */
    failNext(count: number) {
      failNext = count;
    },
    /**
     * A refund made by the shop in YooKassa's own panel: the payment's refunded amount grows, and the refund object
     * its `refund.succeeded` notification carries is answered (fields as the API reference's refund object).
     */
    refundInPanel(id: string, value: string) {
      const payment = payments.get(id);
      if (payment?.status !== 'succeeded') throw new Error(`no succeeded fake payment ${id}`);
      const before = Math.round(Number(payment.refunded_amount?.value ?? '0') * 100);
      const amount = Math.round(Number(value) * 100);
      if (amount + before > Math.round(Number(payment.amount.value) * 100)) throw new Error('more than is left');
      payment.refunded_amount = { value: ((before + amount) / 100).toFixed(2), currency: payment.amount.currency };
      return {
        id: randomUUID(),
        payment_id: id,
        status: 'succeeded',
        amount: { value, currency: payment.amount.currency },
        created_at: new Date().toISOString(),
      };
    },
    /** What the buyer did on YooKassa's page. */
    settle(id: string, status: 'succeeded' | 'canceled', options: { amount?: string; reason?: string } = {}) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
      if (options.amount) payment.amount = { ...payment.amount, value: options.amount };
      if (status === 'succeeded') {
        payment.payment_method = { id: `pm-${id}`, saved: Boolean(payment.save_payment_method), type: 'bank_card' };
      } else {
        payment.cancellation_details = { reason: options.reason ?? 'insufficient_funds' };
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface FakeCapture {
  id: string;
  status: (typeof PAYPAL.captureStatuses)[number];
  amount: { value: string; currency_code: string };
}
interface FakePaypalOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Array<{
    custom_id?: string;
    description?: string;
    amount: { value: string; currency_code: string };
    payments?: {
      captures: FakeCapture[];
      refunds?: Array<{ id: string; status: string; amount: { value: string; currency_code: string } }>;
    };
  }>;
  links: Array<{ rel: string; href: string }>;
  payer?: { payer_id: string };
  payment_source?: { paypal: { attributes?: { vault: { id: string; status: string } } } };
  /** Whether the buyer agreed to keep the method (store_in_vault), which PayPal vaults on the capture. */
  vaultOnSuccess?: boolean;
}

const paypalError = (status: number, name: string, issue: string): Answer => [
  status,
  { name, details: [{ issue }], message: issue },
];

/**
 * PayPal's OAuth, Orders v2, captures, refunds and verify-webhook-signature on loopback. Like PayPal it refuses a
 * PayPal-Request-Id over 108 characters (and its absence on a single-step vaulted order), an amount with more than
 * two decimals, a description over 127 characters and a refund beyond the capture; a capture moves through the
 * documented states (COMPLETED, PARTIALLY_REFUNDED, REFUNDED, DECLINED).
 */
export async function fakePaypal(credentials = { clientId: 'client', clientSecret: 'secret', webhookId: 'WH-1' }) {
  const orders = new Map<string, FakePaypalOrder>();
  const byRequestId = new Map<string, Answer>();
  const captures: string[] = [];
  const refunds: Array<{ captureId: string; body: unknown }> = [];
  const created: Array<{ requestId?: string; body: unknown }> = [];
  const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
  const token = `token-${randomUUID()}`;
  const cents = (value: string) => Math.round(Number(value) * 100);

  /** A refund of a capture, by us through the API or by the merchant in PayPal's panel. */
  function refundCapture(order: FakePaypalOrder, amount: number): Answer {
    const unit = order.purchase_units[0];
    const capture = unit?.payments?.captures[0];
    if (!unit?.payments || !capture) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_NOT_FOUND');
    const refunded = (unit.payments.refunds ?? []).reduce((sum, r) => sum + cents(r.amount.value), 0);
    if (amount + refunded > cents(capture.amount.value)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    const refund = {
      id: `RF-${randomUUID().slice(0, 12).toUpperCase()}`,
      status: 'COMPLETED',
      amount: { value: (amount / 100).toFixed(2), currency_code: capture.amount.currency_code },
    };
    unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
    capture.status = amount + refunded >= cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return [201, refund];
  }

  const { server, url } = await jsonServer(async (request, body) => {
    const path = request.url ?? '';
    if (path === '/v1/oauth2/token') {
      if (request.headers.authorization !== basic) return [401, { error: 'invalid_client' }];
      return [200, { access_token: token, token_type: 'Bearer', expires_in: 32400 }];
    }
    if (request.headers.authorization !== `Bearer ${token}`) return [401, { name: 'AUTHENTICATION_FAILURE' }];
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    if (requestId !== undefined && (requestId.length < 1 || requestId.length > PAYPAL.requestIdMax)) {
      return paypalError(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
    }
    if (request.method === 'POST' && requestId && byRequestId.has(requestId)) {
      return byRequestId.get(requestId) as Answer;
    }
    let answer: Answer = [404, { name: 'RESOURCE_NOT_FOUND' }];
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const input = body as {
        purchase_units: Array<{
          custom_id?: string;
          description?: string;
          amount: { value: string; currency_code: string };
        }>;
        payment_source?: { paypal?: { vault_id?: string; attributes?: { vault?: { store_in_vault?: string } } } };
      };
      created.push({ requestId, body });
      const unit = input.purchase_units?.[0];
      if (!unit) return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      if (!PAYPAL.amountValue.test(unit.amount?.value ?? '')) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
      }
      if ((unit.description?.length ?? 0) > PAYPAL.descriptionMax || (unit.custom_id?.length ?? 0) > 127) {
        return paypalError(400, 'INVALID_REQUEST', 'INVALID_STRING_LENGTH');
      }
      const vaulted = input.payment_source?.paypal?.vault_id;
      if (vaulted && !requestId) return paypalError(400, 'INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED');
      const id = `PP-${randomUUID().slice(0, 12).toUpperCase()}`;
      const declined = vaulted?.includes('decline');
      const order: FakePaypalOrder = {
        id,
        status: vaulted ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
        purchase_units: [
          {
            custom_id: unit.custom_id,
            description: unit.description,
            amount: unit.amount,
            ...(vaulted
              ? {
                  payments: {
                    captures: [{ id: `CAP-${id}`, status: declined ? 'DECLINED' : 'COMPLETED', amount: unit.amount }],
                  },
                }
              : {}),
          },
        ],
        links: [{ rel: 'payer-action', href: `https://paypal.test/checkoutnow?token=${id}` }],
        ...(vaulted
          ? {
              payer: { payer_id: 'PAYER-VAULT' },
              payment_source: { paypal: { attributes: { vault: { id: vaulted, status: 'VAULTED' } } } },
            }
          : {}),
        vaultOnSuccess: input.payment_source?.paypal?.attributes?.vault?.store_in_vault === 'ON_SUCCESS',
      };
      orders.set(id, order);
      answer = [200, order];
    } else if (orderMatch && request.method === 'GET' && !orderMatch[2]) {
      const order = orders.get(orderMatch[1] ?? '');
      if (order) answer = [200, order];
    } else if (orderMatch?.[2] && request.method === 'POST') {
      const order = orders.get(orderMatch[1] ?? '');
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND' }];
      if (order.status !== 'APPROVED') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      captures.push(order.id);
      const unit = order.purchase_units[0];
      if (!unit) return [500, {}];
      order.status = 'COMPLETED';
      unit.payments = { captures: [{ id: `CAP-${order.id}`, status: 'COMPLETED', amount: unit.amount }] };
      if (order.vaultOnSuccess) {
        order.payment_source = { paypal: { attributes: { vault: { id: `VAULT-${order.id}`, status: 'VAULTED' } } } };
      }
      answer = [201, order];
    } else if (request.method === 'POST' && path.startsWith('/v2/payments/captures/')) {
      const captureId = path.split('/')[4] ?? '';
      const order = [...orders.values()].find((o) => o.purchase_units[0]?.payments?.captures[0]?.id === captureId);
      const input = body as { amount?: { value: string; currency_code: string } };
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND' }];
      if (input.amount && !PAYPAL.amountValue.test(input.amount.value)) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
      }
      const capture = order.purchase_units[0]?.payments?.captures[0];
      answer = refundCapture(order, input.amount ? cents(input.amount.value) : cents(capture?.amount.value ?? '0'));
      if (answer[0] === 201) refunds.push({ captureId, body });
    } else if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const input = body as { transmission_sig?: string; webhook_id?: string };
      answer = [
        200,
        {
          verification_status:
            input.transmission_sig === 'valid-signature' && input.webhook_id === credentials.webhookId
              ? 'SUCCESS'
              : 'FAILURE',
        },
      ];
    }
    if (request.method === 'POST' && requestId) byRequestId.set(requestId, answer);
    return answer;
  });

  return {
    url,
    credentials,
    orders,
    captures,
    refunds,
    /** The bodies and request ids of the orders created, in order. */
    created,
    /** The buyer approved the order on PayPal. */
    approve(id: string) {
      const order = orders.get(id);
      if (!order) throw new Error(`no fake order ${id}`);
      order.status = 'APPROVED';
      order.payer = { payer_id: 'PAYER-123' };
    },
    /** The merchant refunded in PayPal's own panel. */
    refundInPanel(id: string, cents: number) {
      const order = orders.get(id);
      if (!order) throw new Error(`no fake order ${id}`);
      return refundCapture(order, cents);
    },
    /** PayPal moved a capture to a state of its own (DECLINED, FAILED, PENDING ...). */
    setCapture(id: string, status: FakeCapture['status']) {
      const order = orders.get(id);
      const unit = order?.purchase_units[0];
      if (!order || !unit) throw new Error(`no fake order ${id}`);
      order.status = 'COMPLETED';
      unit.payments = { captures: [{ id: `CAP-${order.id}`, status, amount: unit.amount }] };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * amoCRM's OAuth 2 token endpoint on loopback (`POST /oauth2/access_token`): a code it issued is good once, for the
 * client id, secret and redirect URI it was set up with; a refresh token is good once and is replaced by a new pair.
 */
export async function fakeAmocrm(app = { clientId: 'crm-client', clientSecret: 'crm-secret', redirectUri: '' }) {
  const codes = new Set<string>();
  const refreshTokens = new Set<string>();
  const requests: Array<Record<string, unknown>> = [];
  const issued: Array<{ access_token: string; refresh_token: string }> = [];
  const pair = () => {
    const n = issued.length + 1;
    const answer = {
      token_type: 'Bearer',
      expires_in: 86_400,
      access_token: `access-${n}`,
      refresh_token: `refresh-${n}-${randomUUID()}`,
    };
    refreshTokens.add(answer.refresh_token);
    issued.push(answer);
    return answer;
  };
  const { server, url } = await jsonServer(async (request, body) => {
    const input = (body ?? {}) as Record<string, string>;
    requests.push(input);
    if (request.method !== 'POST' || request.url !== '/oauth2/access_token') return [404, { title: 'Not found' }];
    if (
      input.client_id !== app.clientId ||
      input.client_secret !== app.clientSecret ||
      (app.redirectUri && input.redirect_uri !== app.redirectUri)
    ) {
      return [401, { title: 'Unauthorized', hint: 'Client authentication failed' }];
    }
    if (input.grant_type === 'authorization_code' && codes.delete(input.code ?? '')) return [200, pair()];
    if (input.grant_type === 'refresh_token' && refreshTokens.delete(input.refresh_token ?? '')) return [200, pair()];
    return [400, { title: 'Bad Request', hint: 'Authorization code has been revoked' }];
  });
  return {
    url,
    requests,
    /** The token pairs answered, in order. */
    issued,
    /** A code as the CRM puts on the return address after an administrator grants access. */
    code: () => {
      const code = `code-${randomUUID()}`;
      codes.add(code);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
