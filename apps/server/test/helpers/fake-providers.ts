import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  metadata: { order_id?: string };
  payment_method?: { id: string; saved: boolean; type: string };
  cancellation_details?: { reason: string };
  confirmation?: { type: 'redirect'; confirmation_url: string };
  save_payment_method?: boolean;
}

/**
 * A YooKassa v3 API on loopback: Basic authentication, Idempotence-Key (a repeated key answers the first result),
 * payments, saved-method charges and refunds. Tests move a payment's state as the buyer would on YooKassa's page.
 */
export async function fakeYookassa(credentials = { shopId: '123456', secretKey: 'test_secret' }) {
  const payments = new Map<string, FakeYookassaPayment>();
  const byKey = new Map<string, [number, unknown]>();
  const requests: Array<{ method: string; path: string; key?: string; body: unknown }> = [];
  const refunds: Array<{ payment_id: string; amount: { value: string; currency: string } }> = [];
  let failNext = 0;
  const expected = `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`;

  const { server, url } = await jsonServer(async (request, body) => {
    const key = request.headers['idempotence-key'] as string | undefined;
    const path = (request.url ?? '').replace(/^\/v3/, '');
    requests.push({ method: request.method ?? '', path, key, body });
    if (request.headers.authorization !== expected) return [401, { type: 'error', code: 'invalid_credentials' }];
    if (failNext > 0) {
      failNext -= 1;
      return [500, { type: 'error', code: 'internal_server_error' }];
    }
    if (request.method === 'POST' && key && byKey.has(key)) return byKey.get(key) as [number, unknown];
    let answer: [number, unknown] = [404, { type: 'error', code: 'not_found' }];
    if (request.method === 'POST' && path === '/payments') {
      const input = body as {
        amount: { value: string; currency: string };
        metadata?: { order_id?: string };
        payment_method_id?: string;
        save_payment_method?: boolean;
        confirmation?: { return_url: string };
      };
      if (!key) return [400, { type: 'error', code: 'invalid_request', description: 'Idempotence-Key is required' }];
      const id = `yk-${randomUUID()}`;
      const payment: FakeYookassaPayment = input.payment_method_id
        ? {
            id,
            status: input.payment_method_id.includes('decline') ? 'canceled' : 'succeeded',
            amount: input.amount,
            metadata: input.metadata ?? {},
            payment_method: { id: input.payment_method_id, saved: true, type: 'bank_card' },
            ...(input.payment_method_id.includes('decline')
              ? { cancellation_details: { reason: 'insufficient_funds' } }
              : {}),
          }
        : {
            id,
            status: 'pending',
            amount: input.amount,
            metadata: input.metadata ?? {},
            save_payment_method: Boolean(input.save_payment_method),
            confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.test/checkout/${id}` },
          };
      payments.set(id, payment);
      answer = [200, payment];
    } else if (request.method === 'GET' && path.startsWith('/payments/')) {
      const payment = payments.get(decodeURIComponent(path.slice('/payments/'.length)));
      if (payment) answer = [200, payment];
    } else if (request.method === 'POST' && path === '/refunds') {
      const input = body as { payment_id: string; amount: { value: string; currency: string } };
      if (!payments.has(input.payment_id)) return [404, { type: 'error', code: 'not_found' }];
      refunds.push(input);
      answer = [200, { id: `rf-${randomUUID()}`, status: 'succeeded', ...input }];
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

interface FakePaypalOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Array<{
    custom_id?: string;
    amount: { value: string; currency_code: string };
    payments?: { captures: Array<{ id: string; status: string; amount: { value: string; currency_code: string } }> };
  }>;
  links: Array<{ rel: string; href: string }>;
  payer?: { payer_id: string };
}

/** PayPal's OAuth, Orders v2, captures, refunds and verify-webhook-signature on loopback. */
export async function fakePaypal(credentials = { clientId: 'client', clientSecret: 'secret', webhookId: 'WH-1' }) {
  const orders = new Map<string, FakePaypalOrder>();
  const byRequestId = new Map<string, [number, unknown]>();
  const captures: string[] = [];
  const refunds: Array<{ captureId: string; body: unknown }> = [];
  const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
  const token = `token-${randomUUID()}`;

  const { server, url } = await jsonServer(async (request, body) => {
    const path = request.url ?? '';
    if (path === '/v1/oauth2/token') {
      if (request.headers.authorization !== basic) return [401, { error: 'invalid_client' }];
      return [200, { access_token: token, token_type: 'Bearer', expires_in: 32400 }];
    }
    if (request.headers.authorization !== `Bearer ${token}`) return [401, { name: 'AUTHENTICATION_FAILURE' }];
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    if (request.method === 'POST' && requestId && byRequestId.has(requestId)) {
      return byRequestId.get(requestId) as [number, unknown];
    }
    let answer: [number, unknown] = [404, { name: 'RESOURCE_NOT_FOUND' }];
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const input = body as {
        purchase_units: Array<{ custom_id?: string; amount: { value: string; currency_code: string } }>;
        payment_source?: { paypal?: { vault_id?: string } };
      };
      const id = `PP-${randomUUID().slice(0, 12).toUpperCase()}`;
      const unit = input.purchase_units[0];
      if (!unit) return [400, { name: 'INVALID_REQUEST' }];
      const vaulted = input.payment_source?.paypal?.vault_id;
      const order: FakePaypalOrder = {
        id,
        status: vaulted ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
        purchase_units: [
          {
            custom_id: unit.custom_id,
            amount: unit.amount,
            ...(vaulted
              ? { payments: { captures: [{ id: `CAP-${id}`, status: 'COMPLETED', amount: unit.amount }] } }
              : {}),
          },
        ],
        links: [{ rel: 'payer-action', href: `https://paypal.test/checkoutnow?token=${id}` }],
        ...(vaulted ? { payer: { payer_id: 'PAYER-VAULT' } } : {}),
      };
      orders.set(id, order);
      answer = [200, order];
    } else if (orderMatch && request.method === 'GET' && !orderMatch[2]) {
      const order = orders.get(orderMatch[1] ?? '');
      if (order) answer = [200, order];
    } else if (orderMatch?.[2] && request.method === 'POST') {
      const order = orders.get(orderMatch[1] ?? '');
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND' }];
      if (order.status !== 'APPROVED')
        return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] }];
      captures.push(order.id);
      const unit = order.purchase_units[0];
      if (!unit) return [500, {}];
      order.status = 'COMPLETED';
      unit.payments = { captures: [{ id: `CAP-${order.id}`, status: 'COMPLETED', amount: unit.amount }] };
      answer = [201, order];
    } else if (request.method === 'POST' && path.startsWith('/v2/payments/captures/')) {
      const captureId = path.split('/')[4] ?? '';
      refunds.push({ captureId, body });
      answer = [201, { id: `RF-${randomUUID()}`, status: 'COMPLETED' }];
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
    /** The buyer approved the order on PayPal. */
    approve(id: string) {
      const order = orders.get(id);
      if (!order) throw new Error(`no fake order ${id}`);
      order.status = 'APPROVED';
      order.payer = { payer_id: 'PAYER-123' };
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
