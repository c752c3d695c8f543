import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@hunab/calendar';
import type { AdminOutboxLetter } from '@hunab/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/db/schema.ts';
import { EMAIL_COPY } from '../src/modules/mail/copy/index.ts';
import { type Account, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newEmail } from './helpers/http.ts';
import { linkToken } from './helpers/smtp.ts';

/** A server without a mail server keeps its letters; an administrator reads them in the admin area. */
const ctx = useTestApp();
const http = client(() => ctx.app);
/** A server with SMTP_URL: its letters leave by mail, and there is no outbox to read. */
const withSmtp = useTestApp(() => ({ smtpUrl: 'smtp://127.0.0.1:9' }));
const smtpHttp = client(() => withSmtp.app);

let admin: Account;
let user: Account;
beforeAll(async () => {
  admin = await newAdmin(http, ctx.database.db);
  user = await newAccount(http, { email: newEmail('reader'), lang: 'de' });
});

describe('GET /api/admin/outbox', () => {
  it('answers guests 401 and users 403', async () => {
    expect((await http.get('/api/admin/outbox')).status).toBe(401);
    const refused = await http.get('/api/admin/outbox', { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
  });

  it('lists the kept letters newest first, rendered, with their links, and a reset from it works', async () => {
    expect((await http.post('/api/auth/reset-password', { email: user.email })).status).toBe(200);
    await ctx.app.mailer.flush();
    const reply = await http.get('/api/admin/outbox?limit=50', { token: admin.token });
    expect(reply.status).toBe(200);
    const letters = reply.body.data as AdminOutboxLetter[];
    const times = letters.map((letter) => letter.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const reset = letters[0] as AdminOutboxLetter;
    expect(reset).toMatchObject({ to: user.email, kind: 'resetPassword', lang: 'de', status: 'not_sent' });
    expect(reset.html).toMatch(/<html/i);
    expect(reset.text).toMatch(/Passwort/);
    const link = reset.links.find((address) => address.includes('token='));
    expect(link).toMatch(/^http:\/\/hunab\.test\//);
    expect(reset.html).toContain(String(link).replace(/&/g, '&amp;'));
    const confirmed = await http.post('/api/auth/reset-password/confirm', {
      token: linkToken(String(link)),
      password: 'read from the outbox',
    });
    expect(confirmed.status).toBe(200);
    expect((await http.post('/api/auth/login', { email: user.email, password: 'read from the outbox' })).status).toBe(
      200,
    );
  });

  it('pages the letters and records each read in the audit log', async () => {
    const first = await http.get('/api/admin/outbox?limit=1&page=1', { token: admin.token });
    const second = await http.get('/api/admin/outbox?limit=1&page=2', { token: admin.token });
    expect(first.body.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(first.body.pagination.total).toBeGreaterThanOrEqual(2);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    const reads = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.actorId, admin.id), eq(adminAudit.action, 'outbox.read')));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.some((row) => JSON.stringify(row.after).includes(first.body.data[0].id))).toBe(true);
  });

  it('refuses a bad page with 400', async () => {
    const reply = await http.get('/api/admin/outbox?limit=500', { token: admin.token });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
  });

  it('answers 404 once a mail server is configured', async () => {
    const boss = await newAdmin(smtpHttp, withSmtp.database.db);
    const reply = await smtpHttp.get('/api/admin/outbox', { token: boss.token });
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe('NOT_FOUND');
    expect((await smtpHttp.get('/api/admin/outbox')).status).toBe(401);
  });
});

describe('the names of the kinds of letters', () => {
  /** Letters whose words come written by their module rather than from the copy book. */
  const written = ['dailyReminder', 'topicLetter', 'topicLetterTest'];

  it('name every kind the server sends in every language of the admin pages', () => {
    const kinds = [...Object.keys(EMAIL_COPY.en), ...written].sort();
    for (const lang of LANGUAGES) {
      const file = fileURLToPath(new URL(`../../web/public/locales/${lang}/admin.json`, import.meta.url));
      const names = (JSON.parse(readFileSync(file, 'utf8')) as { outbox: { kinds: Record<string, string> } }).outbox
        .kinds;
      expect(Object.keys(names).sort(), lang).toEqual(kinds);
      expect(
        Object.values(names).every((name) => name.trim().length > 0),
        lang,
      ).toBe(true);
    }
  });
});
