import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, newEmail, registration } from './helpers/http.ts';

/** ADMIN_EMAIL of this server: the owner among administrators. */
const OWNER_EMAIL = newEmail('owner');
const ctx = useTestApp(() => ({ ownerEmail: OWNER_EMAIL }));
const api = client(() => ctx.app);

async function signUp(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const reply = await api.post('/api/auth/register', body, { ip: newAddress() });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { token: reply.body.token as string, id: reply.body.user.id as string, email: body.email as string };
}

async function admin() {
  const account = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
  return account;
}

let ownerAccount: Promise<Awaited<ReturnType<typeof signUp>>> | undefined;
/** The owner: the administrator named by ADMIN_EMAIL, signed up once for the file. */
function owner() {
  ownerAccount ??= (async () => {
    const account = await signUp({ email: OWNER_EMAIL });
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
    return account;
  })();
  return ownerAccount;
}

/** The newest audit rows of a target. */
const auditOf = (targetId: string) =>
  ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId)).orderBy(desc(adminAudit.id));

describe('who may use the admin endpoints', () => {
  it('answers guests 401 and users 403 on every /api/admin endpoint of the API description', async () => {
    const boss = await admin();
    const user = await signUp();
    const spec = (await api.get('/api/docs/json', { token: boss.token })).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const endpoints = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'GET /api/admin/users/{id}',
        'POST /api/admin/users/{id}/block',
        'POST /api/admin/users/{id}/impersonate',
        'GET /api/admin/audit',
      ]),
    );
    for (const { method, path } of endpoints) {
      const url = path.replace(/\{[^}]+\}/g, user.id);
      const asGuest = await api.call(method as 'GET', url, method === 'GET' ? undefined : {});
      expect(asGuest.status, `${method} ${url} as a guest`).toBe(401);
      const asUser = await api.call(method as 'GET', url, method === 'GET' ? undefined : {}, { token: user.token });
      expect(asUser.status, `${method} ${url} as a user`).toBe(403);
      expect(asUser.body.error.code).toBe('FORBIDDEN');
    }
  });
});

describe('the users list', () => {
  it('searches email and name, filters, sorts and pages on the server', async () => {
    const boss = await admin();
    const tag = `zq${Date.now()}`;
    const ada = await signUp({ email: `ada.${tag}@example.com`, username: 'Ada', lang: 'de' });
    const bob = await signUp({ email: `bob.${tag}@example.com`, username: `Bob ${tag}`, lang: 'en' });
    await signUp({ email: `cy.${tag}@example.com`, username: 'Cy', registration_source: 'telegram', lang: 'en' });
    await api.post(
      `/api/admin/users/${bob.id}/subscription`,
      { plan_id: 'premium', days: 30, reason: 'a gift' },
      {
        token: boss.token,
      },
    );

    const list = async (query: string) => {
      const reply = await api.get(`/api/admin/users?${query}`, { token: boss.token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body;
    };
    const all = await list(`q=${tag}&sort=email&order=asc`);
    expect(all.data.map((u: { email: string }) => u.email.split('.')[0])).toEqual(['ada', 'bob', 'cy']);
    expect(all.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
    // The name is searched too, without regard to case; LIKE's wildcards are plain characters.
    expect((await list(`q=BOB%20${tag}`)).data.map((u: { id: string }) => u.id)).toEqual([bob.id]);
    expect((await list(`q=${tag}%25`)).data).toEqual([]);
    expect((await list(`q=${tag}&plan=premium`)).data).toMatchObject([{ id: bob.id, plan_id: 'premium' }]);
    expect((await list(`q=${tag}&plan=none`)).pagination.total).toBe(2);
    expect((await list(`q=${tag}&lang=de`)).data.map((u: { id: string }) => u.id)).toEqual([ada.id]);
    expect((await list(`q=${tag}&source=telegram`)).data).toHaveLength(1);
    expect((await list(`q=${tag}&admin=true`)).data).toHaveLength(0);
    expect((await list(`q=${tag}&verified=false`)).data).toHaveLength(3);
    const second = await list(`q=${tag}&sort=email&order=desc&limit=2&page=2`);
    expect(second.data.map((u: { id: string }) => u.id)).toEqual([ada.id]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });

    const csv = await api.get(`/api/admin/users?q=${tag}&format=csv&sort=email&order=asc`, { token: boss.token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d\d-\d\d\.csv"/);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,email,name,lang,admin,verified,blocked,source,plan,subscription_status,created_at');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`bob.${tag}@example.com`);

    for (const bad of ['sort=password_hash', 'plan=gold', 'admin=yes', 'limit=1000', 'page=0', 'lang=xx']) {
      const reply = await api.get(`/api/admin/users?${bad}`, { token: boss.token });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('shows one user with their profile, subscriptions and activity', async () => {
    const boss = await admin();
    const user = await signUp();
    await api.post('/api/cards', { name: 'Me', birth_date: '1990-01-01' }, { token: user.token });
    await api.post(
      `/api/admin/users/${user.id}/subscription`,
      { plan_id: 'basic', days: 7, reason: 'a trial' },
      {
        token: boss.token,
      },
    );
    const reply = await api.get(`/api/admin/users/${user.id}`, { token: boss.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.user).toMatchObject({ id: user.id, email: user.email, blocked: false, plan_id: 'basic' });
    expect(reply.body.data.subscriptions).toMatchObject([{ plan_id: 'basic', status: 'active', source: 'admin' }]);
    for (const key of ['cards', 'purchases', 'payments', 'comments', 'events']) {
      expect(Array.isArray(reply.body.data[key]), key).toBe(true);
    }
    expect((await api.get(`/api/admin/users/${crypto.randomUUID()}`, { token: boss.token })).status).toBe(404);
    expect((await api.get('/api/admin/users/not-a-uuid', { token: boss.token })).status).toBe(400);
  });
});

describe('changes to a user, each with its audit row', () => {
  it('grants and revokes a plan with a reason, and keeps the old contract without one', async () => {
    const boss = await admin();
    const user = await signUp();
    const granted = await api.post(
      `/api/admin/users/${user.id}/subscription`,
      { plan_id: 'premium', days: 30, reason: 'support compensation' },
      { token: boss.token },
    );
    expect(granted.status).toBe(200);
    expect(granted.body.subscription).toMatchObject({ plan_id: 'premium', status: 'active' });
    let [row] = await auditOf(user.id);
    expect(row).toMatchObject({
      actorId: boss.id,
      action: 'subscription.grant',
      targetType: 'user',
      reason: 'support compensation',
      after: expect.objectContaining({ plan_id: 'premium', days: 30 }),
    });
    const revoked = await api.delete(`/api/admin/users/${user.id}/subscription?reason=chargeback`, {
      token: boss.token,
    });
    expect(revoked.status).toBe(200);
    [row] = await auditOf(user.id);
    expect(row).toMatchObject({ action: 'subscription.revoke', reason: 'chargeback' });
    // The earlier contract: no reason at all still works, and is audited.
    const plain = await api.post(
      `/api/admin/users/${user.id}/subscription`,
      { plan_id: 'basic', days: 3 },
      {
        token: boss.token,
      },
    );
    expect(plain.status).toBe(200);
    [row] = await auditOf(user.id);
    expect(row).toMatchObject({ action: 'subscription.grant', reason: null });
    const short = await api.post(
      `/api/admin/users/${user.id}/subscription`,
      { plan_id: 'basic', days: 3, reason: 'x' },
      {
        token: boss.token,
      },
    );
    expect(short.status).toBe(400);
  });

  it('makes and removes administrators, but never changes its own role', async () => {
    const boss = await owner();
    const user = await signUp();
    const made = await api.post(
      `/api/admin/users/${user.id}/admin`,
      { is_admin: true, reason: 'new moderator' },
      {
        token: boss.token,
      },
    );
    expect(made.status).toBe(200);
    expect(made.body.data.is_admin).toBe(true);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({
      actorId: boss.id,
      action: 'user.admin.grant',
      before: expect.objectContaining({ is_admin: false }),
      after: expect.objectContaining({ is_admin: true }),
      reason: 'new moderator',
    });
    // The new administrator's existing token now opens the admin area.
    expect((await api.get('/api/admin/users', { token: user.token })).status).toBe(200);
    const removed = await api.post(
      `/api/admin/users/${user.id}/admin`,
      { is_admin: false, reason: 'left the team' },
      {
        token: boss.token,
      },
    );
    expect(removed.body.data.is_admin).toBe(false);
    expect((await api.get('/api/admin/users', { token: user.token })).status).toBe(403);

    const self = await api.post(
      `/api/admin/users/${boss.id}/admin`,
      { is_admin: false, reason: 'oops' },
      {
        token: boss.token,
      },
    );
    expect(self.status).toBe(409);
    expect(await auditOf(boss.id)).toHaveLength(0);
    const noReason = await api.post(`/api/admin/users/${user.id}/admin`, { is_admin: true }, { token: boss.token });
    expect(noReason.status).toBe(400);
  });

  it('lets only the owner demote or block another administrator, and nobody demote or block the owner', async () => {
    const boss = await owner();
    const first = await admin();
    const second = await admin();
    const attempts = [
      [`/api/admin/users/${second.id}/admin`, { is_admin: false, reason: 'coup' }],
      [`/api/admin/users/${second.id}/block`, { blocked: true, reason: 'coup' }],
      [`/api/admin/users/${boss.id}/admin`, { is_admin: false, reason: 'coup' }],
      [`/api/admin/users/${boss.id}/block`, { blocked: true, reason: 'coup' }],
    ] as const;
    for (const [url, body] of attempts) {
      const reply = await api.post(url, body, { token: first.token });
      expect(reply.status, url).toBe(403);
      expect(reply.body.error.code).toBe('OWNER_ONLY');
    }
    expect(await auditOf(second.id)).toHaveLength(0);
    expect(await auditOf(boss.id)).toHaveLength(0);
    // The owner still has both roles in hand: a regular user can be blocked by any administrator.
    expect((await api.get('/api/admin/users', { token: second.token })).status).toBe(200);
    const user = await signUp();
    const blockedUser = await api.post(
      `/api/admin/users/${user.id}/block`,
      { blocked: true, reason: 'spam' },
      { token: first.token },
    );
    expect(blockedUser.status).toBe(200);
    const demoted = await api.post(
      `/api/admin/users/${second.id}/admin`,
      { is_admin: false, reason: 'left' },
      { token: boss.token },
    );
    expect(demoted.status).toBe(200);
    const blocked = await api.post(
      `/api/admin/users/${first.id}/block`,
      { blocked: true, reason: 'abuse' },
      { token: boss.token },
    );
    expect(blocked.status).toBe(200);
  });

  it('blocks a user: sign-in is refused with a clear error and every session ends at once', async () => {
    const boss = await admin();
    const password = 'correct horse';
    const user = await signUp();
    const second = await api.post('/api/auth/login', { email: user.email, password }, { ip: newAddress() });
    expect(second.status).toBe(200);
    expect((await api.get('/api/auth/me', { token: user.token })).status).toBe(200);

    const blocked = await api.post(
      `/api/admin/users/${user.id}/block`,
      { blocked: true, reason: 'spam' },
      {
        token: boss.token,
      },
    );
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.blocked).toBe(true);
    expect((await api.get('/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await api.get('/api/auth/me', { token: second.body.token })).status).toBe(401);
    const login = await api.post('/api/auth/login', { email: user.email, password }, { ip: newAddress() });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('ACCOUNT_BLOCKED');
    // A wrong password still reads as a wrong password: the block is told only to the account's owner.
    const wrong = await api.post('/api/auth/login', { email: user.email, password: 'nope nope' }, { ip: newAddress() });
    expect(wrong.status).toBe(401);
    const [row] = await auditOf(user.id);
    expect(row).toMatchObject({ action: 'user.block', reason: 'spam', actorId: boss.id });

    const unblocked = await api.post(
      `/api/admin/users/${user.id}/block`,
      { blocked: false, reason: 'appealed' },
      {
        token: boss.token,
      },
    );
    expect(unblocked.body.data.blocked).toBe(false);
    const again = await api.post('/api/auth/login', { email: user.email, password }, { ip: newAddress() });
    expect(again.status).toBe(200);
    // The tokens from before the block stay ended.
    expect((await api.get('/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await auditOf(user.id))[0]).toMatchObject({ action: 'user.unblock', reason: 'appealed' });

    const self = await api.post(
      `/api/admin/users/${boss.id}/block`,
      { blocked: true, reason: 'test' },
      {
        token: boss.token,
      },
    );
    expect(self.status).toBe(409);
  });

  it('resends the verification link and records it', async () => {
    const boss = await admin();
    const user = await signUp();
    const reply = await api.post(`/api/admin/users/${user.id}/resend-verification`, {}, { token: boss.token });
    expect(reply.status).toBe(200);
    expect((await auditOf(user.id))[0]).toMatchObject({ action: 'user.verification.resend', actorId: boss.id });
    await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const verified = await api.post(`/api/admin/users/${user.id}/resend-verification`, {}, { token: boss.token });
    expect(verified.status).toBe(409);
  });
});

describe('impersonation', () => {
  it('opens a short session as a user, audited at its start and end, and ends it on request', async () => {
    const boss = await admin();
    const user = await signUp();
    const started = await api.post(
      `/api/admin/users/${user.id}/impersonate`,
      { reason: 'ticket 42' },
      {
        token: boss.token,
      },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { token, expires_at } = started.body.data;
    expect(started.body.data.user).toMatchObject({ id: user.id, email: user.email });
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);
    const me = await api.get('/api/auth/me', { token });
    expect(me.body.user.id).toBe(user.id);
    // The impersonation session is the user's: no admin area through it.
    expect((await api.get('/api/admin/users', { token })).status).toBe(403);
    expect((await auditOf(user.id))[0]).toMatchObject({
      action: 'user.impersonate.start',
      actorId: boss.id,
      reason: 'ticket 42',
    });

    // It ends after 30 minutes.
    ctx.clock.offsetMs = 31 * 60_000;
    expect((await api.get('/api/auth/me', { token })).status).toBe(401);
    ctx.clock.offsetMs = 0;

    // Ending it signs the token out and records the end; the user's own session is untouched.
    const ended = await api.post('/api/impersonation/end', {}, { token });
    expect(ended.status).toBe(200);
    expect((await api.get('/api/auth/me', { token })).status).toBe(401);
    expect((await api.get('/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await auditOf(user.id))[0]).toMatchObject({ action: 'user.impersonate.end', actorId: boss.id });
    // A normal session cannot "end an impersonation".
    expect((await api.post('/api/impersonation/end', {}, { token: user.token })).status).toBe(409);
    expect((await api.post('/api/impersonation/end', {})).status).toBe(401);
  });

  it('never impersonates an administrator, oneself or a blocked user, and needs a reason', async () => {
    const boss = await admin();
    const other = await admin();
    const start = (id: string, body: object = { reason: 'checking' }) =>
      api.post(`/api/admin/users/${id}/impersonate`, body, { token: boss.token });
    const adminTarget = await start(other.id);
    expect(adminTarget.status).toBe(403);
    expect(adminTarget.body.error.code).toBe('CANNOT_IMPERSONATE');
    expect((await start(boss.id)).status).toBe(409);
    const user = await signUp();
    expect((await start(user.id, {})).status).toBe(400);
    await api.post(`/api/admin/users/${user.id}/block`, { blocked: true, reason: 'spam' }, { token: boss.token });
    expect((await start(user.id)).status).toBe(409);
    expect(
      await ctx.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.actorId, boss.id), eq(adminAudit.action, 'user.impersonate.start'))),
    ).toHaveLength(0);
  });

  it('is read-only: every write as the user is refused and audited, and nothing is written', async () => {
    const boss = await admin();
    const user = await signUp();
    const { token } = (
      await api.post(`/api/admin/users/${user.id}/impersonate`, { reason: 'support' }, { token: boss.token })
    ).body.data;
    const writes = [
      api.post('/api/feed', {}, { token }),
      api.put('/api/journal/2026-11-20', { text: 'written by someone else' }, { token }),
      api.post('/api/cards', { name: 'Ana', birth_date: '1990-01-01' }, { token }),
      api.put('/api/users/language', { lang: 'de' }, { token }),
      api.delete('/api/feed', { token }),
    ];
    for (const reply of await Promise.all(writes)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(403);
      expect(reply.body).toMatchObject({ success: false, error: { code: 'IMPERSONATION_READ_ONLY' } });
    }
    // Reading still works, and nothing was created in the user's name.
    expect((await api.get('/api/feed', { token })).body.data).toMatchObject({ active: false });
    expect((await api.get('/api/cards', { token: user.token })).body.data ?? []).toHaveLength(0);
    expect((await api.get('/api/auth/me', { token: user.token })).body.user.lang).toBe('en');
    const denied = (await auditOf(user.id)).filter((row) => row.action === 'user.impersonate.write_denied');
    expect(denied).toHaveLength(writes.length);
    expect(denied[0]).toMatchObject({ actorId: boss.id, targetType: 'user' });
    expect(denied.map((row) => (row.after as { request: string }).request)).toContain('POST /api/feed');
    // Ending the impersonation is the one write it may make.
    expect((await api.post('/api/impersonation/end', {}, { token })).status).toBe(200);
  });

  it('ends the session as the user when the administrator loses the role', async () => {
    const boss = await admin();
    const user = await signUp();
    const { token } = (
      await api.post(
        `/api/admin/users/${user.id}/impersonate`,
        { reason: 'checking' },
        {
          token: boss.token,
        },
      )
    ).body.data;
    expect((await api.get('/api/auth/me', { token })).status).toBe(200);
    await ctx.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, boss.id));
    expect((await api.get('/api/auth/me', { token })).status).toBe(401);
  });
});

describe('the audit log', () => {
  it('lists changes newest first, filtered by actor, action, target and dates, and as CSV', async () => {
    const boss = await admin();
    const user = await signUp();
    await api.post(`/api/admin/users/${user.id}/block`, { blocked: true, reason: 'spam' }, { token: boss.token });
    await api.post(`/api/admin/users/${user.id}/block`, { blocked: false, reason: 'appeal' }, { token: boss.token });
    const list = async (query: string) => {
      const reply = await api.get(`/api/admin/audit?${query}`, { token: boss.token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body;
    };
    const mine = await list(`actor=${boss.id}`);
    expect(mine.data.map((r: { action: string }) => r.action)).toEqual(['user.unblock', 'user.block']);
    expect(mine.data[0]).toMatchObject({
      actor_email: boss.email,
      target_type: 'user',
      target_id: user.id,
      target_email: user.email,
    });
    expect((await list(`actor=${boss.id}&action=user.block`)).data).toHaveLength(1);
    expect((await list(`actor=${encodeURIComponent(boss.email)}`)).pagination.total).toBe(2);
    expect((await list(`target_type=user&target_id=${user.id}`)).pagination.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`actor=${boss.id}&from=${today}&to=${today}`)).data).toHaveLength(2);
    expect((await list(`actor=${boss.id}&to=2000-01-01`)).data).toHaveLength(0);
    const csv = await api.get(`/api/admin/audit?actor=${boss.id}&format=csv`, { token: boss.token });
    expect(String(csv.body)).toContain('user.unblock');
    expect((await api.get('/api/admin/audit?from=yesterday', { token: boss.token })).status).toBe(400);
  });
});
