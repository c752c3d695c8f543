import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { type TestContext, useTestApp } from './app.ts';
import { client, newAddress, registration } from './http.ts';

/**
 * The bad-input corpus (test/bad-input-*.test.ts): every endpoint of the OpenAPI description gets bad requests:
 * malformed JSON, wrong types, missing and unknown fields, oversized bodies and strings, unicode oddities, odd path
 * and query values. None may answer 5xx, every refusal comes in the envelope, and a refused request changes nothing.
 * The corpus is split over several files so that they run side by side; each has its own app and database.
 */
export const ODD_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff lone',
  '\u202egnp.exe',
  '\u200b\u200b',
  'e\u0301\u0301\u0301',
  '🙂'.repeat(300),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '{"$gt":""}',
];
export const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  [],
  {},
  [1, 2],
  { a: { b: { c: 1 } } },
  ...ODD_STRINGS,
];
/** Tables a refused request writes on purpose: failed sign-ins and rate-limit counters are recorded. */
const WRITTEN_ON_PURPOSE = new Set(['login_attempts', 'rate_limit_counters']);

export interface Endpoint {
  method: string;
  path: string;
  fields: string[];
}

/**
 * Path values for the field-by-field corpus. A route reads its path before its body, so every odd path value is sent
 * with an empty body and an unknown field, and the odd body values go with one number and one word in the path.
 */
export const BODY_PATH_VALUES = ['0', 'abc'];

export function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

export interface Corpus {
  ctx: TestContext;
  http: ReturnType<typeof client>;
  /** Every operation of the administrator's API description (it also lists the admin and debug operations). */
  endpoints(): Endpoint[];
  /** A signed-in reader's token, and an administrator's. */
  token(): string;
  adminToken(): string;
  /** Sends one request and checks it: below 500, refusals in the envelope, and a refusal changes no row count. */
  expectRefusedCleanly(label: string, send: () => Promise<{ status: number; body: unknown }>): Promise<void>;
  /** Row counts of every watched table, as kept by the triggers. */
  counts(): Promise<Record<string, number>>;
  /** The same counts taken with count(*), to check the triggers' ledger against. */
  realCounts(): Promise<Record<string, number>>;
  newAddress: typeof newAddress;
}

/**
 * The app of one corpus file, with the row-count ledger. The corpus sends tens of thousands of requests and compares
 * the counts around each, so instead of counting every table twice per request, a row trigger on every table keeps its
 * count in a small ledger (`bad_input_row_counts`) that is read in one short query. It is set up once, from real
 * `count(*)`s, and checked against them.
 */
export function useCorpus(): Corpus {
  const ctx = useTestApp();
  const http = client(() => ctx.app);
  let tables: string[] = [];
  let endpoints: Endpoint[] = [];
  let token = '';
  let adminToken = '';
  /**
   * The counts as of the end of the last refused request, while nothing else writes: the next request's "before".
   * After an accepted request they are read afresh, since work it started may still be landing.
   */
  let known: Record<string, number> | undefined;

  async function counts(): Promise<Record<string, number>> {
    const rows = await queryRows<{ t: string; n: number }>(
      ctx.database.db,
      sql.raw('select t, n from bad_input_row_counts'),
    );
    return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
  }

  async function realCounts(): Promise<Record<string, number>> {
    const columns = tables.map((table) => `(select count(*)::int from ${table}) as "${table}"`).join(', ');
    const [row] = await queryRows<Record<string, number>>(ctx.database.db, sql.raw(`select ${columns}`));
    return Object.fromEntries(tables.map((table) => [table, Number(row?.[table])]));
  }

  beforeAll(async () => {
    const db = ctx.database.db;
    tables = (
      await queryRows<{ name: string }>(
        db,
        sql.raw(`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
      )
    )
      .map((row) => row.name)
      .filter((name) => !WRITTEN_ON_PURPOSE.has(name));
    await db.execute(sql.raw('create table bad_input_row_counts (t text primary key, n bigint not null)'));
    await db.execute(
      sql.raw(`create function bad_input_count_rows() returns trigger language plpgsql as $$
        begin
          update bad_input_row_counts set n = n + case when tg_op = 'INSERT' then 1 else -1 end where t = tg_table_name;
          return null;
        end $$`),
    );
    for (const table of tables) {
      await db.execute(sql.raw(`insert into bad_input_row_counts (t, n) select '${table}', count(*) from ${table}`));
      await db.execute(
        sql.raw(
          `create trigger bad_input_count_rows after insert or delete on ${table}
             for each row execute function bad_input_count_rows()`,
        ),
      );
    }

    const signedUp = (await http.post('/api/auth/register', registration())).body;
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, signedUp.user.id));
    const spec = (await http.get('/api/docs/json', { token: signedUp.token })).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
      >;
    };
    adminToken = signedUp.token;
    endpoints = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        fields: Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}),
      })),
    );
    token = (await http.post('/api/auth/register', registration())).body.token;
    expect(endpoints.length).toBeGreaterThanOrEqual(15);
    // The ledger counts what count(*) counts, including the accounts made since it was set up.
    expect(await counts()).toEqual(await realCounts());
  });

  beforeEach(() => {
    known = undefined;
  });

  afterAll(async () => {
    expect(await counts(), 'the ledger still agrees with count(*)').toEqual(await realCounts());
  });

  return {
    ctx,
    http,
    endpoints: () => endpoints,
    token: () => token,
    adminToken: () => adminToken,
    counts,
    realCounts,
    newAddress,
    async expectRefusedCleanly(label, send) {
      const before = known ?? (await counts());
      known = undefined;
      const reply = await send();
      expect(reply.status, label).toBeLessThan(500);
      if (reply.status >= 400) {
        if (reply.status !== 404 || label.includes('/api/')) {
          expect(reply.body, label).toMatchObject({
            success: false,
            error: { code: expect.any(String), message: expect.any(String) },
          });
        }
        const after = await counts();
        expect(after, `${label} changed rows`).toEqual(before);
        known = after;
      }
    },
  };
}

/**
 * Sends odd values in every field, path and query of one half of the endpoints (`part` 0 or 1, by their place in the
 * description), so that the two halves run as two files side by side.
 */
export async function sendOddValues(corpus: Corpus, part: 0 | 1): Promise<void> {
  for (const { method, path, fields } of corpus.endpoints().filter((_, index) => index % 2 === part)) {
    const pathValues = path.includes('{')
      ? ['0', '-1', '1.5', 'abc', '9'.repeat(300), '\u0000', '%', '..', ' ']
      : ['x'];
    for (const pathValue of pathValues) {
      const url = fill(path, pathValue);
      if (method === 'GET' || method === 'HEAD') {
        for (const query of ['?lang=xx', '?lang[]=ru', `?_t=${'x'.repeat(500)}`, '?unknown=1', '?version=abc']) {
          await corpus.expectRefusedCleanly(`${method} ${url}${query}`, () =>
            corpus.http.call(method as 'GET', `${url}${query}`, undefined, { token: corpus.token() }),
          );
        }
        continue;
      }
      await corpus.expectRefusedCleanly(`${method} ${url} {}`, () =>
        corpus.http.call(method as 'POST', url, {}, { token: corpus.token() }),
      );
      await corpus.expectRefusedCleanly(`${method} ${url} unknown field`, () =>
        corpus.http.call(
          method as 'POST',
          url,
          { unexpected: 'field', __proto__: { admin: true } },
          { token: corpus.token() },
        ),
      );
      if (pathValues.length > 1 && !BODY_PATH_VALUES.includes(pathValue)) continue;
      for (const field of fields) {
        for (const value of ODD_VALUES) {
          await corpus.expectRefusedCleanly(`${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, () =>
            corpus.http.call(
              method as 'POST',
              url,
              { [field]: value },
              { token: corpus.token(), ip: corpus.newAddress() },
            ),
          );
        }
      }
    }
  }
}
