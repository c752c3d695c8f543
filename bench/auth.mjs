// Sign-in latency (p50, p99) and GET /api/auth/me requests per second with 50 concurrent clients, beside a bare
// GET /api/health in the same run. Needs `npm run build` first. Uses PostgreSQL when DATABASE_URL is set.
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const LOGINS = 200;
const DURATION_S = 10;
const CONNECTIONS = 50;

const server = await startServer();
const json = { 'content-type': 'application/json' };
try {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'benchmark password';
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, birth_date: '1987-07-26', lang: 'en' }),
  }).then((r) => r.json());
  if (!registered.success) throw new Error(JSON.stringify(registered));

  const latencies = [];
  for (let i = 0; i < LOGINS; i++) {
    const start = performance.now();
    const reply = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    });
    if (!reply.ok) throw new Error(`login answered ${reply.status}`);
    await reply.arrayBuffer();
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(`POST /api/auth/login (${LOGINS} sequential): p50 ${pct(50)} ms, p99 ${pct(99)} ms`);

  const run = (path, headers = {}) =>
    autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers });
  const me = await run('/api/auth/me', { authorization: `Bearer ${registered.token}` });
  const health = await run('/api/health');
  for (const [label, result] of [
    ['GET /api/auth/me', me],
    ['GET /api/health', health],
  ]) {
    console.log(
      `${label}: ${Math.round(result.requests.average)} requests/s with ${CONNECTIONS} clients for ${DURATION_S} s ` +
        `(p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
} finally {
  await server.stop();
}
