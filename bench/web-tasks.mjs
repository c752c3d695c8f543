// Where the main thread's time goes while a page opens: loads the path once in Chromium with an empty cache
// (as Lighthouse does), records a performance trace and prints every task over 3 ms with its largest parts, then
// the first and largest contentful paints. Times are the machine's own, without Lighthouse's slowdown.
// Usage: npm run build && node bench/web-tasks.mjs /dash
import { chromium } from 'playwright-core';
import { startServer } from './lib/server.mjs';

const path = process.argv[2] ?? '/dash';
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startServer({ port: 3963 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto('about:blank');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'],
  });
  await page.goto(server.url + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  // The page's own renderer and its main thread: where its first contentful paint was reported; the times count
  // from the browser's request for the page.
  const request = events.find(
    (event) => event.name === 'ResourceSendRequest' && event.args?.data?.url === server.url + path,
  );
  const start = request?.ts ?? events[0].ts;
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && event.ts >= start);
  const rendererPid = firstPaint?.pid;
  const mainTid = events.find(
    (event) => event.name === 'thread_name' && event.pid === rendererPid && event.args?.name === 'CrRendererMain',
  )?.tid;
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.dur > 3000 &&
      (!rendererPid || (event.pid === rendererPid && (mainTid === undefined || event.tid === mainTid))),
  );
  let total = 0;
  for (const task of tasks) {
    const parts = new Map();
    for (const event of events) {
      if (event.pid !== task.pid || event.tid !== task.tid || !event.dur || event.name === 'RunTask') continue;
      if (event.ts < task.ts || event.ts >= task.ts + task.dur) continue;
      const file = event.args?.data?.url?.split('/').pop();
      const name = `${event.name}${file ? ` ${file}` : ''}`;
      parts.set(name, Math.max(parts.get(name) ?? 0, event.dur));
    }
    const largest = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(1)}`)
      .join(', ');
    total += task.dur;
    console.log(
      `${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  ${(task.dur / 1000).toFixed(1).padStart(5)} ms  ${largest}`,
    );
  }
  console.log(`tasks over 3 ms: ${(total / 1000).toFixed(0)} ms in all`);
  // Lighthouse's mobile figure runs the same tasks four times slower and counts what each task over 50 ms lasts
  // beyond 50 ms, after the first contentful paint; tasks under 10 ms it leaves out.
  const paint = firstPaint?.ts ?? start;
  const blocking = tasks
    .filter((task) => task.ts >= paint && task.dur >= 10_000)
    .reduce((sum, task) => sum + Math.max(0, (task.dur * 4) / 1000 - 50), 0);
  console.log(`blocking time at four times slower, after the first paint: about ${Math.round(blocking)} ms`);
  for (const name of ['firstContentfulPaint', 'largestContentfulPaint::Candidate']) {
    for (const event of events.filter((item) => item.name === name)) {
      console.log(
        `${name} at ${((event.ts - start) / 1000).toFixed(0)} ms${event.args?.data?.size ? `, ${event.args.data.size} px²` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
