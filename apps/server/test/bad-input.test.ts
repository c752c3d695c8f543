import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

/**
 * Every endpoint of the OpenAPI description gets a corpus of bad requests: malformed JSON, wrong types, missing and
 * unknown fields, oversized bodies and strings, unicode oddities, odd path and query values. None may answer 5xx,
 * every refusal comes in the envelope, and a refused request changes nothing.
 */
const ctx = useTestApp();
const http = client(() => ctx.app);

const ODD_STRINGS = [
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
const ODD_VALUES: unknown[] = [null, true, 0, -1, 1.5, 1e308, [], {}, [1, 2], { a: { b: { c: 1 } } }, ...ODD_STRINGS];
/** Tables whose rows a refused request must not touch (sign-in failures are recorded on purpose). */
const TABLES = [
  'users',
  'email_tokens',
  'revoked_tokens',
  'outbox_emails',
  'frontend_errors',
  'analytics_events',
  'app_meta',
  'cards',
  'subscriptions',
  'subscription_events',
  'matrix_views',
  'promo_codes',
  'mailing_subscriptions',
  'purchases',
  'crm_events',
  'comments',
  'comment_votes',
  'comment_cycle_counts',
  'products',
  'orders',
  'order_events',
  'payment_inbox',
  'test_provider_payments',
  'game_profiles',
  'game_goals',
  'game_practices',
  'teams',
  'team_members',
  'team_invites',
  'calendar_feeds',
  'edu_courses',
  'edu_lessons',
  'edu_lesson_texts',
  'edu_enrolments',
  'edu_lesson_progress',
  'journal_entries',
  'reminder_settings',
  'reminder_sends',
  'push_subscriptions',
  'referral_links',
  'referral_clicks',
  'referrals',
  'referral_rewards',
  'admin_audit',
  'testimonials',
  'analytics_daily',
  'analytics_daily_actives',
  'tracked_clicks',
  'app_settings',
  'email_topic_consents',
  'crm_connections',
  'comment_reports',
  'experiments',
  'experiment_exposures',
  'experiment_conversions',
  'topic_letters',
  'topic_letter_recipients',
  'data_exports',
  'account_deletions',
];

/** Row counts of every table in one round trip: the corpus sends thousands of requests and counts around each. */
async function counts(): Promise<Record<string, number>> {
  const columns = TABLES.map((table) => `(select count(*)::int from ${table}) as "${table}"`).join(', ');
  const [row] = await queryRows<Record<string, number>>(ctx.database.db, sql.raw(`select ${columns}`));
  return Object.fromEntries(TABLES.map((table) => [table, Number(row?.[table])]));
}

interface Endpoint {
  method: string;
  path: string;
  fields: string[];
}

let endpoints: Endpoint[] = [];
let token = '';
let adminToken = '';

beforeAll(async () => {
  const signedUp = (await http.post('/api/auth/register', registration())).body;
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, signedUp.user.id));
  // An administrator's description: it lists the admin and debug operations the public one leaves out.
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
});

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

async function expectRefusedCleanly(label: string, send: () => Promise<{ status: number; body: unknown }>) {
  const before = await counts();
  const reply = await send();
  expect(reply.status, label).toBeLessThan(500);
  if (reply.status >= 400) {
    if (reply.status !== 404 || label.includes('/api/')) {
      expect(reply.body, label).toMatchObject({
        success: false,
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    expect(await counts(), `${label} changed rows`).toEqual(before);
  }
}

describe('the bad-input corpus against every endpoint', () => {
  it('finds the endpoints in the OpenAPI description', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(15);
  });

  it('never answers 5xx to malformed bodies', async () => {
    for (const { method, path } of endpoints.filter((e) => e.method !== 'GET' && e.method !== 'HEAD')) {
      const url = fill(path, 'x');
      for (const [label, payload, type] of [
        ['broken json', '{"email": ', 'application/json'],
        ['array', '[1,2,3]', 'application/json'],
        ['string', '"hello"', 'application/json'],
        ['null', 'null', 'application/json'],
        ['number', '42', 'application/json'],
        ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
        ['text', 'just text', 'text/plain'],
        ['too large', JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'],
      ] as const) {
        for (const withToken of [false, true]) {
          await expectRefusedCleanly(`${method} ${url} ${label}`, async () => {
            const response = await ctx.app.inject({
              method: method as 'POST',
              url,
              payload,
              remoteAddress: newAddress(),
              headers: { 'content-type': type, ...(withToken ? { authorization: `Bearer ${token}` } : {}) },
            });
            let body: unknown = response.body;
            try {
              body = response.json();
            } catch {}
            return { status: response.statusCode, body };
          });
        }
      }
    }
  }, 1_500_000);

  it('never answers 5xx to odd values in any field, path or query', async () => {
    for (const { method, path, fields } of endpoints) {
      const pathValues = path.includes('{')
        ? ['0', '-1', '1.5', 'abc', '9'.repeat(300), '\u0000', '%', '..', ' ']
        : ['x'];
      for (const pathValue of pathValues) {
        const url = fill(path, pathValue);
        if (method === 'GET' || method === 'HEAD') {
          for (const query of ['?lang=xx', '?lang[]=ru', `?_t=${'x'.repeat(500)}`, '?unknown=1', '?version=abc']) {
            await expectRefusedCleanly(`${method} ${url}${query}`, () =>
              http.call(method as 'GET', `${url}${query}`, undefined, { token }),
            );
          }
          continue;
        }
        await expectRefusedCleanly(`${method} ${url} {}`, () => http.call(method as 'POST', url, {}, { token }));
        await expectRefusedCleanly(`${method} ${url} unknown field`, () =>
          http.call(method as 'POST', url, { unexpected: 'field', __proto__: { admin: true } }, { token }),
        );
        for (const field of fields) {
          for (const value of ODD_VALUES) {
            await expectRefusedCleanly(`${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, () =>
              http.call(method as 'POST', url, { [field]: value }, { token, ip: newAddress() }),
            );
          }
        }
      }
    }
  }, 1_500_000);

  it('never answers 5xx to odd values sent by an administrator to the admin endpoints', async () => {
    for (const { method, path, fields } of endpoints.filter((e) => e.path.startsWith('/api/admin/'))) {
      const pathValues = path.includes('{') ? ['0', '-1', 'abc', '9'.repeat(300), '\u0000', '%', ' '] : ['x'];
      for (const pathValue of pathValues) {
        const url = fill(path, pathValue);
        if (method === 'GET') {
          for (const query of [
            '?page=0',
            '?limit=100000',
            '?sort=password_hash',
            '?order=sideways',
            '?format=xml',
            '?q=%00',
            `?q=${'x'.repeat(500)}`,
            '?from=2020-13-45',
            '?actor=abc',
            '?page[]=1',
          ]) {
            await expectRefusedCleanly(`admin ${method} ${url}${query}`, () =>
              http.call('GET', `${url}${query}`, undefined, { token: adminToken }),
            );
          }
          continue;
        }
        await expectRefusedCleanly(`admin ${method} ${url} {}`, () =>
          http.call(method as 'POST', url, {}, { token: adminToken }),
        );
        for (const field of fields) {
          for (const value of ODD_VALUES) {
            await expectRefusedCleanly(`admin ${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, () =>
              http.call(method as 'POST', url, { [field]: value }, { token: adminToken }),
            );
          }
        }
      }
    }
  }, 1_500_000);

  it('answers every refused registration with the envelope and creates no account', async () => {
    const before = await counts();
    for (const value of ODD_VALUES) {
      for (const field of ['email', 'password', 'birth_date', 'lang', 'interest', 'username']) {
        const body = { ...registration(), [field]: value, email: field === 'email' ? value : 'not an email' };
        const reply = await http.post('/api/auth/register', body, { ip: newAddress() });
        expect(reply.status, `${field}=${String(value).slice(0, 20)}`).toBe(400);
      }
    }
    expect(await counts()).toEqual(before);
  }, 120_000);
});
