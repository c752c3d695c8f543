// Share images: the time to answer a PNG, measured at the client on loopback. "warm" asks again for images already
// drawn (kept in memory, as every image is after its first request); "drawn" asks for images never asked before, in
// Latin, Arabic and Chinese script, so each is drawn with resvg. p50 and p95 of each. Needs `npm run build` first.
// First the same in this process, through the server's own code (tsx): the drawing alone, without HTTP.
// Usage: node bench/share.mjs [port] [--no-server]
import { register } from 'tsx/esm/api';
import { startServer } from './lib/server.mjs';

const args = process.argv.slice(2);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeAll(paths) {
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    const reply = await fetch(`${server.url}${path}`);
    const bytes = (await reply.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
    if (reply.status !== 200 || bytes < 1000) throw new Error(`${path}: ${reply.status}, ${bytes} bytes`);
  }
  return times;
}

function timeCalls(calls) {
  return calls.map((call) => {
    const started = performance.now();
    const { image } = call();
    if (image.png.length < 1000) throw new Error('an empty image');
    return performance.now() - started;
  });
}

const row = (name, times) =>
  console.log(
    `${name.padEnd(34)} n ${String(times.length).padStart(4)}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms`,
  );

register();
const { createShareService } = await import('../apps/server/src/modules/share/service.ts');
const share = createShareService();
const kins = (from, count) => Array.from({ length: count }, (_, i) => from + i);
const inProcess = {
  'in process, drawn, en': timeCalls(kins(1, 30).map((n) => () => share.kin(n, 'en'))),
  'in process, drawn, ar': timeCalls(kins(1, 30).map((n) => () => share.kin(n, 'ar'))),
  'in process, drawn, zh': timeCalls(kins(1, 30).map((n) => () => share.kin(n, 'zh'))),
};
const keptCalls = ['en', 'ar', 'zh'].flatMap((lang) => kins(1, 30).map((n) => () => share.kin(n, lang)));
const kept = [];
for (let round = 0; round < 5; round++) kept.push(...timeCalls(keptCalls));
row('in process, warm (kept)', kept);
for (const [name, times] of Object.entries(inProcess)) row(name, times);
if (args.includes('--no-server')) process.exit(0);

const server = await startServer({ port: Number(args.find((a) => /^\d+$/.test(a)) ?? 3952) });
try {
  const kinPaths = (lang, from, count) =>
    Array.from({ length: count }, (_, i) => `/api/share/kin/${from + i}.png?lang=${lang}`);
  // First requests: each image is drawn.
  const drawn = {
    'drawn, en (Latin)': await timeAll(kinPaths('en', 1, 30)),
    'drawn, ar (Arabic)': await timeAll(kinPaths('ar', 1, 30)),
    'drawn, zh (Chinese)': await timeAll(kinPaths('zh', 1, 30)),
  };
  // The same addresses again, many times: the kept images.
  const warmPaths = [...kinPaths('en', 1, 30), ...kinPaths('ar', 1, 30), ...kinPaths('zh', 1, 30)];
  const warm = [];
  for (let round = 0; round < 5; round++) warm.push(...(await timeAll(warmPaths)));
  row('warm (kept), all languages', warm);
  for (const [name, times] of Object.entries(drawn)) row(name, times);
} finally {
  await server.stop();
}
