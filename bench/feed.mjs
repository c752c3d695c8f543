// Calendar feed: first the time to build a feed of 400 days in this process (the server's own code, through tsx),
// then the time to answer a personal feed (a user with a birth date and five cards), the public feed and the 304 of
// a held ETag over HTTP on loopback, p50 and p95 of sequential requests. The HTTP part needs `npm run build` first;
// `--no-server` skips it. Usage: node bench/feed.mjs [port] [--no-server]
import { register } from 'tsx/esm/api';
import { startServer } from './lib/server.mjs';

const ROUNDS = 200;
const args = process.argv.slice(2);

register();
const { buildFeed } = await import('../apps/server/src/modules/feed/service.ts');
const cards = Array.from({ length: 5 }, (_, i) => ({
  id: `card-${i}`,
  name: `Card ${i}`,
  birth: { year: 1990 + i, month: i + 1, day: 10 + i },
}));
for (const lang of ['en', 'ar', 'zh']) {
  const times = [];
  let chars = 0;
  for (let i = 0; i < ROUNDS + 20; i++) {
    const started = performance.now();
    const text = buildFeed({
      lang,
      start: { year: 2026, month: 10, day: 20 },
      days: 400,
      stamp: new Date(Date.UTC(2026, 10, 24)),
      self: { year: 1987, month: 7, day: 26 },
      cards,
    });
    if (i >= 20) times.push(performance.now() - started);
    chars = text.length;
  }
  console.log(
    `build in process, 400 days (${lang})`.padEnd(36),
    `${String(chars).padStart(7)} chars  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
}
if (args.includes('--no-server')) process.exit(0);

const server = await startServer({ port: Number(args.find((a) => /^\d+$/.test(a)) ?? 3951) });

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(path, headers = {}) {
  const times = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < ROUNDS + 20; i++) {
    const started = performance.now();
    const reply = await fetch(`${server.url}${path}`, { headers });
    const body = await reply.text();
    if (i >= 20) times.push(performance.now() - started);
    status = reply.status;
    bytes = body.length;
  }
  return { status, bytes, p50: percentile(times, 50), p95: percentile(times, 95) };
}

try {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.feed.${Date.now()}@example.com`,
      password: 'benchmark password',
      birth_date: '1987-07-26',
      lang: 'en',
    }),
  }).then((r) => r.json());
  if (!registered.success) throw new Error(JSON.stringify(registered));
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${registered.token}` };
  for (let i = 0; i < 5; i++) {
    await fetch(`${server.url}/api/cards`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `Card ${i}`, birth_date: `199${i}-0${i + 1}-1${i}` }),
    });
  }
  const link = await fetch(`${server.url}/api/feed`, { method: 'POST', headers: auth, body: '{}' }).then((r) =>
    r.json(),
  );
  const personal = new URL(link.data.https_url).pathname;
  const rows = {
    'personal feed, 400 days': await time(personal),
    'public feed, 400 days (ar)': await time('/api/feed/daily.ics?lang=ar'),
  };
  const etag = (await fetch(`${server.url}${personal}`)).headers.get('etag');
  rows['personal feed, 304'] = await time(personal, { 'if-none-match': etag });
  for (const [name, row] of Object.entries(rows)) {
    console.log(
      `${name.padEnd(30)} status ${row.status}  ${String(row.bytes).padStart(7)} chars  p50 ${row.p50.toFixed(2)} ms  p95 ${row.p95.toFixed(2)} ms`,
    );
  }
} finally {
  await server.stop();
}
