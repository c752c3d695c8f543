// Share images: the time to answer a PNG, measured at the client on loopback. "warm" asks again for images already
// drawn (kept in memory, as every image is after its first request); "drawn" asks for images never asked before, in
// Latin, Arabic and Chinese script, so each is drawn with resvg. p50 and p95 of each. Needs `npm run build` first.
// First the same in this process, through the server's own code (tsx) and its drawing threads, without HTTP, and the
// processor time of a new drawing in each script.
// Then the server's health under a burst: /api/health p95 at rest, and while 200 new Chinese images are drawn
// (20 in flight from many client addresses, each asking again after a 503's Retry-After), with the ratio of the two.
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

async function timeCalls(calls) {
  const times = [];
  for (const call of calls) {
    const started = performance.now();
    const { image } = await call();
    if (image.png.length < 1000) throw new Error('an empty image');
    times.push(performance.now() - started);
  }
  return times;
}

/** Latencies of /api/health asked every `gapMs` until `until()` resolves (or `count` answers at rest). */
async function probeHealth({ count, until, gapMs = 10 }) {
  const times = [];
  let done = false;
  until?.then(() => {
    done = true;
  });
  while (count !== undefined ? times.length < count : !done) {
    const started = performance.now();
    const reply = await fetch(`${server.url}/api/health`);
    await reply.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return times;
}

/**
 * Asks for `paths` with `inFlight` requests at a time, each from its own client address, as the share button does:
 * a 503 is asked again after its Retry-After, up to three times. Counts the answers.
 */
async function burst(paths, inFlight) {
  const answers = { drawn: 0, refused: 0, retried: 0, other: 0 };
  let next = 0;
  const lane = async () => {
    while (next < paths.length) {
      const i = next++;
      for (let attempt = 0; ; attempt++) {
        const reply = await fetch(`${server.url}${paths[i]}`, {
          headers: { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
        });
        await reply.arrayBuffer();
        if (reply.status === 503 && attempt < 3) {
          answers.retried++;
          await new Promise((resolve) => setTimeout(resolve, Number(reply.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        if (reply.status === 200) answers.drawn++;
        else if (reply.status === 503) answers.refused++;
        else answers.other++;
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return answers;
}

const row = (name, times) =>
  console.log(
    `${name.padEnd(34)} n ${String(times.length).padStart(4)}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms`,
  );

register();
const { createShareService } = await import('../apps/server/src/modules/share/service.ts');
const { createDrawingPool } = await import('../apps/server/src/modules/share/pool.ts');
const pool = createDrawingPool();
const share = createShareService(pool);
const kins = (from, count) => Array.from({ length: count }, (_, i) => from + i);
const inProcess = {
  'in process, drawn, en': await timeCalls(kins(1, 30).map((n) => () => share.kin(n, 'en'))),
  'in process, drawn, ar': await timeCalls(kins(1, 30).map((n) => () => share.kin(n, 'ar'))),
  'in process, drawn, zh': await timeCalls(kins(1, 30).map((n) => () => share.kin(n, 'zh'))),
};
const keptCalls = ['en', 'ar', 'zh'].flatMap((lang) => kins(1, 30).map((n) => () => share.kin(n, lang)));
const kept = [];
for (let round = 0; round < 5; round++) kept.push(...(await timeCalls(keptCalls)));
row('in process, warm (kept)', kept);
for (const [name, times] of Object.entries(inProcess)) row(name, times);
await pool.close();

// The processor time of one new drawing, drawn on this thread with the fonts a drawing is given: what an image costs
// whatever else the machine runs (the times above grow with the machine's load).
const { Resvg } = await import('@resvg/resvg-js');
const { fontFilesFor } = await import('../apps/server/src/modules/share/fonts.ts');
const { kinImageSvg } = await import('../apps/server/src/modules/share/svg.ts');
for (const lang of ['en', 'ar', 'zh']) {
  const fontFiles = await fontFilesFor(lang);
  const times = kins(31, 30).map((n) => {
    const svg = kinImageSvg(n, lang);
    const started = process.cpuUsage();
    const font = { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Noto Sans' };
    new Resvg(svg, { fitTo: { mode: 'width', value: 1200 }, font }).render().asPng();
    const spent = process.cpuUsage(started);
    return (spent.user + spent.system) / 1000;
  });
  row(`processor time, drawn, ${lang}`, times);
}
if (args.includes('--no-server')) process.exit(0);

const server = await startServer({
  port: Number(args.find((a) => /^\d+$/.test(a)) ?? 3952),
  // The burst comes from many addresses, as many readers would send it: each within its own drawing limit.
  env: { TRUST_PROXY_HOPS: '1' },
});
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

  // The rest of the server while images are drawn.
  const rest = await probeHealth({ count: 300 });
  const day = (i) =>
    `${1950 + (i % 60)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  const coldPaths = Array.from(
    { length: 200 },
    (_, i) => `/api/share/compat.png?a=${day(i)}&b=2001-0${(i % 9) + 1}-1${i % 10}&lang=zh`,
  );
  const drawing = burst(coldPaths, 20);
  const during = await probeHealth({ until: drawing });
  const answers = await drawing;
  row('/api/health at rest', rest);
  row('/api/health during 200 cold drawings', during);
  const ratio = percentile(during, 95) / percentile(rest, 95);
  console.log(
    `health p95 during the burst / at rest: ${ratio.toFixed(2)} (target under 5); images drawn ${answers.drawn}, asked again after a 503 ${answers.retried} times, refused at last ${answers.refused}, other ${answers.other}`,
  );
} finally {
  await server.stop();
}
