import { randomUUID } from 'node:crypto';
import { EXPORT_DOMAINS, LEGAL_VERSIONS } from '@hunab/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import {
  accountDeletions,
  adminAudit,
  analyticsEvents,
  calendarFeeds,
  commentReports,
  comments,
  commentVotes,
  contentResponses,
  emailTopicConsents,
  gameGoals,
  gamePractices,
  gameProfiles,
  journalEntries,
  mailingSubscriptions,
  orders,
  outboxEmails,
  products,
  purchases,
  pushSubscriptions,
  referralClicks,
  referralLinks,
  reminderSends,
  reminderSettings,
  subscriptionEvents,
  subscriptions,
  teamInvites,
  teamMembers,
  teams,
  users,
} from '../src/db/schema.ts';
import { type Account, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';
import { readZip } from './helpers/zip.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);
const DAY = 86_400_000;
let counter = 0;

interface Reader extends Account {
  /** A word only this reader's rows hold, and their unique name. */
  marker: string;
  name: string;
  feedPath: string;
}

/** A reader with a row in every domain, each carrying their marker where a text field allows. */
async function reader(): Promise<Reader> {
  const marker = `mark${randomUUID().slice(0, 8)}`;
  const name = `Zorvana${++counter}${randomUUID().slice(0, 6)}`;
  const account = await newAccount(http, { username: name, name });
  const db = ctx.database.db;
  const me = { token: account.token };
  expect((await http.post('/api/cards', { name: `${marker} card`, birth_date: '1990-03-04' }, me)).status).toBe(201);
  const feed = await http.post('/api/feed', {}, me);
  expect(feed.status).toBe(200);
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  const [comment] = await db
    .insert(comments)
    .values({
      userId: account.id,
      cycleType: 'kin',
      cycleValue: 1,
      lang: 'en',
      content: `${marker} comment`,
      contentHtml: `<p>${marker} comment</p>`,
    })
    .returning({ id: comments.id });
  const [team] = await db
    .insert(teams)
    .values({ ownerId: account.id, name: `${marker} team` })
    .returning();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      userId: account.id,
      planId: 'basic_monthly',
      level: 1,
      status: 'active',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
      source: 'test',
      paymentMethodId: `test-method-${marker}`,
      nextChargeAt: new Date(Date.now() + 20 * DAY),
    })
    .returning();
  if (!comment || !team || !subscription || !product) throw new Error('seed failed');
  const [order] = await db
    .insert(orders)
    .values({
      userId: account.id,
      productId: product.id,
      kind: 'subscription',
      status: 'paid',
      amount: 49000,
      listAmount: 49000,
      currency: 'RUB',
      provider: 'test',
      providerPaymentId: `pay-${marker}`,
      lang: 'en',
      receipt: { name, email: account.email },
      subscriptionId: subscription.id,
      paidAt: new Date(),
    })
    .returning();
  await db.insert(subscriptionEvents).values({ subscriptionId: subscription.id, toStatus: 'active', actor: 'user' });
  await db.insert(purchases).values({ userId: account.id, productName: 'main', productLevel: 1, orderId: order?.id });
  await db.insert(commentVotes).values({ commentId: comment.id, userId: account.id, value: 1 });
  await db.insert(commentReports).values({ commentId: comment.id, userId: account.id, reason: 'other', note: marker });
  await db.insert(journalEntries).values({
    userId: account.id,
    day: '2024-05-05',
    kin: 1,
    seal: 1,
    tone: 1,
    wavespell: 1,
    moon: 1,
    text: `${marker} journal`,
  });
  await db.insert(gameProfiles).values({ userId: account.id, alias: marker, timeZone: 'UTC' });
  await db
    .insert(gameGoals)
    .values({ userId: account.id, cycle: 'moon', startsOn: '2024-01-01', endsOn: '2024-01-28' });
  await db.insert(gamePractices).values({
    userId: account.id,
    day: '2024-01-02',
    kin: 2,
    kind: 'reflection',
    answer: `${marker} practice`,
    timeZone: 'UTC',
  });
  await db.insert(teamMembers).values({ teamId: team.id, name: `${marker} friend`, birthDate: '1991-01-01' });
  await db.insert(teamInvites).values({
    teamId: team.id,
    tokenHash: `hash-${marker}`,
    createdBy: account.id,
    expiresAt: new Date(Date.now() + 40 * DAY),
  });
  const [link] = await db
    .insert(referralLinks)
    .values({ userId: account.id, slug: marker, source: 'telegram' })
    .returning({ id: referralLinks.id });
  if (link) await db.insert(referralClicks).values([{ linkId: link.id }, { linkId: link.id }]);
  await db.insert(emailTopicConsents).values({
    userId: account.id,
    listId: 1,
    topic: 'daily_reading',
    subscribed: true,
    consentVersion: marker,
    consentedAt: new Date(),
  });
  await db.insert(mailingSubscriptions).values({ email: account.email, interest: `list-${marker}`, lang: 'en' });
  await db.insert(reminderSettings).values({ userId: account.id, email: true, push: true, timeZone: 'UTC' });
  await db.insert(reminderSends).values({ userId: account.id, localDay: '2024-02-02', channel: 'email', kin: 3 });
  await db.insert(pushSubscriptions).values({
    userId: account.id,
    endpoint: `https://push.example.com/${marker}`,
    p256dh: 'key',
    auth: 'secret',
  });
  await db.insert(contentResponses).values({
    userId: account.id,
    questionId: `13days_1_${marker}`,
    cycleType: '13days',
    cycleValue: 1,
    lang: 'en',
    response: `${marker} answer`,
  });
  await db.insert(analyticsEvents).values({ userId: account.id, event: 'page_view', label: marker });
  return { ...account, marker, name, feedPath: new URL(feed.body.data.https_url).pathname };
}

/** The link of the newest letter of a kind to a user, and its token. */
async function letter(userId: string, kind: string) {
  const [row] = await ctx.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.userId, userId), eq(outboxEmails.kind, kind)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  if (!row?.link) throw new Error(`no ${kind} letter`);
  const url = new URL(row.link);
  return { row, url, token: url.searchParams.get('export') ?? url.searchParams.get('token') ?? '' };
}

async function download(token: string, who: { token: string }) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/account/export/${token}`,
    headers: { authorization: `Bearer ${who.token}` },
  });
  return response;
}

const signIn = (who: Account, password = 'correct horse') =>
  http.post('/api/auth/login', { email: who.email, password }, { ip: newAddress() });

describe('downloading my data', () => {
  it('prepares one archive with a file per domain holding my rows and none of another reader’s', async () => {
    const me = await reader();
    const other = await reader();
    const asked = await http.post('/api/account/export', {}, { token: me.token });
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('preparing');
    expect((await ctx.app.privacy.runDue()).exportsPrepared).toBeGreaterThanOrEqual(1);

    const { token, url } = await letter(me.id, 'dataExportReady');
    expect(url.pathname).toBe('/en/account');
    // Only its owner may use the link; anyone else hears it does not exist.
    expect((await download(token, other)).statusCode).toBe(404);
    expect((await http.post(`/api/account/export/${token}`, {})).status).toBe(401);

    const response = await download(token, me);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = readZip(response.rawPayload);
    expect([...files.keys()]).toEqual(['README.txt', ...EXPORT_DOMAINS.map((d) => `${d}.json`)]);
    expect(files.get('README.txt')).toContain('cards.json');

    const all = [...files.values()].join('\n');
    expect(all).not.toContain(other.marker);
    expect(all).not.toContain(other.email);
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain(`test-method-${me.marker}`);
    expect(all).not.toContain(`hash-${me.marker}`);
    const [feedRow] = await ctx.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.id));
    expect(all).not.toContain(feedRow?.tokenHash);

    const json = (domain: string) => JSON.parse(files.get(`${domain}.json`) ?? 'null');
    expect(json('profile')).toMatchObject({ id: me.id, email: me.email, name: me.name });
    expect(json('cards')[0].name).toBe(`${me.marker} card`);
    expect(json('comments').written[0].content).toBe(`${me.marker} comment`);
    expect(json('comments').votes).toHaveLength(1);
    expect(json('comments').reports[0].note).toBe(me.marker);
    expect(json('journal')[0].text).toBe(`${me.marker} journal`);
    expect(json('game').profile.alias).toBe(me.marker);
    expect(json('game').goals).toHaveLength(1);
    expect(json('game').practices[0].answer).toBe(`${me.marker} practice`);
    expect(json('teams').owned[0]).toMatchObject({ name: `${me.marker} team` });
    expect(json('teams').owned[0].members_added[0].name).toBe(`${me.marker} friend`);
    expect(json('teams').invitations_sent).toHaveLength(1);
    expect(json('referrals').links[0]).toMatchObject({ slug: me.marker, clicks: 2 });
    expect(json('subscriptions')[0]).toMatchObject({ plan_id: 'basic_monthly', status: 'active' });
    expect(json('subscriptions')[0].events).toHaveLength(1);
    expect(json('orders').orders[0]).toMatchObject({ amount_minor_units: 49000, currency: 'RUB' });
    expect(json('orders').purchases).toHaveLength(1);
    expect(json('email_preferences')[0]).toMatchObject({ topic: 'daily_reading', subscribed: true });
    expect(json('consents').email_topics[0].consent_version).toBe(me.marker);
    expect(json('consents').mailing_lists[0].interest).toBe(`list-${me.marker}`);
    expect(json('reminders').settings).toMatchObject({ email: true, push: true });
    expect(json('reminders').sent).toHaveLength(1);
    expect(json('push_subscriptions')).toEqual([expect.objectContaining({ push_service: 'https://push.example.com' })]);
    expect(json('feed')).toMatchObject({ include_returns: true });
    expect(json('process_answers')[0].answer).toBe(`${me.marker} answer`);
    expect(json('education')).toEqual({ courses: [], lessons: [] });

    // The link works once.
    expect((await download(token, me)).statusCode).toBe(404);
  });

  it('keeps when and to which versions of the terms and the privacy policy the reader consented, and exports it', async () => {
    const refused = await http.post('/api/auth/register', registration({ accept_terms: false }), { ip: newAddress() });
    expect(refused.status).toBe(400);
    const before = Date.now();
    const me = await newAccount(http, { accept_terms: true }, { ip: newAddress() });
    const without = await newAccount(http, {}, { ip: newAddress() });

    const exported = async (who: Account) => {
      await http.post('/api/account/export', {}, { token: who.token });
      await ctx.app.privacy.runDue();
      const { token } = await letter(who.id, 'dataExportReady');
      const files = readZip((await download(token, who)).rawPayload);
      return JSON.parse(files.get('consents.json') ?? 'null');
    };
    const consents = await exported(me);
    expect(consents.terms).toEqual({
      accepted_at: expect.any(String),
      terms_version: LEGAL_VERSIONS.terms,
      privacy_version: LEGAL_VERSIONS.privacy,
    });
    expect(Date.parse(consents.terms.accepted_at)).toBeGreaterThanOrEqual(before - 1000);
    // An account made without the form's tick (by a script, by the bot) claims no consent.
    expect((await exported(without)).terms).toBeNull();
  });

  it('makes one export a day, even when asked for many times at once', async () => {
    const me = await newAccount(http);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => http.post('/api/account/export', {}, { token: me.token })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(replies.find((r) => r.status === 429)?.body.error.code).toBe('EXPORT_LIMIT_REACHED');
    await ctx.app.privacy.runDue();
    const status = await http.get('/api/account/privacy', { token: me.token });
    expect(status.body.data).toMatchObject({ has_password: true, grace_days: 30, deletion_pending: false });
    expect(status.body.data.export.status).toBe('ready');
    expect((await http.post('/api/account/export', {}, { token: me.token })).status).toBe(429);
  });

  it('lets the link lapse after 24 hours', async () => {
    const me = await newAccount(http);
    await http.post('/api/account/export', {}, { token: me.token });
    await ctx.app.privacy.runDue();
    const { token } = await letter(me.id, 'dataExportReady');
    try {
      ctx.clock.offsetMs = DAY + 60_000;
      expect((await ctx.app.privacy.runDue()).exportsExpired).toBeGreaterThanOrEqual(1);
      expect((await download(token, me)).statusCode).toBe(404);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('refuses guests', async () => {
    expect((await http.post('/api/account/export', {})).status).toBe(401);
    expect((await http.get('/api/account/privacy')).status).toBe(401);
    expect((await http.post('/api/account/delete', { password: 'x' })).status).toBe(401);
  });
});

describe('deleting my account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const me = await reader();
    const reply = await http.post('/api/account/delete', { password: 'wrong horse' }, { token: me.token });
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('INVALID_PASSWORD');
    expect((await signIn(me)).status).toBe(200);
    expect((await http.get(me.feedPath)).status).toBe(200);
  });

  it('closes the account at once: no sign-in, no session, no feed, no renewal charge', async () => {
    const me = await reader();
    expect((await http.post('/api/account/export', {}, { token: me.token })).status).toBe(200);
    const reply = await http.post('/api/account/delete', { password: 'correct horse' }, { token: me.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.status).toBe('closed');
    expect(Date.parse(reply.body.data.erase_after) - Date.now()).toBeGreaterThan(29 * DAY);

    expect((await http.get('/api/auth/me', { token: me.token })).status).toBe(401);
    const login = await signIn(me);
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('ACCOUNT_CLOSED');
    expect((await http.get(me.feedPath)).status).toBe(404);

    const db = ctx.database.db;
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toHaveLength(0);
    expect(await db.select().from(reminderSettings).where(eq(reminderSettings.userId, me.id))).toHaveLength(0);
    expect(await db.select().from(teamInvites).where(eq(teamInvites.createdBy, me.id))).toHaveLength(0);
    // The mailing lists name the reader by address only; nothing goes to it while the account is closed.
    expect(
      await db
        .select()
        .from(mailingSubscriptions)
        .where(sql`lower(${mailingSubscriptions.email}) = lower(${me.email})`),
    ).toHaveLength(0);
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(subscription).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      nextChargeAt: null,
      paymentMethodId: null,
    });
    try {
      ctx.clock.offsetMs = 21 * DAY;
      await ctx.app.payments.runDue();
      await ctx.app.subscriptions.runDue();
      const renewals = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, me.id), eq(orders.kind, 'renewal')));
      expect(renewals).toHaveLength(0);
    } finally {
      ctx.clock.offsetMs = 0;
    }
    const { url } = await letter(me.id, 'accountDeleted');
    expect(url.pathname).toBe('/en/account/restore');
    // The export asked for just before goes nowhere.
    await ctx.app.privacy.runDue();
    const exportLetters = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.userId, me.id), eq(outboxEmails.kind, 'dataExportReady')));
    expect(exportLetters).toEqual([]);
  });

  it('restores everything within the grace period with the letter’s link', async () => {
    const me = await reader();
    const db = ctx.database.db;
    const before = {
      cards: (await http.get('/api/cards', { token: me.token })).body,
      journal: await db.select().from(journalEntries).where(eq(journalEntries.userId, me.id)),
      push: await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id)),
      reminders: await db.select().from(reminderSettings).where(eq(reminderSettings.userId, me.id)),
      topics: await db.select().from(emailTopicConsents).where(eq(emailTopicConsents.userId, me.id)),
      invites: await db.select().from(teamInvites).where(eq(teamInvites.createdBy, me.id)),
      lists: await db
        .select()
        .from(mailingSubscriptions)
        .where(sql`lower(${mailingSubscriptions.email}) = lower(${me.email})`),
    };
    await http.post('/api/account/delete', { password: 'correct horse' }, { token: me.token });
    const { token } = await letter(me.id, 'accountDeleted');
    try {
      ctx.clock.offsetMs = 29 * DAY;
      await ctx.app.privacy.runDue();
      expect(await ctx.database.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
      expect((await http.post('/api/account/restore', { token: 'x'.repeat(43) })).status).toBe(400);
      const restored = await http.post('/api/account/restore', { token });
      expect(restored.status).toBe(200);
      expect(restored.body.data).toEqual({ restored: true, email: me.email });
      expect((await http.post('/api/account/restore', { token })).status).toBe(400);
      ctx.clock.offsetMs = 40 * DAY;
      await ctx.app.privacy.runDue();
    } finally {
      ctx.clock.offsetMs = 0;
    }
    const login = await signIn(me);
    expect(login.status).toBe(200);
    const token2 = login.body.token as string;
    expect((await http.get('/api/cards', { token: token2 })).body).toEqual(before.cards);
    expect((await http.get(me.feedPath)).status).toBe(200);
    expect(await db.select().from(journalEntries).where(eq(journalEntries.userId, me.id))).toEqual(before.journal);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toEqual(before.push);
    expect(await db.select().from(reminderSettings).where(eq(reminderSettings.userId, me.id))).toEqual(
      before.reminders,
    );
    expect(await db.select().from(emailTopicConsents).where(eq(emailTopicConsents.userId, me.id))).toEqual(
      before.topics,
    );
    expect(await db.select().from(teamInvites).where(eq(teamInvites.createdBy, me.id))).toEqual(before.invites);
    expect(before.lists).toHaveLength(1);
    expect(
      await db
        .select()
        .from(mailingSubscriptions)
        .where(sql`lower(${mailingSubscriptions.email}) = lower(${me.email})`),
    ).toEqual(before.lists);
  });

  it('asks an account without a password to confirm by letter', async () => {
    const me = await newAccount(http);
    await ctx.database.db.update(users).set({ passwordHash: '' }).where(eq(users.id, me.id));
    const status = await http.get('/api/account/privacy', { token: me.token });
    expect(status.body.data.has_password).toBe(false);
    const reply = await http.post('/api/account/delete', { remove_comments: true }, { token: me.token });
    expect(reply.body.data).toEqual({ status: 'confirmation_sent', erase_after: null });
    expect((await http.get('/api/auth/me', { token: me.token })).status).toBe(200);
    const { token, url } = await letter(me.id, 'confirmAccountDeletion');
    expect(url.pathname).toBe('/en/account/delete');
    const confirmed = await http.post('/api/account/delete/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('closed');
    expect((await http.post('/api/account/delete/confirm', { token })).status).toBe(400);
    expect((await http.get('/api/auth/me', { token: me.token })).status).toBe(401);
    const [row] = await ctx.database.db
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, me.id), eq(accountDeletions.status, 'closed')));
    expect(row?.removeComments).toBe(true);
  });
});

/** The object with this id anywhere in a reply. */
function findById(node: unknown, id: unknown): unknown {
  if (!node || typeof node !== 'object') return undefined;
  if ((node as { id?: unknown }).id === id) return node;
  for (const value of Object.values(node)) {
    const found = findById(value, id);
    if (found) return found;
  }
  return undefined;
}

/** Every row of every table whose text holds one of `needles`, as `table: row`. */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    ctx.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  expect(tables.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { name } of tables) {
    for (const needle of needles) {
      const rows = await queryRows<{ row: string }>(
        ctx.database.db,
        sql`select t::text as row from ${sql.identifier(name)} t where t::text ilike ${`%${needle}%`}`,
      );
      found.push(...rows.map((r) => `${name}: ${r.row.slice(0, 200)}`));
    }
  }
  return found;
}

describe('erasure after the grace period', () => {
  it('leaves no row with my id, email or name; accounting keeps the amounts without me', async () => {
    const me = await reader();
    const other = await reader();
    const admin = await newAdmin(http, ctx.database.db);
    // An administrator's change about me, written to the audit trail.
    for (const blocked of [true, false]) {
      const change = { blocked, reason: `checking ${me.email}` };
      expect((await http.post(`/api/admin/users/${me.id}/block`, change, { token: admin.token })).status).toBe(200);
    }
    me.token = (await signIn(me)).body.token;
    const [myOrder] = await ctx.database.db.select().from(orders).where(eq(orders.userId, me.id));
    const [myComment] = await ctx.database.db.select().from(comments).where(eq(comments.userId, me.id));
    await ctx.database.db.insert(commentVotes).values({ commentId: myComment?.id ?? 0, userId: other.id, value: 1 });
    expect((await http.post('/api/account/delete', { password: 'correct horse' }, { token: me.token })).status).toBe(
      200,
    );
    expect(await rowsHolding([me.id])).not.toEqual([]);

    const second = await buildApp({
      database: ctx.database,
      config: ctx.config,
      now: () => new Date(Date.now() + ctx.clock.offsetMs),
    });
    try {
      ctx.clock.offsetMs = 30 * DAY + 60_000;
      // Two server processes run the job at once: the account is erased once.
      const erasedRows = async () =>
        (await ctx.database.db.select().from(accountDeletions).where(eq(accountDeletions.status, 'erased'))).length;
      const before = await erasedRows();
      const runs = await Promise.all([ctx.app.privacy.runDue(), second.privacy.runDue(), ctx.app.privacy.runDue()]);
      expect(runs.reduce((sum, run) => sum + (run.erased ?? 0), 0)).toBe((await erasedRows()) - before);
      expect(await ctx.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, me.id))).toEqual(
        [],
      );
    } finally {
      ctx.clock.offsetMs = 0;
      await second.close();
    }

    expect(await rowsHolding([me.id, me.email, me.name, `test-method-${me.marker}`])).toEqual([]);
    // The accounting row stays with its amount and date, under an anonymous account without name or address.
    const [kept] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, myOrder?.id ?? ''));
    expect(kept).toMatchObject({ amount: 49000, currency: 'RUB', status: 'paid', receipt: null });
    expect(kept?.paidAt).toEqual(myOrder?.paidAt);
    const [anonymous] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, kept?.userId ?? ''));
    expect(anonymous).toMatchObject({ name: null, username: null, birthDate: null });
    expect(anonymous?.erasedAt).not.toBeNull();
    expect(anonymous?.email).toMatch(/@erased\.invalid$/);
    // The comment stays (text kept, as chosen), without its author; the other reader's vote on it is still there.
    const [comment] = await ctx.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, myComment?.id ?? 0));
    expect(comment).toMatchObject({ userId: anonymous?.id, content: `${me.marker} comment` });
    const listed = await http.get('/api/comments?cycleType=kin&cycleValue=1&lang=en');
    expect(listed.status).toBe(200);
    expect(findById(listed.body, myComment?.id)).toMatchObject({
      content: `${me.marker} comment`,
      user: { display_name: null, deleted_user: true },
    });
    expect(
      await ctx.database.db
        .select()
        .from(commentVotes)
        .where(eq(commentVotes.commentId, myComment?.id ?? 0)),
    ).toHaveLength(2);
    // The other reader is untouched.
    expect((await signIn(other)).status).toBe(200);
    expect((await rowsHolding([other.marker])).length).toBeGreaterThan(10);
    const [deletion] = await ctx.database.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.status, 'erased'))
      .orderBy(desc(accountDeletions.erasedAt))
      .limit(1);
    expect(deletion).toMatchObject({ userId: null, parked: {}, restoreTokenHash: null });
    expect((await signIn(me)).status).toBe(401);
  });

  it('removes the text of my comments when I chose so', async () => {
    const me = await reader();
    const [mine] = await ctx.database.db.select().from(comments).where(eq(comments.userId, me.id));
    await http.post('/api/account/delete', { password: 'correct horse', remove_comments: true }, { token: me.token });
    try {
      ctx.clock.offsetMs = 31 * DAY;
      await ctx.app.privacy.runDue();
    } finally {
      ctx.clock.offsetMs = 0;
    }
    const [comment] = await ctx.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, mine?.id ?? 0));
    expect(comment).toMatchObject({ content: '', contentHtml: '', isDeleted: true });
    expect(await rowsHolding([me.id, me.email, me.name, `${me.marker} comment`])).toEqual([]);
  });
});

describe('the admin area', () => {
  it('lists pending deletions and exports to administrators only', async () => {
    const admin = await newAdmin(http, ctx.database.db);
    const me = await reader();
    await http.post('/api/account/export', {}, { token: me.token });
    await http.post('/api/account/delete', { password: 'correct horse' }, { token: me.token });
    const deletions = await http.get('/api/admin/privacy?kind=deletion&status=closed', { token: admin.token });
    expect(deletions.status).toBe(200);
    expect(deletions.body.data).toContainEqual(
      expect.objectContaining({ user_id: me.id, user_email: me.email, status: 'closed', requested_by: 'owner' }),
    );
    const exports = await http.get('/api/admin/privacy?kind=export', { token: admin.token });
    expect(exports.body.data.some((row: { user_id: string }) => row.user_id === me.id)).toBe(true);
    const csv = await http.get('/api/admin/privacy?kind=deletion&format=csv', { token: admin.token });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(me.email);
    const reader2 = await newAccount(http);
    expect((await http.get('/api/admin/privacy', { token: reader2.token })).status).toBe(403);
    expect((await http.get('/api/admin/privacy')).status).toBe(401);
    expect(
      (await http.post('/api/admin/privacy/erasures', { user: me.email, reason: 'asked' }, { token: reader2.token }))
        .status,
    ).toBe(403);
  });

  it('erases an account at once for its owner’s emailed request, and audits it without the owner’s data', async () => {
    const admin = await newAdmin(http, ctx.database.db);
    const me = await reader();
    const missing = await http.post(
      '/api/admin/privacy/erasures',
      { user: 'nobody@example.com', reason: 'owner wrote in' },
      { token: admin.token },
    );
    expect(missing.status).toBe(404);
    const reply = await http.post(
      '/api/admin/privacy/erasures',
      {
        user: me.email.toUpperCase(),
        reason: 'owner wrote in from the account address',
        remove_comments: true,
        immediate: true,
      },
      { token: admin.token },
    );
    expect(reply.status).toBe(200);
    const [audit] = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'account.erase'))
      .orderBy(desc(adminAudit.createdAt))
      .limit(1);
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetType: 'account_deletion',
      targetId: reply.body.data.deletion_id,
      reason: 'owner wrote in from the account address',
    });
    expect(await rowsHolding([me.id, me.email, me.name])).toEqual([]);
    const listed = await http.get('/api/admin/users?q=erased.invalid', { token: admin.token });
    expect(listed.body.data).toEqual([]);
    const again = await http.post(
      '/api/admin/privacy/erasures',
      { user: me.id, reason: 'owner wrote in' },
      { token: admin.token },
    );
    expect(again.status).toBe(404);
  });
});
