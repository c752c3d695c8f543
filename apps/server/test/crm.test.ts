import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, crmConnections, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { fakeAmocrm } from './helpers/fake-providers.ts';
import { client, registration } from './helpers/http.ts';

const REDIRECT = 'https://hunab.example/amoauth';
let amo: Awaited<ReturnType<typeof fakeAmocrm>>;
beforeAll(async () => {
  amo = await fakeAmocrm({ clientId: 'crm-client', clientSecret: 'crm-secret', redirectUri: REDIRECT });
});
afterAll(async () => amo?.close());

const ctx = useTestApp(() => ({
  crm: {
    baseUrl: amo.url,
    clientId: 'crm-client',
    clientSecret: 'crm-secret',
    redirectUri: REDIRECT,
    authorizeUrl: 'https://www.amocrm.ru/oauth',
  },
}));
const http = client(() => ctx.app);

async function account(admin = false) {
  const reply = await http.post('/api/auth/register', registration());
  expect(reply.status).toBe(200);
  if (admin) await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, reply.body.user.id));
  return { token: reply.body.token as string, id: reply.body.user.id as string };
}

/** The state the CRM carries back: the one of the grant page this administrator was sent to. */
async function stateFor(token: string) {
  const reply = await http.get('/api/admin/crm/authorize-url', { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const url = new URL(reply.body.url);
  expect(url.origin + url.pathname).toBe('https://www.amocrm.ru/oauth');
  expect(url.searchParams.get('client_id')).toBe('crm-client');
  return url.searchParams.get('state') ?? '';
}

describe('the CRM connection (amoCRM OAuth)', () => {
  it('trades the code for tokens kept on the server, with an audit row, and refreshes them near their end', async () => {
    const admin = await account(true);
    expect((await http.get('/api/admin/crm/status', { token: admin.token })).body.data).toMatchObject({
      configured: true,
      connected: false,
    });
    // The app hears that a CRM is configured, so it notes the pages a signed-in reader opens for it.
    expect((await http.get('/api/settings')).body.data.crm).toBe(true);
    const state = await stateFor(admin.token);
    const reply = await http.post('/api/admin/crm/connect', { code: amo.code(), state }, { token: admin.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ configured: true, connected: true, base_url: amo.url });
    // The tokens never leave the server.
    expect(JSON.stringify(reply.body)).not.toMatch(/access-|refresh-/);
    expect(amo.requests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'crm-client',
      client_secret: 'crm-secret',
      redirect_uri: REDIRECT,
    });
    // The database holds the tokens sealed: a copy of it alone does not give them away.
    const [row] = await ctx.database.db.select().from(crmConnections).where(eq(crmConnections.provider, 'amocrm'));
    expect(row).toMatchObject({ connectedBy: admin.id });
    expect(`${row?.accessToken} ${row?.refreshToken}`).not.toMatch(/access-|refresh-/);
    expect(row?.accessToken).toMatch(/^v1\./);
    const firstRefresh = amo.issued.at(-1)?.refresh_token;
    expect(firstRefresh).toMatch(/^refresh-1-/);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.actorId, admin.id));
    expect(audit.map((a) => a.action)).toEqual(['crm.connect']);

    // A code is good once: the CRM's refusal comes back in the envelope, and the kept tokens stay.
    const used = await http.post(
      '/api/admin/crm/connect',
      { code: 'code-never-issued', state: await stateFor(admin.token) },
      { token: admin.token },
    );
    expect(used.status).toBe(400);
    expect(used.body.error.code).toBe('CRM_REFUSED');
    expect(used.body.error.message).toMatch(/revoked/);

    // Far from its end the token is used as it is; near it, refreshed with the single-use refresh token.
    expect(await ctx.app.crm.accessToken()).toBe('access-1');
    await ctx.database.db
      .update(crmConnections)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(crmConnections.provider, 'amocrm'));
    // Two callers at once spend the single-use refresh token once: the second reads the pair the first kept.
    expect(await Promise.all([ctx.app.crm.accessToken(), ctx.app.crm.accessToken()])).toEqual(['access-2', 'access-2']);
    expect(amo.requests.filter((r) => r.grant_type === 'refresh_token')).toHaveLength(1);
    expect(amo.requests.at(-1)).toMatchObject({ grant_type: 'refresh_token', refresh_token: firstRefresh });
    const [refreshed] = await ctx.database.db
      .select()
      .from(crmConnections)
      .where(eq(crmConnections.provider, 'amocrm'));
    expect(refreshed?.refreshToken).not.toMatch(/refresh-/);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000);

    // A sealed token changed in the database is refused: the connection reads as broken, never as the changed text.
    await ctx.database.db
      .update(crmConnections)
      .set({ accessToken: `${refreshed?.accessToken.slice(0, -2)}AA` })
      .where(eq(crmConnections.provider, 'amocrm'));
    expect(await ctx.app.crm.accessToken()).toBeNull();
    const broken = await http.get('/api/admin/crm/status', { token: admin.token });
    expect(broken.body.data).toMatchObject({ connected: false });
  });

  it('refuses a state that is not this administrator’s, forged or expired', async () => {
    const admin = await account(true);
    const other = await account(true);
    const theirs = await stateFor(other.token);
    const code = amo.code();
    for (const state of [theirs, `${admin.id}.${Date.now() + 60_000}.forged`, 'x']) {
      const reply = await http.post('/api/admin/crm/connect', { code, state }, { token: admin.token });
      expect(reply.status, state).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_STATE');
    }
    const mine = await stateFor(admin.token);
    ctx.clock.offsetMs = 16 * 60_000;
    try {
      const late = await http.post('/api/admin/crm/connect', { code, state: mine }, { token: admin.token });
      expect(late.body.error.code).toBe('INVALID_STATE');
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('is for administrators only: a guest gets 401, a user 403, bad input 400', async () => {
    const user = await account();
    const admin = await account(true);
    for (const [method, url] of [
      ['GET', '/api/admin/crm/status'],
      ['GET', '/api/admin/crm/authorize-url'],
      ['POST', '/api/admin/crm/connect'],
    ] as const) {
      const body = method === 'POST' ? { code: 'abc', state: 'x' } : undefined;
      expect((await http.call(method, url, body)).status, url).toBe(401);
      expect((await http.call(method, url, body, { token: user.token })).status, url).toBe(403);
    }
    for (const body of [
      {},
      { code: '', state: 'x' },
      { code: 'a b<c>', state: 'x' },
      { code: 'abc', state: 'x', extra: 1 },
    ]) {
      const reply = await http.post('/api/admin/crm/connect', body, { token: admin.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('the CRM without credentials', () => {
  const offline = useTestApp();
  const api = client(() => offline.app);

  it('answers "CRM not configured" in the envelope and keeps nothing', async () => {
    const reply = await api.post('/api/auth/register', registration());
    await offline.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, reply.body.user.id));
    const token = reply.body.token as string;
    expect((await api.get('/api/admin/crm/status', { token })).body.data).toMatchObject({
      configured: false,
      connected: false,
    });
    for (const attempt of [
      await api.get('/api/admin/crm/authorize-url', { token }),
      await api.post('/api/admin/crm/connect', { code: 'abc', state: 'x' }, { token }),
    ]) {
      expect(attempt.status).toBe(409);
      expect(attempt.body).toMatchObject({ success: false, error: { code: 'CRM_NOT_CONFIGURED' } });
      expect(attempt.body.error.message).toMatch(/CRM not configured/);
    }
    expect(await offline.database.db.select().from(crmConnections)).toHaveLength(0);
  });
});
