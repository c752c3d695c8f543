import type { AdminAuditRow, AdminOutboxLetter } from '@hunab/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, dataExports, outboxEmails, users } from '../src/db/schema.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, newEmail } from './helpers/http.ts';
import { readZip } from './helpers/zip.ts';

/** What one administrator may do to another, to the owner and to readers through the outbox and impersonation. */
const OWNER_EMAIL = newEmail('owner');
const ctx = useTestApp(() => ({ ownerEmail: OWNER_EMAIL }));
const http = client(() => ctx.app);
const DAY = 86_400_000;

const signUp = (overrides: Record<string, unknown> = {}) => newAccount(http, overrides, { ip: newAddress() });

async function admin(overrides: Record<string, unknown> = {}): Promise<Account> {
  const account = await signUp(overrides);
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
  return account;
}

let ownerAccount: Promise<Account> | undefined;
/** The owner: the administrator named by ADMIN_EMAIL, signed up once for the file. */
const owner = () => {
  ownerAccount ??= admin({ email: OWNER_EMAIL });
  return ownerAccount;
};

const erase = (by: Account, user: string, body: Record<string, unknown> = {}) =>
  http.post(
    '/api/admin/privacy/erasures',
    { user, reason: 'asked by email from the address', ...body },
    { token: by.token },
  );

const signIn = (who: Account) =>
  http.post('/api/auth/login', { email: who.email, password: 'correct horse' }, { ip: newAddress() });

const revoke = async (boss: Account, who: Account) => {
  const reply = await http.post(
    `/api/admin/users/${who.id}/admin`,
    { is_admin: false, reason: 'left' },
    { token: boss.token },
  );
  expect(reply.status).toBe(200);
};

async function lastAudit(action: string) {
  const [row] = await ctx.database.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.action, action))
    .orderBy(desc(adminAudit.id))
    .limit(1);
  return row;
}

async function impersonate(boss: Account, user: Account): Promise<string> {
  const reply = await http.post(
    `/api/admin/users/${user.id}/impersonate`,
    { reason: 'ticket 7' },
    { token: boss.token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.token as string;
}

const outbox = async (who: Account) => {
  await ctx.app.mailer.flush();
  const reply = await http.get('/api/admin/outbox?limit=50', { token: who.token });
  expect(reply.status).toBe(200);
  return reply.body.data as AdminOutboxLetter[];
};

describe('erasure by an administrator', () => {
  it('never erases the owner, and erases another administrator only by the owner once the role is gone', async () => {
    const boss = await owner();
    const first = await admin();
    const second = await admin();
    for (const [by, target] of [
      [first, boss],
      [first, second],
    ] as const) {
      const reply = await erase(by, target.email, { immediate: true });
      expect(reply.status, target.email).toBe(403);
      expect(reply.body.error.code).toBe('OWNER_ONLY');
    }
    const stillAdmin = await erase(boss, second.id, { immediate: true });
    expect(stillAdmin.status).toBe(409);
    await revoke(boss, second);
    // A former administrator is still the owner's to erase.
    const byOther = await erase(first, second.id, { immediate: true });
    expect(byOther.status).toBe(403);
    expect(byOther.body.error.code).toBe('OWNER_ONLY');
    for (const who of [boss, first, second]) expect((await signIn(who)).status).toBe(200);

    const done = await erase(boss, second.email, { immediate: true, reason: 'wrote from the address on 2 Dec' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ erased: true, erase_after: null });
    expect(done.body.data.subject).toMatch(/^erased-/);
    expect(await lastAudit('account.erase')).toMatchObject({
      actorId: boss.id,
      targetType: 'account_deletion',
      targetId: done.body.data.deletion_id,
      reason: 'wrote from the address on 2 Dec',
      after: expect.objectContaining({ subject: done.body.data.subject, was_admin: true, immediate: true }),
    });
    expect((await signIn(second)).status).toBe(401);
  });

  it('keeps the grace period unless the reader asked in writing to be erased at once', async () => {
    const first = await admin();
    const reader = await signUp();
    const closed = await erase(first, reader.email);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.erased).toBe(false);
    const days = (Date.parse(closed.body.data.erase_after) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect((await signIn(reader)).status).toBe(403);
    expect(await lastAudit('account.close')).toMatchObject({
      actorId: first.id,
      targetId: closed.body.data.deletion_id,
      after: expect.objectContaining({ subject: closed.body.data.subject, was_admin: false, immediate: false }),
    });
    // The reader's letter carries the restore link: a request they never made is undone within the grace period.
    await ctx.app.mailer.flush();
    const [letter] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, reader.id), eq(outboxEmails.kind, 'accountDeleted')));
    const token = new URL(String(letter?.link)).searchParams.get('token');
    expect((await http.post('/api/account/restore', { token })).status).toBe(200);
    expect((await signIn(reader)).status).toBe(200);

    const now = await erase(first, reader.id, { immediate: true });
    expect(now.status).toBe(200);
    expect(now.body.data.erased).toBe(true);
    expect((await signIn(reader)).status).toBe(401);
  });
});

describe('the audit trail', () => {
  it('keeps an erased administrator’s rows under one stable pseudonymous author, and refuses rewrites', async () => {
    const boss = await owner();
    const helper = await admin();
    const reader = await signUp();
    for (const blocked of [true, false, true]) {
      const reply = await http.post(
        `/api/admin/users/${reader.id}/block`,
        { blocked, reason: 'spam wave' },
        { token: helper.token },
      );
      expect(reply.status).toBe(200);
    }
    const before = await http.get(`/api/admin/audit?actor=${helper.id}&limit=100`, { token: boss.token });
    expect(before.body.data).toHaveLength(3);
    const ids = (before.body.data as AdminAuditRow[]).map((row) => row.id);
    await revoke(boss, helper);
    const erased = await erase(boss, helper.id, { immediate: true });
    expect(erased.status).toBe(200);

    const all = await http.get('/api/admin/audit?action=user.block&limit=100', { token: boss.token });
    const rows = (all.body.data as AdminAuditRow[]).filter((row) => ids.includes(row.id));
    expect(rows.length).toBe(ids.length - 1);
    const unblock = await http.get('/api/admin/audit?action=user.unblock&limit=100', { token: boss.token });
    rows.push(...(unblock.body.data as AdminAuditRow[]).filter((row) => ids.includes(row.id)));
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    const authors = new Set(rows.map((row) => row.actor_id));
    expect(authors.size).toBe(1);
    expect([...authors][0]).not.toBe(helper.id);
    for (const row of rows) {
      expect(row.actor_id).not.toBeNull();
      expect(row.actor_email).toBeNull();
      expect(row.actor_label).toBe(erased.body.data.subject);
    }
    const csv = await http.get('/api/admin/audit?action=user.&limit=100&format=csv', { token: boss.token });
    expect(String(csv.body)).toContain(erased.body.data.subject);
    expect(String(csv.body)).not.toContain(helper.email);

    // Nothing else rewrites or deletes an audit row.
    const db = ctx.database.db;
    await expect(db.execute(sql`update admin_audit set reason = 'edited' where id = ${ids[0]}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit where id = ${ids[0]}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from users where id = ${boss.id}`)).rejects.toThrow();
  });
});

describe('the outbox', () => {
  it('shows a letter to an administrator with its links to that administrator alone', async () => {
    const boss = await owner();
    const other = await admin();
    const reader = await signUp();
    // Anyone may ask a reset for the owner's address, and for a reader's.
    expect((await http.post('/api/auth/reset-password', { email: boss.email })).status).toBe(200);
    expect((await http.post('/api/auth/reset-password', { email: reader.email })).status).toBe(200);
    const seen = await outbox(other);
    const toOwner = seen.find((letter) => letter.to === boss.email && letter.kind === 'resetPassword');
    expect(toOwner).toMatchObject({ sealed: true, html: '', text: '', links: [] });
    expect(toOwner?.created_at).toBeTruthy();
    const [stored] = await ctx.database.db
      .select({ link: outboxEmails.link })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, boss.email), eq(outboxEmails.kind, 'resetPassword')));
    const secret = new URL(String(stored?.link)).searchParams.get('token') ?? '';
    expect(secret.length).toBeGreaterThan(10);
    expect(JSON.stringify(seen)).not.toContain(secret);
    // A reader's letter is still open to administrators (how a self-hosted server confirms its readers).
    const toReader = seen.find((letter) => letter.to === reader.email && letter.kind === 'resetPassword');
    expect(toReader?.sealed).toBe(false);
    expect(toReader?.links.length).toBeGreaterThan(0);
    // Its addressee reads it.
    const mine = (await outbox(boss)).find((letter) => letter.to === boss.email && letter.kind === 'resetPassword');
    expect(mine?.sealed).toBe(false);
    expect(
      mine?.links.some((link) => link.includes(secret)),
      `${mine?.links} ${secret}`,
    ).toBe(true);
  });
});

describe('impersonation', () => {
  it('cannot download the reader’s export nor use its link up, the outbox hides the link, and a download is audited', async () => {
    const boss = await owner();
    const reader = await signUp();
    expect((await http.post('/api/account/export', {}, { token: reader.token })).status).toBe(200);
    await ctx.app.privacy.runDue();
    const [row] = await ctx.database.db
      .select({ link: outboxEmails.link })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, reader.id), eq(outboxEmails.kind, 'dataExportReady')));
    const token = new URL(String(row?.link)).searchParams.get('export') ?? '';
    const letters = await outbox(boss);
    expect(letters.find((letter) => letter.kind === 'dataExportReady' && letter.to === reader.email)).toMatchObject({
      sealed: true,
      links: [],
    });
    expect(JSON.stringify(letters)).not.toContain(token);

    const viewing = await impersonate(boss, reader);
    expect((await http.get(`/api/account/export/${token}`, { token: viewing })).status).toBe(404);
    const refused = await http.post(`/api/account/export/${token}`, {}, { token: viewing });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('IMPERSONATION_READ_ONLY');
    const [kept] = await ctx.database.db
      .select({ status: dataExports.status })
      .from(dataExports)
      .where(eq(dataExports.userId, reader.id));
    expect(kept?.status).toBe('ready');

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/export/${token}`,
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(readZip(response.rawPayload).has('README.txt')).toBe(true);
    expect(await lastAudit('account.export.download')).toMatchObject({
      actorId: reader.id,
      targetType: 'data_export',
    });
  });

  it('answers 403 on every journal route, audited, while the reader reads their own', async () => {
    const boss = await owner();
    const reader = await signUp();
    const saved = await http.put('/api/journal/2026-03-04', { text: 'a private note' }, { token: reader.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const viewing = await impersonate(boss, reader);
    const reads = ['/api/journal', '/api/journal/summary', '/api/journal/export', '/api/journal/2026-03-04'];
    for (const url of reads) {
      const reply = await http.get(url, { token: viewing });
      expect(reply.status, url).toBe(403);
      expect(reply.body.error.code).toBe('IMPERSONATION_PRIVATE');
      expect(JSON.stringify(reply.body)).not.toContain('a private note');
      expect((await http.get(url, { token: reader.token })).status, url).toBe(200);
    }
    const denied = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'user.impersonate.private_denied'), eq(adminAudit.targetId, reader.id)));
    expect(denied).toHaveLength(reads.length);
    expect(denied.every((row) => row.actorId === boss.id)).toBe(true);
  });
});
