// The API's cost per request beside Fastify's own: `GET /api/calendar/day/{date}` of the built server at the default
// log level (info, one line per request), and a bare Fastify hello-world started here, each with 50 clients, in
// alternating rounds of the same run. The ratio is what to read on a shared machine, where absolute figures move
// with the load (printed too). Beside requests per second, each server's processor time per request is read from
// /proc: on a machine other work shares, that figure moves less than throughput does.
// Usage: npm run build && node bench/api.mjs   (BENCH_ROUNDS=5, BENCH_SECONDS=4; BENCH_LOG_LEVEL=warn to leave out the
// request log; BENCH_NODE_ARGS, e.g. --cpu-prof, go to both servers)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 50;
const TARGET = 0.5;

/** A bare Fastify hello-world in a process of its own, as the app runs in one. */
async function startHelloWorld() {
  const code = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(app.server.address().port);
  `;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn('node', [...nodeArgs, '--input-type=module', '-e', code], {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', () => reject(new Error('the hello-world server did not start')));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
/** Processor time (user and system) a process has used so far, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
/** One load of 50 clients on `url`: requests per second, and the server's processor time per request in µs. */
async function run(url, pid) {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const cpuUs = ((cpuMs(pid) - before) * 1000) / result.requests.total;
  return { perSecond: result.requests.average, cpuUs, p99: result.latency.p99, bad: result.errors + result.non2xx };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`load average before: ${load()}`);
const hello = await startHelloWorld();
const app = await startServer({ port: 3962, env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' } }).catch(
  async (error) => {
    await hello.stop();
    throw error;
  },
);
try {
  const dayUrl = `${app.url}/api/calendar/day/2026-07-26`;
  const check = await fetch(dayUrl);
  if (!check.ok) throw new Error(`the calendar day answered ${check.status}`);
  // Both warm up before the rounds count (V8's optimiser, the day cache).
  await autocannon({ url: dayUrl, connections: CONNECTIONS, duration: 2 });
  await autocannon({ url: hello.url, connections: CONNECTIONS, duration: 2 });
  const ratios = [];
  const cpuRatios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which goes first, so a change in the machine's load falls on both alike.
    const dayFirst = round % 2 === 1;
    const a = dayFirst ? await run(dayUrl, app.pid) : await run(hello.url, hello.pid);
    const b = dayFirst ? await run(hello.url, hello.pid) : await run(dayUrl, app.pid);
    const [day, bare] = dayFirst ? [a, b] : [b, a];
    const ratio = day.perSecond / bare.perSecond;
    const cpuRatio = bare.cpuUs / day.cpuUs;
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    console.log(
      `round ${round}: GET /api/calendar/day ${Math.round(day.perSecond)} req/s (p99 ${day.p99} ms, ` +
        `${Math.round(day.cpuUs)} µs of processor a request), hello-world ${Math.round(bare.perSecond)} req/s ` +
        `(p99 ${bare.p99} ms, ${Math.round(bare.cpuUs)} µs): ratio ${ratio.toFixed(2)}, by processor time ` +
        `${cpuRatio.toFixed(2)}${day.bad + bare.bad ? `, ${day.bad + bare.bad} errors or non-2xx` : ''}; load ${load()}`,
    );
  }
  const ratio = median(ratios);
  const cpuRatio = median(cpuRatios);
  console.log(
    `calendar day API at the default log level / bare Fastify: ${ratio.toFixed(2)} in requests per second, ` +
      `${cpuRatio.toFixed(2)} in processor time per request (medians of ${ROUNDS} rounds, ${CONNECTIONS} clients, ` +
      `${SECONDS} s each; target ${TARGET.toFixed(2)}: ${ratio >= TARGET ? 'met' : 'not met'}); load ${load()}`,
  );
} finally {
  await hello.stop();
  await app.stop();
}
