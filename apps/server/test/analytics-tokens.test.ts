import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keptAddress } from '@hunab/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type Account, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

/** Analytics, error reports and CRM views keep an address's path and chosen parameters, never a link's token. */
const ctx = useTestApp();
const http = client(() => ctx.app);

const secret = () => randomBytes(24).toString('base64url');

/** The pages a one-time link opens, each with its own secret. */
function tokenPages() {
  const secrets = { reset: secret(), restore: secret(), exported: secret(), verify: secret(), invite: secret() };
  const pages = [
    `http://hunab.test/en/reset-password?token=${secrets.reset}&utm_source=mail`,
    `http://hunab.test/account/restore?token=${secrets.restore}`,
    `http://hunab.test/de/account?export=${secrets.exported}#data`,
    `http://hunab.test/verify-email?token=${secrets.verify}&email=someone%40example.com`,
    `http://hunab.test/team?invite=${secrets.invite}&tab=members`,
  ];
  return { secrets: Object.values(secrets), pages };
}

/** Every text column of the tables that keep client addresses, as one string. */
async function storedText(): Promise<string> {
  const rows = await queryRows<{ t: string }>(
    ctx.database.db,
    sql`select coalesce((select string_agg(to_jsonb(e)::text, ' ') from analytics_events e), '')
      || coalesce((select string_agg(to_jsonb(f)::text, ' ') from frontend_errors f), '')
      || coalesce((select string_agg(to_jsonb(c)::text, ' ') from crm_events c), '') as t`,
  );
  return rows[0]?.t ?? '';
}

describe('addresses kept by analytics', () => {
  it('keep the path and the chosen parameters of each token page, and no token anywhere an administrator reads', async () => {
    const reader: Account = await newAccount(http);
    const admin = await newAdmin(http, ctx.database.db);
    const { secrets, pages } = tokenPages();
    for (const url of pages) {
      const sent = await http.post('/api/analytics/track', { event: 'page_view', url }, { token: reader.token });
      expect(sent.status).toBe(200);
      const guest = await http.post('/api/analytics/track', { event: 'page_view', url });
      expect(guest.status).toBe(200);
      const report = await http.post(
        '/api/frontend-error/log-error',
        { error: { message: 'failed', url } },
        { token: reader.token },
      );
      expect(report.status).toBe(200);
      const view = await http.post(
        '/api/amocrm/subscription-view',
        { pageUrl: url, referrer: url },
        { token: reader.token },
      );
      expect(view.status).toBe(202);
    }
    const stored = await storedText();
    expect(stored).toContain('/en/reset-password?utm_source=mail');
    expect(stored).toContain('/team?tab=members');
    const answers = [
      stored,
      JSON.stringify((await http.get('/api/admin/analytics/events?limit=100', { token: admin.token })).body),
      String((await http.get('/api/admin/analytics/events?format=csv', { token: admin.token })).body),
      JSON.stringify((await http.get(`/api/admin/users/${reader.id}`, { token: admin.token })).body),
    ];
    for (const answer of answers) {
      for (const token of secrets) expect(answer).not.toContain(token);
      expect(answer).not.toContain('someone%40example.com');
    }
  });

  it('are cleaned where stored before, by the migration', async () => {
    const { secrets, pages } = tokenPages();
    const db = ctx.database.db;
    for (const url of pages) {
      await db.execute(sql`insert into analytics_events (event, url) values ('page_view', ${url})`);
      await db.execute(
        sql`insert into frontend_errors (ip, message, error) values ('10.1.1.1', 'old', ${JSON.stringify({ url })}::jsonb)`,
      );
    }
    const migration = readFileSync(
      fileURLToPath(new URL('../drizzle/0025_audit_tombstones_and_clean_analytics.sql', import.meta.url)),
      'utf8',
    );
    const cleaning = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /UPDATE "(analytics_events|frontend_errors|crm_events)"/.test(statement));
    expect(cleaning.length).toBeGreaterThanOrEqual(3);
    for (const statement of cleaning) await db.execute(sql.raw(statement));
    const stored = await storedText();
    for (const token of secrets) expect(stored).not.toContain(token);
    expect(stored).toContain('"url": "/en/reset-password"');
  });

  it('is what the web app sends: the path and the kept parameters', () => {
    expect(keptAddress('https://hunab.app/ru/reset-password?token=abc&utm_campaign=x#top')).toBe(
      '/ru/reset-password?utm_campaign=x',
    );
    expect(keptAddress('https://hunab.app/account?export=abc')).toBe('/account');
    expect(keptAddress('https://search.example/q?s=abc', { withOrigin: true })).toBe('https://search.example/q');
    expect(keptAddress('/dashboard?tab=cards&birthDate=1990-01-01')).toBe('/dashboard?tab=cards');
    expect(keptAddress('javascript:alert(1)')).toBeNull();
  });
});
