import { MAILING_CONSENT_VERSION } from '@hunab/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTopicConsents, mailingSubscriptions, reminderSends } from '../src/db/schema.ts';
import { newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';
import { useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const ctx = useTestApp(() => ({ smtpUrl: smtp.url, publicUrl: 'https://hunab.example' }));
const http = client(() => ctx.app);

const account = (overrides: Record<string, unknown> = {}) => newAccount(http, overrides);

/** Every email to an address so far, after a moment for the outbox to deliver. */
async function mailTo(email: string, atLeast = 0) {
  for (let waited = 0; waited < 3000; waited += 50) {
    if (smtp.received.filter((mail) => mail.to.includes(email)).length >= atLeast) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A little longer, so that a letter that should not come has had its chance to.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return smtp.received.filter((mail) => mail.to.includes(email));
}

const confirmLink = (text: string) =>
  /https:\/\/hunab\.example(\/api\/subscriptions\/confirm\?token=[\w.-]+)/.exec(text)?.[1] ?? '';

/** The confirmation link of the first letter to the address that has one, once it has come (the account's own
 * verification letter may come before it). */
async function confirmationLinkTo(email: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const link = smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => confirmLink(mail.text))
      .find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation letter reached ${email}`);
}

const topic = (
  list: { topics: { topic: string; subscribed: boolean; consent_version: string | null }[] },
  name: string,
) => list.topics.find((t) => t.topic === name);

describe('email topics per language list', () => {
  it('lists every language list with its id and every topic off for a new user, their own language first', async () => {
    const me = await account({ lang: 'es' });
    const reply = await http.get('/api/email-preferences', { token: me.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.lang).toBe('es');
    const lists = reply.body.data.lists as { lang: string; list_id: number; address: string; topics: unknown[] }[];
    expect(lists.map((l) => [l.lang, l.list_id])).toEqual([
      ['es', 16],
      ['ru', 12],
      ['en', 15],
      ['pt', 18],
      ['de', 22],
      ['ja', 20],
      ['zh', 21],
      ['ar', 19],
    ]);
    for (const list of lists) {
      expect(list.address).toBe('none');
      expect(list.topics).toHaveLength(4);
      expect(list.topics.every((t) => !(t as { subscribed: boolean }).subscribed)).toBe(true);
    }
  });

  it('records the consent version and time, and sends only the confirmation until the address confirms', async () => {
    const me = await account({ lang: 'en' });
    const on = await http.put(
      '/api/email-preferences/topics',
      { lang: 'en', topic: 'product_news', subscribed: true },
      { token: me.token },
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.confirmation_sent).toBe(true);
    expect(on.body.data.address).toBe('pending');
    expect(topic(on.body.data, 'product_news')).toMatchObject({
      subscribed: true,
      consent_version: MAILING_CONSENT_VERSION,
    });
    const [row] = await ctx.database.db
      .select()
      .from(emailTopicConsents)
      .where(and(eq(emailTopicConsents.userId, me.id), eq(emailTopicConsents.topic, 'product_news')));
    expect(row).toMatchObject({ listId: 15, subscribed: true, consentVersion: MAILING_CONSENT_VERSION });
    expect(row?.consentedAt).toBeInstanceOf(Date);
    expect(row?.withdrawnAt).toBeNull();

    // A second topic while the address still waits sends nothing more.
    const second = await http.put(
      '/api/email-preferences/topics',
      { lang: 'en', topic: '13secrets', subscribed: true },
      { token: me.token },
    );
    expect(second.body.confirmation_sent).toBe(false);
    await confirmationLinkTo(me.email);
    const letters = await mailTo(me.email, 1);
    const confirmations = letters.filter((mail) => confirmLink(mail.text));
    expect(confirmations).toHaveLength(1);
    // Nothing but the confirmation (and the account's own verification) reached the address.
    expect(letters.every((mail) => !mail.mail.headerLines.some((line) => line.key === 'list-unsubscribe'))).toBe(true);

    // Until confirmed, the topic's letters may not go to the address.
    expect(await ctx.app.emailTopics.allows(me.id, 'product_news', 'en')).toBe(false);
    expect((await ctx.app.emailTopics.recipients('product_news', 'en')).map((r) => r.userId)).not.toContain(me.id);

    const confirmed = await ctx.app.inject({ method: 'GET', url: confirmLink(confirmations[0]?.text ?? '') });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/en/account/email-preferences?confirmed=1');
    const after = await http.get('/api/email-preferences', { token: me.token });
    const english = after.body.data.lists.find((l: { lang: string }) => l.lang === 'en');
    expect(english.address).toBe('confirmed');
    expect(await ctx.app.emailTopics.allows(me.id, 'product_news', 'en')).toBe(true);
    expect(await ctx.app.emailTopics.allows(me.id, 'product_news', 'de')).toBe(false);
    expect(await ctx.app.emailTopics.allows(me.id, 'daily_reading', 'en')).toBe(false);
    expect((await ctx.app.emailTopics.recipients('product_news', 'en')).map((r) => r.userId)).toContain(me.id);
    // A language list has no welcome letter of its own: its topics' letters are its letters.
    expect((await mailTo(me.email)).length).toBe(letters.length);

    // Off: withdrawn with its time, the version of the consent that was given kept.
    const off = await http.put(
      '/api/email-preferences/topics',
      { lang: 'en', topic: 'product_news', subscribed: false },
      { token: me.token },
    );
    expect(topic(off.body.data, 'product_news')).toMatchObject({ subscribed: false });
    const [withdrawn] = await ctx.database.db
      .select()
      .from(emailTopicConsents)
      .where(and(eq(emailTopicConsents.userId, me.id), eq(emailTopicConsents.topic, 'product_news')));
    expect(withdrawn?.withdrawnAt).toBeInstanceOf(Date);
    expect(withdrawn?.consentVersion).toBe(MAILING_CONSENT_VERSION);
    expect(await ctx.app.emailTopics.allows(me.id, 'product_news', 'en')).toBe(false);
    // Turning a topic on again on a confirmed list sends nothing.
    const again = await http.put(
      '/api/email-preferences/topics',
      { lang: 'en', topic: 'product_news', subscribed: true },
      { token: me.token },
    );
    expect(again.body.confirmation_sent).toBe(false);
  });

  it('sends the daily reminder email only once the daily reading topic is on and the address confirmed', async () => {
    const me = await account({ lang: 'en' });
    await http.put(
      '/api/reminders',
      { email: true, push: false, daily: true, returns: false, local_time: '08:00', time_zone: 'UTC' },
      { token: me.token },
    );
    // Turning the email on is consent to the daily reading topic, recorded with its version.
    const state = await http.get('/api/email-preferences', { token: me.token });
    const english = state.body.data.lists.find((l: { lang: string }) => l.lang === 'en');
    expect(topic(english, 'daily_reading')).toMatchObject({
      subscribed: true,
      consent_version: MAILING_CONSENT_VERSION,
    });
    expect(english.address).toBe('pending');

    const at = new Date();
    at.setUTCHours(9, 0, 0, 0);
    await ctx.app.reminders.runDue(at);
    const mine = async () =>
      (await ctx.database.db.select().from(reminderSends).where(eq(reminderSends.userId, me.id))).filter(
        (s) => s.channel === 'email',
      );
    expect(await mine()).toHaveLength(0);

    const link = await confirmationLinkTo(me.email);
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(302);
    await ctx.app.reminders.runDue(at);
    expect(await mine()).toHaveLength(1);

    // The topic off: no reminder email the next day, though the reminder's email switch is still on.
    await http.put(
      '/api/email-preferences/topics',
      { lang: 'en', topic: 'daily_reading', subscribed: false },
      { token: me.token },
    );
    await ctx.app.reminders.runDue(new Date(at.getTime() + 24 * 3_600_000));
    expect(await mine()).toHaveLength(1);
  });

  it('withdraws every topic of a list when its address leaves by the one-click link', async () => {
    const me = await account({ lang: 'ru' });
    await http.put(
      '/api/email-preferences/topics',
      { lang: 'ru', topic: '13secrets', subscribed: true },
      { token: me.token },
    );
    await ctx.app.inject({ method: 'GET', url: await confirmationLinkTo(me.email) });
    const [row] = await ctx.database.db
      .select()
      .from(mailingSubscriptions)
      .where(
        and(
          sql`lower(${mailingSubscriptions.email}) = lower(${me.email})`,
          eq(mailingSubscriptions.interest, 'list-12'),
        ),
      );
    expect(await ctx.app.emailTopics.allows(me.id, '13secrets', 'ru')).toBe(true);
    const unsubscribe = ctx.app.inject({
      method: 'POST',
      url: ctx.app.mailing.unsubscribeUrl(row?.id ?? 0).replace('https://hunab.example', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect((await unsubscribe).statusCode).toBe(200);
    const after = await http.get('/api/email-preferences', { token: me.token });
    const russian = after.body.data.lists.find((l: { lang: string }) => l.lang === 'ru');
    expect(russian.address).toBe('none');
    expect(topic(russian, '13secrets')?.subscribed).toBe(false);
    expect(await ctx.app.emailTopics.allows(me.id, '13secrets', 'ru')).toBe(false);
  });

  it('belongs to its owner: another user sees their own, a guest is refused, bad input is refused', async () => {
    const me = await account({ lang: 'en' });
    const other = await account({ lang: 'en' });
    await http.put(
      '/api/email-preferences/topics',
      { lang: 'de', topic: 'product_news', subscribed: true },
      { token: me.token },
    );
    const theirs = await http.get('/api/email-preferences', { token: other.token });
    const german = theirs.body.data.lists.find((l: { lang: string }) => l.lang === 'de');
    expect(topic(german, 'product_news')?.subscribed).toBe(false);

    const guest = await http.get('/api/email-preferences');
    expect(guest.status).toBe(401);
    expect(guest.body.success).toBe(false);
    const guestPut = await http.put('/api/email-preferences/topics', {
      lang: 'en',
      topic: 'product_news',
      subscribed: true,
    });
    expect(guestPut.status).toBe(401);

    for (const body of [
      { lang: 'fr', topic: 'product_news', subscribed: true },
      { lang: 'en', topic: 'spam', subscribed: true },
      { lang: 'en', topic: 'product_news', subscribed: 'yes' },
      { lang: 'en', topic: 'product_news' },
      { lang: 'en', topic: 'product_news', subscribed: true, user_id: other.id },
    ]) {
      const reply = await http.put('/api/email-preferences/topics', body, { token: me.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    }
    const rows = await ctx.database.db.select().from(emailTopicConsents).where(eq(emailTopicConsents.userId, other.id));
    expect(rows).toHaveLength(0);
  });
});
