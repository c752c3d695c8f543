import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { adminAudit, topicLetterRecipients, topicLetters, users } from '../src/db/schema.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress } from './helpers/http.ts';
import { useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const ctx = useTestApp(() => ({ smtpUrl: smtp.url, publicUrl: 'https://hunab.example' }));
const http = client(() => ctx.app);

const account = (overrides: Record<string, unknown> = {}) =>
  newAccount(http, { lang: 'en', ...overrides }, { ip: newAddress() });

async function administrator(): Promise<Account> {
  const admin = await account();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return admin;
}

/** Mail received by an address, waiting a moment for the outbox to deliver `atLeast` of them. */
async function mailTo(email: string, atLeast = 0) {
  for (let waited = 0; waited < 3000; waited += 50) {
    if (smtp.received.filter((mail) => mail.to.includes(email)).length >= atLeast) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return smtp.received.filter((mail) => mail.to.includes(email));
}

const confirmLink = (text: string) =>
  /https:\/\/hunab\.example(\/api\/subscriptions\/confirm\?token=[\w.-]+)/.exec(text)?.[1] ?? '';

/** A reader who turned a topic of the English list on and confirmed the address by its link. */
async function reader(topic = 'product_news'): Promise<Account> {
  const me = await account();
  const on = await http.put(
    '/api/email-preferences/topics',
    { lang: 'en', topic, subscribed: true },
    { token: me.token },
  );
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  let link = '';
  for (let waited = 0; !link && waited < 3000; waited += 50) {
    link = (await mailTo(me.email)).map((mail) => confirmLink(mail.text)).find(Boolean) ?? '';
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(link).not.toBe('');
  const confirmed = await ctx.app.inject({ method: 'GET', url: link });
  expect(confirmed.statusCode).toBe(302);
  return me;
}

const draft = {
  topic: 'product_news',
  lang: 'en',
  subject: 'The new moon is here',
  body: 'A new moon begins today.\n\nRead about it at https://hunab.example/moon. <b>Not bold</b>',
};

const letterCount = async () =>
  Number((await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from topic_letters`))[0]?.n);

describe('letters to the readers of a topic', () => {
  it('refuses guests with 401 and readers with 403 on every letter endpoint, before reading the input', async () => {
    const someone = await account();
    const calls = [
      ['GET', '/api/admin/letters/audience?topic=product_news&lang=en'],
      ['GET', '/api/admin/letters'],
      ['POST', '/api/admin/letters/test'],
      ['POST', '/api/admin/letters'],
    ] as const;
    for (const [method, url] of calls) {
      const guest = await ctx.app.inject({ method, url, payload: method === 'POST' ? { nonsense: true } : undefined });
      expect(guest.statusCode, url).toBe(401);
      const other = await ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${someone.token}` },
        payload: method === 'POST' ? { nonsense: true } : undefined,
      });
      expect(other.statusCode, url).toBe(403);
    }
  });

  it('counts the audience, sends a test to the administrator only, then the letter to each reader once', async () => {
    const boss = await administrator();
    const mila = await reader();
    const ivan = await reader();
    const elsewhere = await reader('13secrets');
    const before = await http.get('/api/admin/letters/audience?topic=product_news&lang=en', { token: boss.token });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const audience = before.body.data.audience as number;
    expect(audience).toBeGreaterThanOrEqual(2);

    const test = await http.post('/api/admin/letters/test', draft, { token: boss.token });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body.data.sentTo).toBe(boss.email);
    const preview = (await mailTo(boss.email, 2)).find((mail) => mail.subject.startsWith('[test]'));
    expect(preview?.subject).toBe('[test] The new moon is here');
    expect(await letterCount()).toBe(0);

    const sent = await http.post(
      '/api/admin/letters',
      { ...draft, audience, reason: 'moon news' },
      { token: boss.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ topic: 'product_news', lang: 'en', audience, status: 'sending' });
    const id = sent.body.data.id as string;
    const [audit] = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, id));
    expect(audit).toMatchObject({ actorId: boss.id, action: 'letter.send', reason: 'moon news' });

    // The sender, run twice (as two processes would), gives every reader one copy.
    await Promise.all([ctx.app.letters.runDue(), ctx.app.letters.runDue()]);
    await ctx.app.mailer.flush();
    for (const who of [mila, ivan]) {
      const copies = (await mailTo(who.email, 2)).filter((mail) => mail.subject === draft.subject);
      expect(copies).toHaveLength(1);
      const copy = copies[0];
      expect(copy?.mail.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true);
      expect(copy?.html).toContain('<a href="https://hunab.example/moon"');
      expect(copy?.html).toContain('&lt;b&gt;Not bold&lt;/b&gt;');
      expect(copy?.html).not.toContain('<b>');
    }
    expect((await mailTo(elsewhere.email)).some((mail) => mail.subject === draft.subject)).toBe(false);

    const list = await http.get('/api/admin/letters?topic=product_news', { token: boss.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id, status: 'sent', sent: audience, skipped: 0 });
    expect(list.body.data[0].createdByEmail).toBe(boss.email);
    const csv = await http.get('/api/admin/letters?format=csv', { token: boss.token });
    expect(String(csv.body)).toContain('The new moon is here');
  });

  it('skips a reader who left the topic before their turn', async () => {
    const boss = await administrator();
    const leaving = await reader('programme_reminders');
    const staying = await reader('programme_reminders');
    const { audience } = (
      await http.get('/api/admin/letters/audience?topic=programme_reminders&lang=en', { token: boss.token })
    ).body.data;
    const sent = await http.post(
      '/api/admin/letters',
      { ...draft, topic: 'programme_reminders', subject: 'Your programme', audience },
      { token: boss.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.data.id as string;
    // Sending begins after the answer; once it is done, every reader has one copy and the letter is sent.
    await ctx.app.mailer.flush();
    await ctx.app.letters.runDue();
    const [done] = await ctx.database.db.select().from(topicLetters).where(eq(topicLetters.id, id));
    expect(done?.status).toBe('sent');
    expect((await mailTo(staying.email, 2)).filter((mail) => mail.subject === 'Your programme')).toHaveLength(1);

    // A reader whose turn has not come yet when they turn the topic off is skipped, not written to.
    const off = await http.put(
      '/api/email-preferences/topics',
      { lang: 'en', topic: 'programme_reminders', subscribed: false },
      { token: leaving.token },
    );
    expect(off.status).toBe(200);
    await ctx.database.db.execute(
      sql`update topic_letter_recipients set status = 'pending', done_at = null
          where letter_id = ${id} and user_id = ${leaving.id}`,
    );
    await ctx.database.db.update(topicLetters).set({ status: 'sending' }).where(eq(topicLetters.id, id));
    expect(await ctx.app.letters.runDue()).toEqual({ sent: 0, skipped: 1, finished: 1 });
    await ctx.app.mailer.flush();
    const rows = await ctx.database.db
      .select()
      .from(topicLetterRecipients)
      .where(eq(topicLetterRecipients.letterId, id));
    expect(rows).toHaveLength(audience);
    expect(rows.find((row) => row.userId === leaving.id)?.status).toBe('skipped');
    expect((await mailTo(leaving.email)).filter((mail) => mail.subject === 'Your programme')).toHaveLength(1);
    const listed = (await http.get('/api/admin/letters?topic=programme_reminders', { token: boss.token })).body.data;
    expect(listed[0]).toMatchObject({ id, status: 'sent', sent: audience - 1, skipped: 1 });
  });

  it('refuses a stale audience, an empty one and bad drafts, writing nothing', async () => {
    const boss = await administrator();
    await reader();
    const before = await letterCount();
    const { audience } = (
      await http.get('/api/admin/letters/audience?topic=product_news&lang=en', { token: boss.token })
    ).body.data;
    const stale = await http.post('/api/admin/letters', { ...draft, audience: audience + 5 }, { token: boss.token });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('AUDIENCE_CHANGED');
    const nobody = await http.post('/api/admin/letters', { ...draft, lang: 'ja', audience: 1 }, { token: boss.token });
    expect(nobody.status).toBe(409);
    expect(nobody.body.error.code).toBe('NO_AUDIENCE');
    for (const body of [
      { ...draft, audience, topic: 'daily_reading' },
      { ...draft, audience, lang: 'xx' },
      { ...draft, audience, subject: '' },
      { ...draft, audience, subject: 'x'.repeat(201) },
      { ...draft, audience, body: 'x'.repeat(20_001) },
      { ...draft, audience, extra: true },
      { ...draft, audience: 0 },
      { ...draft },
    ]) {
      const reply = await http.post('/api/admin/letters', body, { token: boss.token });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.success).toBe(false);
    }
    expect(await letterCount()).toBe(before);
    const badQuery = await http.get('/api/admin/letters/audience?topic=news&lang=en', { token: boss.token });
    expect(badQuery.status).toBe(400);
  });

  it('limits test letters per administrator', async () => {
    const boss = await administrator();
    const replies = [];
    for (let i = 0; i < 11; i++) replies.push(await http.post('/api/admin/letters/test', draft, { token: boss.token }));
    expect(replies.slice(0, 10).every((reply) => reply.status === 200)).toBe(true);
    expect(replies[10]?.status).toBe(429);
    expect(replies[10]?.body.error.code).toBe('RATE_LIMITED');
  });
});
