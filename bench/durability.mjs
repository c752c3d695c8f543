// No acknowledged write lost across kill -9. Writers keep registering accounts, saving a card and writing a journal
// entry for each, recording every write the server acknowledged; mid-stream the server is killed with SIGKILL, started
// again on the same data, and every acknowledged write is read back through the API. Prints how many were
// acknowledged, in flight and lost, and exits 1 if any acknowledged write is missing. Runs on the embedded database
// (a data folder kept across the restart) and, when DATABASE_URL is set, also on PostgreSQL (a database of its own,
// dropped at the end). Needs `npm run build`.
// Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] node bench/durability.mjs [--seconds 4] [--writers 16]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    writers: { type: 'string', default: '16' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3320' },
  },
});
const SECONDS = Number(args.seconds);
const WRITERS = Number(args.writers);
const PORT = Number(args.port);
const PASSWORD = 'durable password';

async function call(url, method, path, body, token) {
  const reply = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: await reply.json().catch(() => null) };
}

/** One writer: account after account, each with a card and a journal entry; every acknowledged write is recorded. */
async function writer(url, id, acknowledged, state) {
  for (let n = 0; !state.killed; n++) {
    const email = `durable.${id}.${n}.${Date.now()}@example.com`;
    try {
      state.inFlight++;
      const registered = await call(url, 'POST', '/auth/register', {
        email,
        password: PASSWORD,
        birth_date: '1987-07-26',
      });
      state.inFlight--;
      if (registered.status !== 200) continue;
      acknowledged.push({ kind: 'account', email });
      const token = registered.body.token;
      state.inFlight++;
      const card = await call(url, 'POST', '/cards', { name: `Card ${id}.${n}`, birth_date: '1990-05-17' }, token);
      state.inFlight--;
      if (card.status === 201) acknowledged.push({ kind: 'card', email, cardId: card.body.data.card.id });
      const text = `Entry ${id}.${n}: the day of a durable write`;
      state.inFlight++;
      const entry = await call(url, 'PUT', '/journal/2026-11-01', { text }, token);
      state.inFlight--;
      if (entry.status === 200) acknowledged.push({ kind: 'journal', email, text });
    } catch {
      // The connection died with the server: this write was never acknowledged.
      return;
    }
  }
}

function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Reads every acknowledged write back; answers the ones missing. */
async function missingAfterRestart(url, acknowledged) {
  const byEmail = groupBy(acknowledged, (write) => write.email);
  const missing = [];
  for (const [email, writes] of byEmail) {
    const login = await call(url, 'POST', '/auth/login', { email, password: PASSWORD });
    if (login.status !== 200) {
      missing.push(...writes);
      continue;
    }
    const token = login.body.token;
    const cards = await call(url, 'GET', '/cards', undefined, token);
    const cardIds = new Set((cards.body?.data ?? []).map((card) => card.id));
    const entry = await call(url, 'GET', '/journal/2026-11-01', undefined, token);
    for (const write of writes) {
      if (write.kind === 'card' && !cardIds.has(write.cardId)) missing.push(write);
      if (write.kind === 'journal' && entry.body?.data?.text !== write.text) missing.push(write);
    }
  }
  return missing;
}

async function run(label, start) {
  let server = await start();
  const acknowledged = [];
  const state = { killed: false, inFlight: 0 };
  const writers = Array.from({ length: WRITERS }, (_, id) => writer(server.url, id, acknowledged, state));
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const inFlight = state.inFlight;
  state.killed = true;
  await server.kill();
  await Promise.all(writers);
  const killedAt = acknowledged.length;
  server = await start();
  try {
    const missing = await missingAfterRestart(server.url, acknowledged);
    const kinds = [...groupBy(acknowledged, (write) => write.kind)]
      .map(([kind, writes]) => `${writes.length} ${kind}s`)
      .join(', ');
    console.log(
      `${label}: ${killedAt} writes acknowledged before kill -9 (${kinds}), ${inFlight} in flight at the kill; ` +
        `after the restart ${killedAt - missing.length} found, ${missing.length} lost`,
    );
    for (const write of missing.slice(0, 5)) console.log(`  lost: ${JSON.stringify(write)}`);
    return missing.length;
  } finally {
    await server.stop();
  }
}

let lost = 0;
const dataDir = mkdtempSync(join(tmpdir(), 'hunab-durability-'));
try {
  lost += await run('embedded database', () => startServer({ port: PORT, dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  const dbName = `hunab_durability_${process.pid}`;
  const admin = async (query) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;
  try {
    lost += await run('PostgreSQL', () => startServer({ port: PORT, env: { DATABASE_URL: dbUrl.toString() } }));
  } finally {
    await admin(`drop database if exists ${dbName} with (force)`);
  }
} else {
  console.log('PostgreSQL: skipped (set DATABASE_URL to run it too)');
}
process.exit(lost === 0 ? 0 : 1);
