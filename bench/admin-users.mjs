// GET /api/admin/users on 100,000 users: seeds them straight into PostgreSQL with generate_series (a quarter with a
// subscription, a mix of languages, sources, confirmed and blocked accounts), then asks the built server for the
// admin list the ways the admin area does (the first page, a search by email and by name, filters, sorts, a deep
// page) and prints p50 and p95 of each through HTTP. Target: p95 under 200 ms. Needs `npm run build` and
// DATABASE_URL (a role that may create databases); the run uses a database of its own, dropped at the end.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/admin-users.mjs [--users 100000] [--runs 40]
import { parseArgs } from 'node:util';
import { benchDatabase, withClient } from './lib/postgres.mjs';
import { signIn, startServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3302' },
    /** Keep the database afterwards, to look at query plans. */
    keep: { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const RUNS = Number(args.runs);
const TARGET_P95_MS = 200;
const ADMIN = { email: 'bench.admin@example.com', password: 'benchmark admin password' };

const dbName = `hunab_bench_admin_users_${process.pid}`;
const { baseUrl, dbUrl } = benchDatabase(dbName);

/** The users and their subscriptions, as years of sign-ups would leave them. */
async function seed(client) {
  const started = performance.now();
  await client.query(`
    insert into users (email, name, username, lang, password_hash, email_verified_at, registration_source, blocked_at,
                       created_at, updated_at)
    select 'reader' || n || '@' || (array['example.com','mail.test','post.test'])[1 + n % 3],
           (array['Анна','Boris','Carmen','Dieter','Eri','Fang','Ghada','Hugo'])[1 + n % 8] || ' ' || n,
           'user' || n,
           (array['ru','ru','ru','en','es','pt','de','ja','zh','ar'])[1 + n % 10],
           'not a password hash',
           case when n % 4 <> 0 then now() - make_interval(days => n % 900) end,
           (array['website','website','mobile_app','pwa','telegram','subscribe'])[1 + n % 6],
           case when n % 500 = 0 then now() end,
           now() - make_interval(mins => n * 5), now()
    from generate_series(1, ${USERS}) as n`);
  await client.query(`
    insert into subscriptions (user_id, plan_id, level, status, current_period_start, current_period_end, source)
    select id, (array['basic_monthly','premium_monthly','basic_yearly','premium_yearly'])[1 + ((rn / 4) % 4)::int],
           case when rn % 2 = 0 then 1 else 2 end, case when rn % 7 = 0 then 'cancelled' else 'active' end,
           now() - interval '10 days', now() + interval '20 days', 'admin'
    from (select id, row_number() over (order by created_at) as rn from users) u
    where rn % 4 = 1`);
  await client.query('analyze');
  return performance.now() - started;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

await withClient(baseUrl, (client) => client.query(`create database ${dbName}`));
let server;
let failed = false;
try {
  server = await startServer({
    port: Number(args.port),
    env: { DATABASE_URL: dbUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  const seeded = await withClient(dbUrl, seed);
  console.log(`seeded ${USERS.toLocaleString('en')} users in ${(seeded / 1000).toFixed(1)} s`);
  const token = await signIn(server.url, ADMIN);
  const headers = { authorization: `Bearer ${token}` };

  const scenarios = [
    ['first page, newest first', ''],
    ['search by email', 'q=reader4242'],
    ['search by name', 'q=carmen%2012'],
    ['search, no match', 'q=nobody-like-this'],
    ['filter plan + language', 'plan=premium_yearly&lang=de'],
    ['filter unconfirmed + source', 'verified=false&source=telegram'],
    ['filter blocked', 'blocked=true'],
    ['no plan', 'plan=none'],
    ['sort by email', 'sort=email&order=asc'],
    ['sort by name, page 200', 'sort=name&order=asc&page=200'],
    ['page 1000 of 25', 'limit=25&page=1000'],
  ];
  const all = [];
  for (const [label, query] of scenarios) {
    const times = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const params = new URLSearchParams({ limit: '50', ...Object.fromEntries(new URLSearchParams(query)) });
      const reply = await fetch(`${server.url}/api/admin/users?${params}`, { headers });
      const body = await reply.json();
      times.push(performance.now() - start);
      if (!reply.ok) throw new Error(`${label}: ${reply.status} ${JSON.stringify(body)}`);
      total = body.pagination.total;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(
      `${label.padEnd(30)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  ` +
        `p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  (${total.toLocaleString('en')} rows)`,
    );
  }
  all.sort((a, b) => a - b);
  const p95 = percentile(all, 95);
  failed = p95 >= TARGET_P95_MS;
  console.log(
    `all ${all.length} requests: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
      `(target p95 < ${TARGET_P95_MS} ms: ${failed ? 'missed' : 'met'})`,
  );
} finally {
  await server?.stop();
  if (args.keep) console.log(`kept the database ${dbName}`);
  else await withClient(baseUrl, (client) => client.query(`drop database if exists ${dbName} with (force)`));
}
process.exit(failed ? 1 : 0);
