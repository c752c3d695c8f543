// The web app's weight and Lighthouse mobile scores: the gzipped JavaScript the first route needs, and Lighthouse
// (performance, accessibility, best practices, SEO, LCP, TBT) for the given paths, against the built server.
// Usage: npm run build && node bench/web.mjs [/login /tzolkin ...]
// Without paths it measures the first screens of the app and the two landings held to mobile 95+ (ADR 025).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from './lib/server.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/login', '/tzolkin', '/dash', '/welcome', '/13days'];

/** Every script index.html loads, and the modules those import statically, transitively. */
function firstRouteScripts() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ].map((m) => m[1]);
  const seen = new Set();
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(`assets/${m[1]}`);
  }
  return [...seen];
}

const scripts = firstRouteScripts();
const gzipped = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
console.log(
  `first route JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} file(s) (target 150 KB)`,
);

const lighthouseDir = join(root, 'bench/lighthouse');
if (!existsSync(join(lighthouseDir, 'node_modules/lighthouse'))) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: lighthouseDir, stdio: 'inherit' });
}
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function lighthouse(url) {
  const output = execFileSync(
    'node',
    [
      join(lighthouseDir, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--output=json',
      '--form-factor=mobile',
      '--screenEmulation.mobile',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(output.toString());
}

// Lighthouse simulates a slow phone from what it observes; on a busy machine single runs vary, so each path runs
// three times and the median of each figure is printed.
const server = await startServer({ port: 3960 });
try {
  // The server keeps the pages it renders; a page is measured as readers get it after its first request of the day.
  for (const path of paths) await fetch(`${server.url}${path}`).then((reply) => reply.text());
  for (const path of paths) {
    const reports = Array.from({ length: RUNS }, () => lighthouse(`${server.url}${path}`));
    const score = (id) => median(reports.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)));
    const ms = (id) => median(reports.map((r) => r.audits[id]?.numericValue ?? 0));
    console.log(
      `${path}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}; LCP ${(ms('largest-contentful-paint') / 1000).toFixed(1)} s, TBT ${Math.round(ms('total-blocking-time'))} ms (median of ${RUNS})`,
    );
    // Single runs vary with the machine's load; the spread shows how far to trust the medians.
    const each = (pick) => reports.map(pick).join(' / ');
    console.log(
      `  runs: performance ${each((r) => Math.round(r.categories.performance.score * 100))}; TBT ${each((r) => Math.round(r.audits['total-blocking-time'].numericValue))} ms`,
    );
    // Lighthouse slows the processor four times whatever the machine; its benchmark index says how fast this one
    // was during each run (1,300 and above: the desktop class the four times are meant for).
    console.log(`  benchmark index: ${each((r) => Math.round(r.environment.benchmarkIndex))}`);
    const failing = Object.values(reports[0].audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    if (failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(', ')}`);
  }
} finally {
  await server.stop();
}
