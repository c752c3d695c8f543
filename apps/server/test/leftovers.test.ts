import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { outboxEmails } from '../src/db/schema.ts';
import { newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, newEmail, registration } from './helpers/http.ts';

/** The smaller limits of the third hardening round: the log, the API description, the admin letters. */
const ctx = useTestApp();
const http = client(() => ctx.app);
const logLines: string[] = [];
let logged: FastifyInstance;

beforeAll(async () => {
  logged = await buildApp({
    database: ctx.database,
    config: ctx.config,
    closeDatabase: false,
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
});

describe('the request log', () => {
  it('redacts export and invitation links and any query value that looks like a token', async () => {
    const secret = 'Qw8vN3sLx0Zr7Tk2Hp5Ym9Bc4Df6Gj1A';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlMTIz';
    const uuid = '0b6f1f8e-3c1a-4a55-9d1e-2f0c3b7a9e11';
    const addresses = [
      `/api/calendar/day/2024-01-01?export=${secret}`,
      `/api/calendar/day/2024-01-01?invite=${secret}&lang=en`,
      `/api/calendar/day/2024-01-01?ref=${secret}`,
      `/api/calendar/day/2024-01-01?next=${jwt}`,
      `/api/calendar/day/2024-01-01?user=${uuid}&page=2&q=Mila`,
    ];
    const before = logLines.length;
    for (const url of addresses) await logged.inject({ method: 'GET', url });
    const urls = logLines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; url?: string })
      .filter((line) => line.msg === 'request')
      .map((line) => line.url);
    expect(urls).toEqual([
      '/api/calendar/day/2024-01-01?export=[redacted]',
      '/api/calendar/day/2024-01-01?invite=[redacted]&lang=en',
      '/api/calendar/day/2024-01-01?ref=[redacted]',
      '/api/calendar/day/2024-01-01?next=[redacted]',
      `/api/calendar/day/2024-01-01?user=${uuid}&page=2&q=Mila`,
    ]);
    expect(logLines.slice(before).join('\n')).not.toContain(secret);
    expect(logLines.slice(before).join('\n')).not.toContain(jwt);
  });
});

describe('the API description', () => {
  it('varies by Authorization, since administrators read more of it', async () => {
    const admin = await newAdmin(http, ctx.database.db);
    for (const token of [null, admin.token]) {
      const reply = await http.get('/api/docs/json', { token });
      expect(reply.status).toBe(200);
      expect(String(reply.headers.vary)).toMatch(/\bauthorization\b/i);
    }
  });

  it('says that every admin operation takes a bearer token, the experiments’ changes too', async () => {
    const admin = await newAdmin(http, ctx.database.db);
    const spec = (await http.get('/api/docs/json', { token: admin.token })).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const admins = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const));
    expect(admins.length).toBeGreaterThan(30);
    for (const [name, operation] of admins) expect(operation.security, name).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/admin/experiments']?.post?.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/admin/experiments/{id}']?.patch?.security).toEqual([{ bearer: [] }]);
  });
});

describe('an administrator’s letters', () => {
  it('refuses a test letter holding NUL with 400, and sends one holding RLO or BOM', async () => {
    const admin = await newAdmin(http, ctx.database.db);
    const draft = { topic: 'product_news', lang: 'en', subject: 'News of the moon', body: 'A new reading is out.' };
    for (const bad of [{ subject: 'News\u0000' }, { body: 'a\u0000b' }, { subject: 'one\r\nBcc: x@example.com' }]) {
      const reply = await http.post('/api/admin/letters/test', { ...draft, ...bad }, { token: admin.token });
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    }
    const sent = await http.post(
      '/api/admin/letters',
      { ...draft, audience: 1, reason: 'x\u0000' },
      { token: admin.token },
    );
    expect(sent.status).toBe(400);
    const odd = await http.post(
      '/api/admin/letters/test',
      { ...draft, subject: '\ufeffNews \u202emoon' },
      { token: admin.token },
    );
    expect(odd.status).toBe(200);
  });
});

describe('the deletion form’s password', () => {
  it('is limited per account across server processes, as sign-in is', async () => {
    const reader = await newAccount(http);
    const second = client(() => logged);
    const statuses: number[] = [];
    for (const server of [http, second, http, second, http, second]) {
      statuses.push(
        (await server.post('/api/account/delete', { password: 'not my password' }, { token: reader.token })).status,
      );
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('mailing-list confirmations', () => {
  const letters = async (email: string) =>
    (
      await ctx.database.db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(
          and(sql`lower(${outboxEmails.toAddress}) = lower(${email})`, eq(outboxEmails.kind, 'confirmSubscription')),
        )
    ).length;
  const join = (email: string, interest: string) =>
    http.post('/api/subscriptions/subscribe', { email, interest, lang: 'en' }, { ip: newAddress() });

  it('sends one letter per address and list until its link expires, however many ask', async () => {
    const email = newEmail('list');
    for (let i = 0; i < 12; i++) {
      const reply = await join(i % 2 ? email : email.toUpperCase(), 'coach');
      expect(reply.status).toBe(200);
      expect(reply.body.subscribed).toBe(false);
    }
    expect(await letters(email)).toBe(1);
    try {
      ctx.clock.offsetMs = 73 * 3_600_000;
      await join(email, 'coach');
      await join(email, 'coach');
    } finally {
      ctx.clock.offsetMs = 0;
    }
    expect(await letters(email)).toBe(2);
  });

  it('sends one address at most three confirmations a day across the lists', async () => {
    const email = newEmail('lists');
    for (const interest of ['coach', 'essence', '13moons', 'general', '13secrets', '13days']) {
      expect((await join(email, interest)).status).toBe(200);
    }
    expect(await letters(email)).toBe(3);
  });
});

describe('a closed account', () => {
  it('cannot reset its password; the letter says how to restore the account instead', async () => {
    const reader = await newAccount(http);
    expect(
      (await http.post('/api/account/delete', { password: 'correct horse' }, { token: reader.token })).status,
    ).toBe(200);
    const letters = () =>
      ctx.database.db.select().from(outboxEmails).where(sql`lower(${outboxEmails.toAddress}) = lower(${reader.email})`);
    expect((await http.post('/api/auth/reset-password', { email: reader.email })).status).toBe(200);
    await ctx.app.mailer.flush();
    const sent = (await letters()).filter((row) => ['resetPassword', 'closedAccountReset'].includes(row.kind));
    expect(sent.map((row) => row.kind)).toEqual(['closedAccountReset']);
    expect(sent[0]?.link).toBeNull();
    expect(sent[0]?.textBody).toMatch(/Restore my account/);
    expect(sent[0]?.textBody).not.toMatch(/token=/);
    // The account stays closed: the old password is still refused at sign-in, as before the request.
    const signIn = await http.post(
      '/api/auth/login',
      { email: reader.email, password: 'correct horse' },
      { ip: newAddress() },
    );
    expect(signIn.status).not.toBe(200);
  });
});

describe('the demo and offline test addresses', () => {
  it('cannot be taken by signing up or moving an account there on PostgreSQL, and can on the embedded database', async () => {
    const onPostgres = ctx.database.kind !== 'pglite';
    for (const email of ['test@hunab.local', 'ADMIN@hunab.local']) {
      const reply = await http.post('/api/auth/register', registration({ email }), { ip: newAddress() });
      if (onPostgres) {
        expect(reply.status, email).toBe(400);
        expect(reply.body.error.code).toBe('VALIDATION_ERROR');
      } else {
        expect([200, 409], email).toContain(reply.status);
      }
    }
    if (!onPostgres) return;
    const reader = await newAccount(http);
    const moved = await http.post(
      '/api/auth/email',
      { email: 'test@hunab.local', password: 'correct horse' },
      { token: reader.token },
    );
    expect(moved.status).toBe(400);
  });
});
