// Share images: the time to answer a PNG, measured at the client on loopback. "warm" asks again for images already
// drawn (kept in memory, as every image is after its first request); "drawn" asks for images never asked before, in
// Latin, Arabic and Chinese script, so each is drawn with resvg. p50 and p95 of each. Needs `npm run build` first.
// Usage: node bench/share.mjs [port]
import { startServer } from './lib/server.mjs';

const server = await startServer({ port: Number(process.argv[2] ?? 3952) });

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

const row = (name, times) =>
  console.log(
    `${name.padEnd(34)} n ${String(times.length).padStart(4)}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms`,
  );

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
