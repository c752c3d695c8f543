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

  // A wrong password and an unknown email should cost the same (the unknown one is checked against a decoy hash):
  // each wrong password goes to an account of its own, as the per-account throttle would answer a sixth at once.
  const refusal = async (body) => {
    const start = performance.now();
    const reply = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
    await reply.arrayBuffer();
    if (reply.status !== 401) throw new Error(`a refused sign-in answered ${reply.status}`);
    return performance.now() - start;
  };
  const wrong = [];
  const unknown = [];
  for (let i = 0; i < 10; i++) {
    const other = `bench.wrong.${Date.now()}.${i}@example.com`;
    await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: other, password, birth_date: '1987-07-26', lang: 'en' }),
    });
    wrong.push(await refusal({ email: other, password: 'not the password' }));
    unknown.push(await refusal({ email: `bench.nobody.${Date.now()}.${i}@example.com`, password: 'not the password' }));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
  console.log(
    `refused sign-in (10 each): wrong password p50 ${median(wrong)} ms, unknown email p50 ${median(unknown)} ms`,
  );

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
