// Checkout and the payment-notification path: POST /api/orders latency (p50, p99) and throughput, then the test
// provider's Pay (which sends the signed notification to the webhook: verified, kept in the inbox, answered) and the
// time until the order reads as paid. Needs `npm run build` first; on PostgreSQL when DATABASE_URL is set, which is
// what the figures are meant for. Usage: node bench/payments.mjs [port]
import { startServer } from './lib/server.mjs';

const USERS = 40;
const ORDERS_PER_USER = 5;
const CONCURRENCY = 10;

const server = await startServer({
  port: Number(process.argv[2] ?? 3960),
  env: { PAYMENTS_TEST_PROVIDER: 'true', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000' },
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

try {
  const tokens = await pool(
    Array.from({ length: USERS }, (_, i) => i),
    4,
    async (i) => {
      const reply = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `bench.pay.${Date.now()}.${i}@example.com`,
          password: 'benchmark password',
          birth_date: '1987-07-26',
          lang: 'ru',
        }),
      }).then((r) => r.json());
      if (!reply.success) throw new Error(JSON.stringify(reply));
      return reply.token;
    },
  );
  const jobs = tokens.flatMap((token) => Array.from({ length: ORDERS_PER_USER }, () => token));

  const started = performance.now();
  const created = await pool(jobs, CONCURRENCY, (token) =>
    call(token, 'POST', '/orders', { product_id: '13days', source: 'bench' }).then((r) => ({ ...r, token })),
  );
  const createSeconds = (performance.now() - started) / 1000;
  for (const reply of created) if (reply.status !== 201) throw new Error(`POST /orders answered ${reply.status}`);

  const paidStart = performance.now();
  const paid = await pool(created, CONCURRENCY, async (reply) => {
    const id = new URL(reply.body.data.confirmation_url).searchParams.get('test_payment');
    const pay = await call(reply.token, 'POST', `/payments/test-provider/${id}/pay`);
    if (pay.status !== 200) throw new Error(`pay answered ${pay.status}`);
    for (;;) {
      const order = await call(reply.token, 'GET', `/orders/${reply.body.data.order.id}`);
      if (order.body.data.order.status === 'paid') return { notify: pay.ms, toPaid: performance.now() - paidStart };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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
} finally {
  await server.stop();
}
