import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const TOKEN = 'a metrics token of some length';
const ctx = useTestApp(() => ({ metricsToken: TOKEN }));
const http = client(() => ctx.app);
const without = useTestApp();

async function scrape(authorization?: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });
}

describe('GET /api/metrics', () => {
  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const reply = await without.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(reply.statusCode).toBe(404);
    const guessed = await without.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer ' },
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('answers 401 without the bearer token, and never shows the figures', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const reply = await scrape(authorization);
      expect(reply.statusCode, authorization).toBe(401);
      expect(reply.body).not.toContain('hunab_');
    }
  });

  it('serves the Prometheus text format: requests by route pattern and status, process, outbox, inbox', async () => {
    await http.get('/api/calendar/kin/1');
    await http.get('/api/calendar/kin/2');
    await http.get('/api/cards');
    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.body;
    expect(text).toMatch(
      /hunab_http_request_duration_seconds_count\{method="GET",route="\/api\/calendar\/kin\/:n",status="200"\} 2/,
    );
    expect(text).toMatch(
      /hunab_http_request_duration_seconds_count\{method="GET",route="\/api\/cards",status="401"\} 1/,
    );
    expect(text).not.toContain('route="/api/calendar/kin/1"');
    // A histogram: cumulative buckets with `le` first, then +Inf, the sum and the count of each series.
    const series = 'method="GET",route="/api/calendar/kin/:n",status="200"';
    const buckets = [
      ...text.matchAll(
        new RegExp(`hunab_http_request_duration_seconds_bucket\\{le="([^"]+)",${series}\\} (\\d+)`, 'g'),
      ),
    ];
    expect(buckets.map(([, le]) => le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    const counts = buckets.map(([, , count]) => Number(count));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(2);
    expect(text).toMatch(new RegExp(`hunab_http_request_duration_seconds_sum\\{${series}\\} [\\d.e-]+\\n`));
    expect(text).toContain('# TYPE hunab_http_request_duration_seconds histogram');
    for (const name of [
      'hunab_process_cpu_seconds_total',
      'hunab_nodejs_eventloop_lag_seconds',
      'hunab_outbox_letters{state="waiting"}',
      'hunab_outbox_letters{state="failed"}',
      'hunab_payment_inbox_backlog',
      'hunab_payment_inbox_oldest_age_seconds',
      'hunab_share_drawings_queued 0',
      'hunab_share_drawings_running 0',
    ])
      expect(text).toContain(name);
    if (ctx.database.kind === 'postgres') expect(text).toContain('hunab_db_pool_connections{state="total"}');
  });

  it('takes a gauge another part of the product registers, such as a worker queue depth', async () => {
    let depth = 3;
    ctx.app.metrics.registerGauge('hunab_test_queue_depth', 'Items waiting in a test queue', () => depth);
    expect((await scrape(`Bearer ${TOKEN}`)).body).toContain('hunab_test_queue_depth 3');
    depth = 0;
    expect((await scrape(`Bearer ${TOKEN}`)).body).toContain('hunab_test_queue_depth 0');
  });
});
