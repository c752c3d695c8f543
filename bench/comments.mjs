// GET /api/comments on a busy cycle: fills kin 1 (Russian, general) with 10,000 comments and replies on PostgreSQL,
// plus 10,000 more spread over other cycles, then drives the list at 300 requests per second for 30 s from this
// process (autocannon, overallRate) against the built server in its own process: signed in, as a guest, and signed in
// while votes keep changing the cycle (so its kept pages are read again). Target: p99 under 30 ms with no errors.
// Besides latency it prints the CPU time each request cost the server and the database, which a shared machine
// does not distort the way it distorts latency. Needs `npm run build` and DATABASE_URL (a role that may create
// databases); the run uses a database of its own, dropped at the end.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/comments.mjs [--rate 300] [--seconds 30]
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabase, withClient } from './lib/postgres.mjs';
import { startServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3301' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
/**
 * autocannon paces a rate per connection and second: each connection sends back to back until it has made its share
 * of the second, so the connections are also the size of each burst. Ten keep 300 requests/s with bursts of ten.
 */
const CONNECTIONS = 10;
const THREADS = 4_000;
const REPLIES = 6_000;
const ELSEWHERE = 10_000;
const AUTHORS = 40;
const TARGET_P99_MS = 30;
const VOTES_PER_SECOND = 10;

const dbName = `hunab_bench_comments_${process.pid}`;
const { baseUrl, dbUrl } = benchDatabase(dbName);

async function register(url, i) {
  const reply = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.${process.pid}.${i}@example.com`,
      password: 'benchmark password',
      username: `Reader ${i}`,
      birth_date: '1987-07-26',
      lang: 'ru',
    }),
  }).then((r) => r.json());
  if (!reply.success) throw new Error(JSON.stringify(reply));
  return reply;
}

/** Threads and replies straight into the tables, as years of use would leave them, then the cycle counts. */
async function fill(client) {
  const words = `'Комментарий номер ' || n || ': волна несёт слово, и день отвечает. '`;
  const text = `${words} || 'https://example.org/kin/' || n`;
  // As the server makes it: the link becomes the product's own anchor.
  const html = `${words} || '<a href="https://example.org/kin/' || n || '" rel="nofollow noopener noreferrer ugc" target="_blank">https://example.org/kin/' || n || '</a>'`;
  await client.query(`
    insert into comments (user_id, cycle_type, cycle_value, cycle_sub_value, lang, is_sum, depth, content, content_html,
                          created_at, updated_at)
    select (select id from users order by id offset (n % ${AUTHORS}) limit 1), 'kin', 1, 0, 'ru', false, 0,
           ${text}, ${html}, now() - make_interval(mins => n * 7), now() - make_interval(mins => n * 7)
    from generate_series(1, ${THREADS}) as n`);
  // Replies: spread over the comments one level up (some threads gather many), at most three deep.
  for (let depth = 1; depth <= 3; depth++) {
    const count = depth === 1 ? REPLIES / 2 : REPLIES / 4;
    await client.query(`
      with parents as (
        select id, root_id, created_at, row_number() over (order by id) - 1 as i, count(*) over () as total
        from comments where cycle_type = 'kin' and cycle_value = 1 and depth = ${depth - 1}
      )
      insert into comments (user_id, cycle_type, cycle_value, cycle_sub_value, lang, is_sum, reply_to_id, root_id, depth,
                            content, content_html, created_at, updated_at)
      select (select id from users order by id offset (n % ${AUTHORS}) limit 1), 'kin', 1, 0, 'ru', false,
             parents.id, coalesce(parents.root_id, parents.id), ${depth}, ${text}, ${html},
             parents.created_at + interval '1 minute', parents.created_at + interval '1 minute'
      from generate_series(1, ${count}) as n
      join parents on parents.i = (n::bigint * 7919) % parents.total`);
  }
  await client.query(`
    insert into comments (user_id, cycle_type, cycle_value, cycle_sub_value, lang, is_sum, depth, content, content_html,
                          created_at, updated_at)
    select (select id from users order by id offset (n % ${AUTHORS}) limit 1), 'kin', 2 + n % 259, 0,
           (array['ru','en','es','de'])[1 + n % 4], n % 5 = 0, 0, ${text}, ${html}, now(), now()
    from generate_series(1, ${ELSEWHERE}) as n`);
  // Votes: each reader rates about one comment in twelve of the busy cycle, mostly likes; the counts follow them.
  await client.query(`
    insert into comment_votes (comment_id, user_id, value)
    select c.id, u.id, case when random() < 0.8 then 1 else -1 end
    from comments c cross join users u
    where c.cycle_type = 'kin' and c.cycle_value = 1 and u.id <> c.user_id and random() < 0.08`);
  await client.query(`
    update comments c set likes_count = v.likes, dislikes_count = v.dislikes
    from (select comment_id, count(*) filter (where value = 1) as likes, count(*) filter (where value = -1) as dislikes
          from comment_votes group by comment_id) v
    where v.comment_id = c.id`);
  await client.query(`
    insert into comment_cycle_counts (cycle_type, cycle_value, cycle_sub_value, lang, is_sum, threads, comments)
    select cycle_type, cycle_value, cycle_sub_value, lang, is_sum, count(*) filter (where reply_to_id is null), count(*)
    from comments group by 1, 2, 3, 4, 5
    on conflict (cycle_type, cycle_value, cycle_sub_value, lang, is_sum)
    do update set threads = excluded.threads, comments = excluded.comments`);
  // What autovacuum does for a table that has lived a while: statistics and the visibility map.
  await client.query('vacuum analyze');
  const { rows } = await client.query(
    `select count(*)::int as all, count(*) filter (where reply_to_id is null)::int as threads,
            (select count(*)::int from comment_votes) as votes
     from comments where cycle_type = 'kin' and cycle_value = 1 and lang = 'ru'`,
  );
  return rows[0];
}

/** CPU time (ms) a process has used, from /proc; null where /proc cannot be read. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The server process and the database backends serving this run's database. */
async function usedCpu(serverPid) {
  const { rows } = await withClient(baseUrl, (client) =>
    client.query('select pid from pg_stat_activity where datname = $1', [dbName]),
  );
  const database = rows.map((row) => cpuMs(row.pid));
  return {
    server: cpuMs(serverPid),
    database: database.some((ms) => ms === null) ? null : database.reduce((sum, ms) => sum + ms, 0),
  };
}

const perRequest = (before, after, requests) =>
  before === null || after === null ? 'n/a' : `${((after - before) / requests).toFixed(2)} ms`;

/**
 * Votes landing on the cycle while it is read, `perSecond` of them, from random readers on the first page's
 * comments: each one changes the cycle's version, so the pages kept in memory are read again.
 */
function voteWhileReading(url, readers, ids, perSecond) {
  let sent = 0;
  let refused = 0;
  const timer = setInterval(() => {
    const reader = readers[Math.floor(Math.random() * readers.length)];
    const id = ids[Math.floor(Math.random() * ids.length)];
    sent++;
    fetch(`${url}/api/comments/${id}/like`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}` } })
      .then((reply) => {
        // One's own comment refuses the vote: that is expected, not a failure.
        if (!reply.ok && reply.status !== 403) refused++;
        return reply.arrayBuffer();
      })
      .catch(() => refused++);
  }, 1000 / perSecond);
  return () => {
    clearInterval(timer);
    return { sent, refused };
  };
}

async function measure(server, label, headers, during = () => () => null) {
  const load = loadavg()[0].toFixed(1);
  const before = await usedCpu(server.pid);
  const stop = during();
  const result = await drive(server.url, label, headers);
  const writes = stop();
  const after = await usedCpu(server.pid);
  if (writes) console.log(`  votes meanwhile: ${writes.sent} sent, ${writes.refused} failed`);
  const requests = result.requests.total;
  console.log(
    `  CPU per request: server ${perRequest(before.server, after.server, requests)}, ` +
      `database ${perRequest(before.database, after.database, requests)}; ` +
      `machine load ${load} before, ${loadavg()[0].toFixed(1)} after (${availableParallelism()} cores, shared)`,
  );
}

function drive(url, label, headers, seconds = SECONDS) {
  // Pages 1-5 of both orders, as readers move through a busy cycle.
  const requests = [];
  for (const sortBy of ['top', 'new']) {
    for (let page = 1; page <= 5; page++) {
      requests.push({
        method: 'GET',
        path: `/api/comments?cycleType=kin&cycleValue=1&lang=ru&sortBy=${sortBy}&page=${page}`,
      });
    }
  }
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: seconds,
        headers,
        requests,
        // autocannon's coordinated-omission correction takes ceil(1 / rate) = 1 ms as the interval between requests,
        // which counts a response of n ms n times. The latencies below are the measured ones; a stalling server
        // shows instead as fewer requests than rate x duration.
        ignoreCoordinatedOmission: true,
      },
      (error, result) => {
        if (error) return reject(error);
        const ok = result.errors === 0 && result.non2xx === 0 && result.latency.p99 < TARGET_P99_MS;
        console.log(
          `${label}: ${Math.round(result.requests.average)} requests/s for ${seconds} s, ${result.requests.total} requests; ` +
            `latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, ` +
            `max ${result.latency.max} ms; ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
            `-> ${ok ? 'meets' : 'MISSES'} the target (p99 < ${TARGET_P99_MS} ms, no errors)`,
        );
        resolve(result);
      },
    );
  });
}

await withClient(baseUrl, (client) => client.query(`create database ${dbName}`));
let server;
try {
  server = await startServer({ port: Number(args.port), env: { DATABASE_URL: dbUrl } });
  const readers = [];
  for (let i = 0; i < AUTHORS; i++) readers.push(await register(server.url, i));
  const started = performance.now();
  const filled = await withClient(dbUrl, fill);
  console.log(
    `Filled kin 1 (ru) with ${filled.all} comments (${filled.threads} threads) and ${filled.votes} votes, ` +
      `${ELSEWHERE} more comments elsewhere ` +
      `in ${Math.round(performance.now() - started)} ms`,
  );
  const headers = { authorization: `Bearer ${readers[0].token}` };
  const sample = await fetch(`${server.url}/api/comments?cycleType=kin&cycleValue=1&lang=ru`, { headers }).then((r) =>
    r.json(),
  );
  const shown = sample.data.comments.reduce(function count(n, c) {
    return n + 1 + c.replies.reduce(count, 0);
  }, 0);
  console.log(
    `A page: ${sample.data.comments.length} threads, ${shown} comments with replies, total ${sample.data.total}, ` +
      `${sample.data.totalPages} pages`,
  );
  // Warm the connection pool and the plans.
  await drive(server.url, 'warm-up (not counted)', headers, 5);
  await measure(server, 'GET /api/comments signed in', headers);
  await measure(server, 'GET /api/comments as a guest', {});
  const ids = sample.data.comments.flatMap(function all(c) {
    return [c.id, ...c.replies.flatMap(all)];
  });
  await measure(server, `GET /api/comments signed in, ${VOTES_PER_SECOND} votes/s on the cycle`, headers, () =>
    voteWhileReading(server.url, readers, ids, VOTES_PER_SECOND),
  );
} finally {
  await server?.stop();
  await withClient(baseUrl, (client) => client.query(`drop database if exists ${dbName} with (force)`));
}
