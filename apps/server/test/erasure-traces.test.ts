import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { adminAudit, outboxEmails, telegramChats, telegramInbox, users } from '../src/db/schema.ts';
import { newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, newEmail } from './helpers/http.ts';

/**
 * Erasure leaves nothing that names the reader: not in the letters to others that quote them, the audit trail's
 * free-text reasons, the bot's inbox of their Telegram messages, the rate-limit counters, nor under the address the
 * account used before. Every table is searched, its text and its bytes.
 */
const ctx = useTestApp();
const http = client(() => ctx.app);
const DAY = 86_400_000;

/** Every row of every table whose text, or one of whose bytea columns, holds one of `needles`. */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const db = ctx.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  expect(tables.length).toBeGreaterThan(50);
  const bytes = await queryRows<{ table: string; column: string }>(
    db,
    sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and data_type = 'bytea'`,
  );
  expect(bytes.length).toBeGreaterThan(0);
  const patterns = sql`array[${sql.join(
    needles.map((needle) => sql`${`%${needle}%`}`),
    sql`, `,
  )}]`;
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select left(t::text, 300) as row from ${sql.identifier(name)} t where t::text ilike any (${patterns})`,
    );
    found.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  for (const { table, column } of bytes) {
    const holds = sql.join(
      needles.map((needle) => sql`position(convert_to(${needle}, 'UTF8') in ${sql.identifier(column)}) > 0`),
      sql` or `,
    );
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${holds}`,
    );
    if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}: ${rows[0]?.n} rows`);
  }
  return found;
}

/** The link of the newest letter of a kind to an address. */
async function linkTo(address: string, kind: string): Promise<URL> {
  const [row] = await ctx.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, address), eq(outboxEmails.kind, kind)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  if (!row?.link) throw new Error(`no ${kind} letter to ${address}`);
  return new URL(row.link);
}

describe('erasure', () => {
  it('leaves no trace of the reader in any table: letters quoting them, reasons, Telegram, counters, old address', async () => {
    const marker = `mark${randomUUID().slice(0, 8)}`;
    const name = `Quetzali${randomUUID().slice(0, 6)}`;
    const reader = await newAccount(http, { username: name, name });
    const first = reader.email;
    const second = newEmail('moved');
    let me = { token: reader.token };

    // The account moves to a second address; the first still has a failed sign-in and a mailing list.
    const asked = await http.post('/api/auth/email', { email: second, password: 'correct horse' }, me);
    expect(asked.status).toBe(200);
    me = { token: asked.body.token };
    const moved = await http.get(
      `/api/auth/verify-email/${(await linkTo(second, 'confirmEmailChange')).searchParams.get('token')}`,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.user.email).toBe(second);
    await http.post('/api/auth/login', { email: first, password: 'wrong' }, { ip: newAddress() });
    for (const address of [first, second]) {
      await http.post(
        '/api/subscriptions/subscribe',
        { email: address, interest: 'coach', lang: 'en' },
        { ip: newAddress() },
      );
    }

    // A team of theirs, and an invitation letter to a friend quoting their name and the team's.
    const team = await http.post('/api/teams', { name: `${marker} circle` }, me);
    expect(team.status, JSON.stringify(team.body)).toBeLessThan(300);
    const friend = newEmail('friend');
    const invited = await http.post(`/api/teams/${team.body.data.id}/invites`, { email: friend, lang: 'en' }, me);
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const [invitation] = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, friend));
    expect(invitation?.textBody).toContain(name);

    // Another reader's invitation stays.
    const other = await newAccount(http);
    const otherTeam = await http.post('/api/teams', { name: 'Evening walkers' }, { token: other.token });
    const stranger = newEmail('stranger');
    await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, other.id));
    const otherInvite = { email: stranger };
    const sent = await http.post(`/api/teams/${otherTeam.body.data.id}/invites`, otherInvite, { token: other.token });
    expect(sent.status).toBe(201);

    // An administrator's reasons naming them.
    const admin = await newAdmin(http, ctx.database.db);
    for (const blocked of [true, false]) {
      const reason = `${name} wrote from ${first} and ${second}`;
      const change = await http.post(
        `/api/admin/users/${reader.id}/block`,
        { blocked, reason },
        { token: admin.token },
      );
      expect(change.status).toBe(200);
    }
    const aside = 'asked to pause the account';
    await http.post(`/api/admin/users/${other.id}/block`, { blocked: true, reason: aside }, { token: admin.token });

    // Their Telegram chat with the bot, and a message they sent it.
    const chatId = 7_000_000_000 + randomInt(1_000_000);
    await ctx.database.db.insert(telegramChats).values({ chatId, userId: reader.id, lang: 'en' });
    await ctx.database.db.insert(telegramInbox).values({
      updateId: randomInt(1_000_000_000),
      payload: {
        update_id: 1,
        message: {
          message_id: 5,
          from: { id: chatId, first_name: name, username: `${marker}_tg` },
          chat: { id: chatId, type: 'private' },
          text: `${marker} what is my kin today`,
        },
      },
      processedAt: new Date(),
    });

    // Blocking ended their sessions: they sign in again. Counters under their id: a wrong password on the deletion
    // form, then the deletion itself.
    const signedIn = await http.post(
      '/api/auth/login',
      { email: second, password: 'correct horse' },
      { ip: newAddress() },
    );
    expect(signedIn.status).toBe(200);
    me = { token: signedIn.body.token };
    expect((await http.post('/api/account/delete', { password: 'not it' }, me)).status).toBe(403);
    expect((await http.post('/api/account/delete', { password: 'correct horse' }, me)).status).toBe(200);
    const needles = [reader.id, first, second, name, marker, String(chatId)];
    expect((await rowsHolding(needles)).length).toBeGreaterThan(5);

    try {
      ctx.clock.offsetMs = 31 * DAY;
      await ctx.app.privacy.runDue();
    } finally {
      ctx.clock.offsetMs = 0;
    }
    expect(await rowsHolding(needles)).toEqual([]);
    // Others' rows are not touched: the other reader's invitation and the reason about them.
    expect(await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, stranger))).toHaveLength(
      1,
    );
    const [kept] = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, other.id))
      .orderBy(desc(adminAudit.createdAt))
      .limit(1);
    expect(kept?.reason).toBe(aside);
  }, 120_000);
});
