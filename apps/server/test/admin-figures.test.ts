import { beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../src/db/schema.ts';
import { type Account, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress } from './helpers/http.ts';

/**
 * One definition per admin figure (modules/insights/figures.ts), shared by every page that shows it: the overview,
 * the email statistics and the 30-day series agree, and accounts are never counted together with guests unnamed.
 */
const ctx = useTestApp();
const http = client(() => ctx.app);

let admin: Account;
const GUESTS = 12;
beforeAll(async () => {
  admin = await newAdmin(http, ctx.database.db);
  const readers = [admin, await newAccount(http), await newAccount(http)];
  for (const reader of readers)
    for (let visit = 0; visit < 3; visit++)
      await http.post(
        '/api/analytics/track',
        { event: 'page_view', session_id: `tab-${visit}` },
        { token: reader.token },
      );
  for (let guest = 0; guest < GUESTS; guest++)
    await http.post('/api/analytics/track', { event: 'page_view', session_id: `guest-${guest}` }, { ip: newAddress() });
  const letter = { toAddress: 'reader@example.com', lang: 'en', subject: 's', textBody: 't', htmlBody: 'h' };
  await ctx.database.db.insert(outboxEmails).values([
    { ...letter, kind: 'verifyEmail', status: 'not_sent' },
    { ...letter, kind: 'resetPassword', status: 'not_sent' },
    { ...letter, kind: 'verifyEmail', status: 'failed' },
    { ...letter, kind: 'verifyEmail', status: 'sent' },
  ]);
});

const overview = async () => (await http.get('/api/admin/overview', { token: admin.token })).body.data;

describe('the admin figures', () => {
  it('counts today the accounts and the guests apart: three accounts are three, whatever the guests', async () => {
    const data = await overview();
    expect(data.users.total).toBe(3);
    expect(data.activeToday).toEqual({ accounts: 3, guests: GUESTS });
    expect(data.series.visitors.at(-1).count).toBe(3 + GUESTS);
  });

  it('names letters by state alike on the overview and in the email statistics', async () => {
    const data = await overview();
    // Kept: the three accounts' address confirmations, and the two letters written above.
    expect(data.letters).toEqual({ waiting: 0, sent: 1, failed: 1, kept: 3 + 2 });
    const kinds = (await http.get('/api/admin/stats/email', { token: admin.token })).body.data.kinds as Array<
      Record<string, number>
    >;
    const sum = (key: string) => kinds.reduce((total, row) => total + Number(row[key]), 0);
    expect({ waiting: sum('pending'), sent: sum('sent'), failed: sum('failed'), kept: sum('notSent') }).toEqual(
      data.letters,
    );
    const outbox = (await http.get('/api/admin/outbox', { token: admin.token })).body.pagination.total;
    expect(outbox).toBe(data.letters.kept);
  });

  it('keeps the same count of visitors for a day once it is closed and rolled up', async () => {
    // Two hours into the next day (UTC), whatever the hour the test runs at.
    const DAY = 86_400_000;
    ctx.clock.offsetMs = Math.floor(Date.now() / DAY + 1) * DAY + 2 * 3_600_000 - Date.now();
    try {
      const data = await overview();
      expect(data.series.visitors.at(-2).count).toBe(3 + GUESTS);
      expect(data.activeToday).toEqual({ accounts: 0, guests: 0 });
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});
