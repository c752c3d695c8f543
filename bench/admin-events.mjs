// The admin analytics chart over 1,000,000 events in PostgreSQL: seeds them with generate_series over the last
// 365 days (12 events, 3 platforms and none, 20,000 sessions), then asks GET /api/admin/analytics/chart through HTTP
// and prints p50 and p95 of each kind of request. The target is p95 under 200 ms. Needs `npm run build` first and
// a PostgreSQL server: BENCH_PG (default postgres://postgres@127.0.0.1:5432/postgres) gets a database of its own.
import pg from 'pg';
import { signIn, startServer } from './lib/server.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = 60;
const base = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `hunab_bench_events_${Date.now()}`;
const admin = { email: 'bench-admin@example.com', password: 'bench admin password' };

const root = new pg.Client({ connectionString: base });
await root.connect();
await root.query(`create database ${name}`);
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${name}`;

const server = await startServer({
  env: { DATABASE_URL: databaseUrl.toString(), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
});
const db = new pg.Client({ connectionString: databaseUrl.toString() });
try {
  await db.connect();
  let started = performance.now();
  await db.query(
    `insert into analytics_events (event, platform, session_id, created_at)
     select (array['page_view','login','register','purchase','checkout','paywall_open','share','card_add',
                   'comment','lesson_open','subscription_view','search'])[1 + (i % 12)],
            (array['web','android','ios',null])[1 + (i % 4)],
            's' || (i % 20000),
            now() - (random() * interval '365 days')
     from generate_series(1, $1) as i`,
    [EVENTS],
  );
  await db.query('analyze analytics_events');
  console.log(`seeded ${EVENTS.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const token = await signIn(server.url, admin);
  const headers = { authorization: `Bearer ${token}` };
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const get = async (path) => {
    const start = performance.now();
    const reply = await fetch(`${server.url}/api/admin/analytics/chart${path}`, { headers });
    if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${await reply.text()}`);
    await reply.arrayBuffer();
    return performance.now() - start;
  };

  // The first request counts the closed days into the daily table once; the later ones read it.
  started = performance.now();
  await get('');
  console.log(`first request (rolls up 365 days): ${(performance.now() - started).toFixed(0)} ms`);

  for (const [label, path] of [
    ['30 days by day', ''],
    ['365 days by week', `?from=${day(-364)}&granularity=week`],
    ['365 days by day, one event', `?from=${day(-364)}&event=purchase`],
    ['365 days by month, one platform', `?from=${day(-364)}&granularity=month&platform=android`],
  ]) {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await get(path));
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
    console.log(`GET /api/admin/analytics/chart ${label} (${RUNS} sequential): p50 ${pct(50)} ms, p95 ${pct(95)} ms`);
  }
} finally {
  await db.end().catch(() => {});
  await server.stop();
  await root.query(`drop database if exists ${name} with (force)`);
  await root.end();
}
