// Saved cards: POST and DELETE latency (p50, p99) one after another, GET /api/cards requests per second with 50
// concurrent clients, and 50 concurrent adds at the free limit minus one (exactly one may pass). Needs
// `npm run build` first. Uses PostgreSQL when DATABASE_URL is set. Usage: node bench/cards.mjs [port]
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const ROUNDS = 200;
const DURATION_S = 10;
const CONNECTIONS = 50;

const server = await startServer({ port: Number(process.argv[2] ?? 3950) });
try {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.cards.${Date.now()}@example.com`,
      password: 'benchmark password',
      birth_date: '1987-07-26',
    }),
  }).then((r) => r.json());
  if (!registered.success) throw new Error(JSON.stringify(registered));
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${registered.token}` };
  const call = async (method, path, body) => {
    const reply = await fetch(`${server.url}/api${path}`, {
      method,
      headers: body === undefined ? { authorization: headers.authorization } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.status, body: await reply.json() };
  };
  const timed = async (run) => {
    const start = performance.now();
    const result = await run();
    return [performance.now() - start, result];
  };

  const creates = [];
  const deletes = [];
  for (let i = 0; i < ROUNDS; i++) {
    const [created, reply] = await timed(() =>
      call('POST', '/cards', { name: `Card ${i}`, birth_date: '1990-05-17T08:30' }),
    );
    if (reply.status !== 201) throw new Error(`POST answered ${reply.status}`);
    creates.push(created);
    const [deleted] = await timed(() => call('DELETE', `/cards/${reply.body.data.card.id}`));
    deletes.push(deleted);
  }
  const pct = (list, p) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))].toFixed(1);
  console.log(`POST /api/cards (${ROUNDS} sequential): p50 ${pct(creates, 50)} ms, p99 ${pct(creates, 99)} ms`);
  console.log(`DELETE /api/cards/{id} (${ROUNDS} sequential): p50 ${pct(deletes, 50)} ms, p99 ${pct(deletes, 99)} ms`);

  for (const name of ['One', 'Two']) await call('POST', '/cards', { name, birth_date: '1990-05-17' });
  const [raceMs, race] = await timed(() =>
    Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', '/cards', { name: `Race ${i}`, birth_date: '2000-01-01' })),
    ),
  );
  const passed = race.filter((r) => r.status === 201).length;
  const refused = race.filter((r) => r.body?.error?.code === 'CARD_LIMIT_REACHED').length;
  console.log(`50 concurrent adds at 2 of 3 cards: ${passed} created, ${refused} refused in ${raceMs.toFixed(0)} ms`);

  const list = await autocannon({
    url: `${server.url}/api/cards`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: headers.authorization },
  });
  console.log(
    `GET /api/cards (3 cards): ${Math.round(list.requests.average)} requests/s with ${CONNECTIONS} clients for ` +
      `${DURATION_S} s (p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms, ${list.non2xx} non-2xx, ${list.errors} errors)`,
  );
} finally {
  await server.stop();
}
