// The web app's weight and Lighthouse mobile scores: the gzipped JavaScript the first route needs, and Lighthouse
// (performance, accessibility, best practices, SEO, LCP, TBT) for the given paths, against the built server.
// Usage: npm run build && node bench/web.mjs [/login /tzolkin ...] [--size]
// Without paths it measures the pages held to mobile 98+ and accessibility 100 (docs/decisions/038-speed.md);
// --size prints the first route's weight, by package and source file, and stops. BENCH_REPORTS=dir keeps each
// Lighthouse report as JSON.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from './lib/server.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const given = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const paths = given.length
  ? given
  : ['/dash', '/tzolkin', '/moon', '/products', '/welcome', '/education', '/checkout?product=13days'];

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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The bytes of a built file by the source each came from, read from its source map: each mapping's generated text,
 * up to the next mapping, belongs to the mapping's source. Text no mapping covers is the bundler's own glue.
 */
function bytesBySource(code, map) {
  const lines = code.split('\n');
  const owners = new Map();
  const add = (source, bytes) => owners.set(source, (owners.get(source) ?? 0) + bytes);
  let source = 0;
  map.mappings.split(';').forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let previous = null;
    for (const segment of segments.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      if (previous) add(previous.owner, column - previous.column);
      else add(null, column);
      previous = { column, owner: values.length > 1 ? map.sources[source] : null };
    }
    if (previous) add(previous.owner, line.length - previous.column + 1);
    else add(null, line.length + 1);
  });
  return owners;
}

/** A source path (as its map names it) as the package it comes from, or the workspace file it is. */
function ownerName(source, mapDir) {
  if (!source) return '(bundler glue)';
  const path = relative(root, resolve(mapDir, source));
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return inPackage ? inPackage[1] : path;
}

const scripts = firstRouteScripts();
const owners = new Map();
let gzipped = 0;
for (const file of scripts) {
  const code = readFileSync(join(dist, file), 'utf8');
  const size = gzipSync(code).length;
  gzipped += size;
  // Each source's share of the file's raw bytes, applied to the file's gzipped size.
  const mapFile = join(dist, `${file}.map`);
  const shares = existsSync(mapFile) ? bytesBySource(code, JSON.parse(readFileSync(mapFile, 'utf8'))) : new Map();
  if (!shares.size) shares.set(file, code.length);
  const raw = [...shares.values()].reduce((a, b) => a + b, 0);
  for (const [source, bytes] of shares) {
    const name = source === file ? file : ownerName(source, dirname(mapFile));
    owners.set(name, (owners.get(name) ?? 0) + (size * bytes) / raw);
  }
}
console.log(
  `first route JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} file(s) (target 140 KB)`,
);
// Every kilobyte of it by package or source file (gzipped, in proportion to each one's share of its file).
const packages = new Map();
for (const [name, bytes] of owners) {
  // Workspace files by folder (apps/web/src/features/cards, packages/calendar), packages by name.
  const parts = name.split('/');
  const group = name.startsWith('apps/web/src/')
    ? parts.slice(0, parts[3] === 'features' ? 5 : 4).join('/')
    : name.startsWith('packages/')
      ? parts.slice(0, 2).join('/')
      : name;
  packages.set(group, (packages.get(group) ?? 0) + bytes);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [group, bytes] of [...packages].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${kb(bytes).padStart(9)}  ${group}`);
  if (!group.startsWith('apps/') && !group.startsWith('packages/')) continue;
  const files = [...owners].filter(([name]) => name.startsWith(`${group}/`)).sort((a, b) => b[1] - a[1]);
  for (const [name, fileBytes] of files)
    console.log(`  ${kb(fileBytes).padStart(9)}    ${name.slice(group.length + 1)}`);
}
if (process.argv.includes('--size')) process.exit(0);

const lighthouseDir = join(root, 'bench/lighthouse');
if (!existsSync(join(lighthouseDir, 'node_modules/lighthouse'))) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: lighthouseDir, stdio: 'inherit' });
}
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse report; a run that fails (a trace lost on a busy machine: NO_NAVSTART) is made again, up to 3 times. */
function lighthouse(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url);
    } catch (error) {
      if (attempt === 3)
        throw new Error(`Lighthouse failed 3 times on ${url}: ${String(error.message).split('\n')[0]}`);
      console.log(
        `  a Lighthouse run failed (${String(error.message).split('\n')[0].slice(0, 120)}); running it again`,
      );
    }
  }
}

function lighthouseOnce(url) {
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
    const loads = [];
    const reports = Array.from({ length: RUNS }, (_, run) => {
      const report = lighthouse(`${server.url}${path}`);
      loads.push(loadavg()[0].toFixed(2));
      if (process.env.BENCH_REPORTS) {
        mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
        const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${run + 1}.json`;
        writeFileSync(join(process.env.BENCH_REPORTS, name), JSON.stringify(report));
      }
      return report;
    });
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
    console.log(`  load average (1 min) after each run: ${loads.join(' / ')}`);
    // The main thread's longest tasks in the median run, and the script each is attributed to.
    const middle = [...reports].sort(
      (a, b) => a.audits['total-blocking-time'].numericValue - b.audits['total-blocking-time'].numericValue,
    )[Math.floor(RUNS / 2)];
    const tasks = (middle.audits['long-tasks']?.details?.items ?? []).slice(0, 5);
    if (tasks.length) {
      const where = (url) => String(url).replace(server.url, '').slice(0, 60);
      console.log(
        `  long tasks (median run): ${tasks.map((t) => `${Math.round(t.duration)} ms ${where(t.url)}`).join(', ')}`,
      );
    }
    const failing = Object.values(reports[0].audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    if (failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(', ')}`);
    // Where each failing audit found its fault (the first few elements), to know what to fix.
    for (const audit of failing) {
      const nodes = (audit.details?.items ?? [])
        .map((item) => item.node?.snippet ?? item.node?.selector)
        .filter(Boolean);
      if (nodes.length) console.log(`    ${audit.id}: ${nodes.slice(0, 3).join(' | ').slice(0, 400)}`);
    }
  }
} finally {
  await server.stop();
}
