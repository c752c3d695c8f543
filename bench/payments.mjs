// Checkout and the payment-notification path: POST /api/orders latency (p50, p99) and throughput, then the test
// provider's Pay (which sends the signed notification to the webhook: verified, kept in the inbox, answered) and the
// time until the order reads as paid. Then two races: eight parallel refunds of 2,000 ₽ on a 2,900 ₽ order (refunded
// never more than paid, one provider refund per accepted refund), and parallel orders with a one-use promo code (one
// order gets it and is paid). Needs `npm run build` first; on PostgreSQL when DATABASE_URL is set, which is what the
// figures are meant for. Usage: node bench/payments.mjs [port]
import { signIn, startServer } from './lib/server.mjs';

const USERS = 40;
const ORDERS_PER_USER = 5;
const CONCURRENCY = 10;
const PARALLEL_REFUNDS = 8;
const PROMO_ORDERS = 20;
const ADMIN = { email: `bench.pay.admin.${Date.now()}@example.com`, password: 'benchmark admin password' };

const server = await startServer({
  port: Number(process.argv[2] ?? 3960),
  env: {
    PAYMENTS_TEST_PROVIDER: 'true',
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
});
const pct = (list, p) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))].toFixed(1);
async function pool(items, size, run) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]);
      }
    }),
  );
  return results;
}
async function call(token, method, path, body) {
  const start = performance.now();
  const reply = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await reply.json();
  return { ms: performance.now() - start, status: reply.status, body: json };
}

/** Opens `count` accounts and answers their session tokens. */
function signUps(count, tag) {
  return pool(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const reply = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `bench.pay.${tag}.${Date.now()}.${i}@example.com`,
          password: 'benchmark password',
          birth_date: '1987-07-26',
          lang: 'ru',
        }),
      }).then((r) => r.json());
      if (!reply.success) throw new Error(JSON.stringify(reply));
      return reply.token;
    },
  );
}
/** Pays an order's test payment as its buyer would. */
async function pay(token, reply) {
  const id = new URL(reply.body.data.confirmation_url).searchParams.get('test_payment');
  const paid = await call(token, 'POST', `/payments/test-provider/${id}/pay`);
  if (paid.status !== 200) throw new Error(`pay answered ${paid.status}`);
  return { id, ms: paid.ms };
}
async function untilPaid(token, orderId) {
  for (;;) {
    const order = await call(token, 'GET', `/orders/${orderId}`);
    if (order.body.data.order.status === 'paid') return order.body.data.order;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

try {
  const tokens = await signUps(USERS, 'buyer');
  const jobs = tokens.flatMap((token) => Array.from({ length: ORDERS_PER_USER }, () => token));

  const started = performance.now();
  const created = await pool(jobs, CONCURRENCY, (token) =>
    call(token, 'POST', '/orders', { product_id: '13days', source: 'bench' }).then((r) => ({ ...r, token })),
  );
  const createSeconds = (performance.now() - started) / 1000;
  for (const reply of created) if (reply.status !== 201) throw new Error(`POST /orders answered ${reply.status}`);

  const paidStart = performance.now();
  const paid = await pool(created, CONCURRENCY, async (reply) => {
    const { id, ms } = await pay(reply.token, reply);
    await untilPaid(reply.token, reply.body.data.order.id);
    return { notify: ms, toPaid: performance.now() - paidStart, paymentId: id };
  });
  const paySeconds = (performance.now() - paidStart) / 1000;

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`payments on ${database}, ${jobs.length} orders, ${CONCURRENCY} at a time`);
  console.log(
    `POST /api/orders: p50 ${pct(
      created.map((r) => r.ms),
      50,
    )} ms, p99 ${pct(
      created.map((r) => r.ms),
      99,
    )} ms, ${(jobs.length / createSeconds).toFixed(0)} orders/s`,
  );
  console.log(
    `Pay + notification (verified, kept, answered): p50 ${pct(
      paid.map((r) => r.notify),
      50,
    )} ms, p99 ${pct(
      paid.map((r) => r.notify),
      99,
    )} ms, ${(jobs.length / paySeconds).toFixed(0)} payments/s to paid`,
  );

  // The refund race: eight administrators' refunds of 2,000 ₽ at once on one paid 2,900 ₽ order.
  const adminToken = await signIn(server.url, ADMIN);
  const [first] = created;
  const refunds = await Promise.all(
    Array.from({ length: PARALLEL_REFUNDS }, () =>
      call(adminToken, 'POST', `/admin/payments/${first.body.data.order.id}/refund`, {
        amount: 200000,
        reason: 'benchmark race',
      }),
    ),
  );
  const accepted = refunds.filter((r) => r.status === 200).length;
  const order = (await call(adminToken, 'GET', `/orders/${first.body.data.order.id}`)).body.data.order;
  const atProvider = (await call(first.token, 'GET', `/payments/test-provider/${paid[0].paymentId}`)).body.payment;
  const providerCalls = atProvider.refunded_amount / 200000;
  console.log(
    `refund race: ${PARALLEL_REFUNDS} parallel refunds of 2,000 on ${order.amount / 100}: ${accepted} accepted, ` +
      `refunded ${order.refunded_amount / 100} <= paid ${order.amount / 100}: ${order.refunded_amount <= order.amount}, ` +
      `provider refunds ${providerCalls} = accepted: ${providerCalls === accepted}`,
  );

  // The promo race: parallel orders from different buyers with one one-use code.
  const code = `BENCH${Date.now() % 1_000_000_000}`;
  const made = await call(adminToken, 'POST', '/admin/promo-codes', {
    code,
    discount_percentage: 10,
    valid_until: '2099-01-01',
    max_redemptions: 1,
  });
  if (made.status !== 200) throw new Error(`the promo code was not created: ${made.status}`);
  const racers = await signUps(PROMO_ORDERS, 'promo');
  const raced = await Promise.all(
    racers.map((token) =>
      call(token, 'POST', '/orders', { product_id: '13days', promo_code: code }).then((r) => ({ ...r, token })),
    ),
  );
  const winners = raced.filter((r) => r.status === 201);
  for (const winner of winners) {
    await pay(winner.token, winner);
    await untilPaid(winner.token, winner.body.data.order.id);
  }
  const refused = raced.filter((r) => r.body?.error?.code === 'PROMO_EXHAUSTED').length;
  console.log(
    `promo race: ${PROMO_ORDERS} parallel orders with a one-use code: ${winners.length} paid, ${refused} refused`,
  );
} finally {
  await server.stop();
}
