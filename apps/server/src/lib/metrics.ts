import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, type Histogram, Registry } from 'prom-client';
import { type Db, queryRows } from '../db/client.ts';
import { LETTERS } from '../modules/insights/figures.ts';
import { errorBody } from './errors.ts';

/** The pool of a PostgreSQL connection: how many connections it holds, how many are idle, how many wait for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The process's metrics in the Prometheus text format (docs/metrics.md), one registry per app. Figures read from the
 * database (the outbox, the payment inbox) are read when scraped, with the definitions the admin pages use.
 */
export function createMetrics(options: { db: Db; pool?: () => PoolStats | null; now?: () => Date }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'hunab_' });
  const now = options.now ?? (() => new Date());

  const requests = requestDurations(
    'hunab_http_request_duration_seconds',
    'Time to answer a request, by method, route pattern and status',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  // The registry reads it as it reads prom-client's own metrics, through `get()`.
  registry.registerMetric(requests as unknown as Histogram);

  /**
   * Adds a gauge read when scraped, for a part of the product that holds a figure of its own (a worker queue's
   * depth, say): `registerGauge('hunab_share_queue_depth', 'Images waiting to be drawn', () => queue.size)`.
   */
  function registerGauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** The same for a count a part of the product keeps itself, which only grows (a counter). */
  function registerCounter(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'hunab_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, waiting (clients waiting for a connection)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
  }

  new Gauge({
    name: 'hunab_outbox_letters',
    help: 'Outbox letters by state: waiting (backlog), failed, kept (no SMTP)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ waiting: number; failed: number; kept: number }>(
        options.db,
        sql`select count(*) filter (where ${LETTERS.waiting})::int as waiting,
                   count(*) filter (where ${LETTERS.failed})::int as failed,
                   count(*) filter (where ${LETTERS.kept})::int as kept
            from outbox_emails`,
      );
      for (const state of ['waiting', 'failed', 'kept'] as const) this.set({ state }, Number(row?.[state] ?? 0));
    },
  });

  const inbox = new Gauge({
    name: 'hunab_payment_inbox_backlog',
    help: 'Payment notifications received and not yet processed',
    registers: [registry],
  });
  new Gauge({
    name: 'hunab_payment_inbox_oldest_age_seconds',
    help: 'Age of the oldest unprocessed payment notification (0 when none)',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ backlog: number; oldest: string | null }>(
        options.db,
        sql`select count(*)::int as backlog, min(received_at)::text as oldest from payment_inbox where processed_at is null`,
      );
      inbox.set(Number(row?.backlog ?? 0));
      this.set(row?.oldest ? Math.max(0, (now().getTime() - Date.parse(row.oldest)) / 1000) : 0);
    },
  });

  const lastRun = new Map<string, number>();
  new Gauge({
    name: 'hunab_scheduler_seconds_since_run',
    help: 'Seconds since each scheduled job last finished a run in this process (its lag behind the interval)',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      for (const [job, at] of lastRun) this.set({ job }, (now().getTime() - at) / 1000);
    },
  });
  const jobFailures = new Counter({
    name: 'hunab_scheduler_failures_total',
    help: 'Scheduled job runs that failed, by job',
    labelNames: ['job'],
    registers: [registry],
  });

  return {
    registry,
    registerGauge,
    registerCounter,
    /** A scheduled job's run has ended. */
    jobRan(job: string, ok: boolean) {
      lastRun.set(job, now().getTime());
      if (!ok) jobFailures.inc({ job });
    },
    /** Times every request by its route pattern (never its path: ids would make a series each). */
    instrument(app: FastifyInstance) {
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched';
        if (route !== '/api/metrics')
          requests.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    },
    /** `GET /api/metrics`: 404 without a token configured, 401 without the right bearer token. */
    route(app: FastifyInstance, token: string | undefined) {
      const expected = token ? Buffer.from(`Bearer ${token}`) : null;
      app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!expected) return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.'));
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          return reply.status(401).send(errorBody('UNAUTHORIZED', 'A metrics token is required.'));
        return reply.header('content-type', registry.contentType).send(await registry.metrics());
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

interface Series {
  method: string;
  status: number;
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last one is above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The time to answer requests, by method, route pattern and status: a Prometheus histogram whose series are found by
 * their route and then by method and status, without building or hashing a label key. prom-client's `Histogram`
 * checks and hashes the labels of every observation, a measurable part of the cost of a small request. `get()`
 * answers in the shape of prom-client's histograms, so the registry writes the same text: cumulative `_bucket` lines
 * with `le` first, then `+Inf`, `_sum` and `_count`.
 */
function requestDurations(name: string, help: string, bounds: readonly number[]) {
  const byRoute = new Map<string, Series[]>();
  return {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    observe(method: string, route: string, status: number, seconds: number): void {
      let list = byRoute.get(route);
      if (!list) {
        list = [];
        byRoute.set(route, list);
      }
      let series: Series | undefined;
      for (const candidate of list) {
        if (candidate.status === status && candidate.method === method) {
          series = candidate;
          break;
        }
      }
      if (!series) {
        series = {
          method,
          status,
          labels: { method, route, status: String(status) },
          counts: new Array<number>(bounds.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        list.push(series);
      }
      let bucket = 0;
      while (bucket < bounds.length && seconds > (bounds[bucket] as number)) bucket++;
      series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
      series.sum += seconds;
      series.count += 1;
    },
    async get() {
      const values: Array<{
        labels: Record<string, string | number>;
        value: number;
        metricName: string;
        exemplar?: null;
      }> = [];
      for (const list of byRoute.values()) {
        for (const { labels, counts, sum, count } of list) {
          let cumulative = 0;
          bounds.forEach((le, i) => {
            cumulative += counts[i] ?? 0;
            values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${name}_bucket`, exemplar: null });
          });
          values.push({
            labels: { le: '+Inf', ...labels },
            value: count,
            metricName: `${name}_bucket`,
            exemplar: null,
          });
          values.push({ labels: { ...labels }, value: sum, metricName: `${name}_sum` });
          values.push({ labels: { ...labels }, value: count, metricName: `${name}_count` });
        }
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset(): void {
      byRoute.clear();
    },
  };
}
