import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailingSubscriptions, outboxEmails, users } from '../src/db/schema.ts';
import { newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, newEmail } from './helpers/http.ts';
import { useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const ctx = useTestApp(() => ({ smtpUrl: smtp.url, publicUrl: 'https://hunab.example' }));
const api = client(() => ctx.app);

/** The path and query of the first link to this app in an email's text. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https://hunab\\.example(${path}\\?token=[\\w.-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

/**
 * Whether the address is on the list, as its owner would hear it: the check call answers only the signed-in owner of
 * an address (anyone else hears "not subscribed"), and these addresses have no account, so the list is read directly.
 */
const check = async (email: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(mailingSubscriptions)
    .where(sql`lower(${mailingSubscriptions.email}) = lower(${email})`);
  return { body: { subscribed: Boolean(row?.confirmedAt && !row.unsubscribedAt) } };
};

describe('the 13 secrets list with double opt-in', () => {
  it('sends only a confirmation until the address is confirmed, then the letters with a one-click unsubscribe', async () => {
    const email = newEmail('secrets');
    const joined = await api.post(
      '/api/subscriptions/subscribe',
      { email, interest: '13secrets', lang: 'en' },
      { ip: newAddress() },
    );
    expect(joined.body).toMatchObject({ success: true, subscribed: false });
    const confirmation = await smtp.waitFor(email, /Confirm your subscription/);
    expect(confirmation.mail.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
    expect((await check(email)).body.subscribed).toBe(false);

    // Asking again while the link still works sends nothing more: one waiting confirmation per address and list.
    await api.post('/api/subscriptions/subscribe', { email, interest: '13secrets', lang: 'en' }, { ip: newAddress() });
    await ctx.app.mailer.flush();
    const toAddress = () => smtp.received.filter((mail) => mail.to.includes(email));
    expect(toAddress().map((mail) => mail.subject)).toEqual([confirmation.subject]);

    const confirmed = await ctx.app.inject({
      method: 'GET',
      url: linkIn(confirmation.text, '/api/subscriptions/confirm'),
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/en/13secrets?confirmed=1');
    expect((await check(email)).body.subscribed).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(mailingSubscriptions)
      .where(sql`lower(${mailingSubscriptions.email}) = lower(${email})`);
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(row?.consentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The first letter carries List-Unsubscribe with the one-click POST of RFC 8058.
    const letter = await smtp.waitFor(email, /first secret/);
    // The raw header lines, as a mail client reads them (mailparser folds List-* headers into a structure).
    const raw = (key: string) =>
      letter.mail.headerLines
        .find((line) => line.key === key)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    const header = String(raw('list-unsubscribe'));
    expect(header).toMatch(/^<https:\/\/hunab\.example\/api\/subscriptions\/unsubscribe\?token=[\w.-]+>$/);
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = header.slice('<https://hunab.example'.length, -1);

    // A GET (a link scanner) unsubscribes nobody; the mail client's one-click POST does, without signing in.
    const looked = await ctx.app.inject({ method: 'GET', url: unsubscribe });
    expect(looked.statusCode).toBe(200);
    expect((await check(email)).body.subscribed).toBe(true);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ success: true });
    expect((await check(email)).body.subscribed).toBe(false);
    // Twice is harmless.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: unsubscribe,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('takes the one-click POST as multipart/form-data (RFC 8058), and a letter sent again keeps its headers', async () => {
    const email = newEmail('multipart');
    await api.post('/api/subscriptions/subscribe', { email, interest: '13secrets', lang: 'en' }, { ip: newAddress() });
    const confirmation = await smtp.waitFor(email, /Confirm your subscription/);
    await ctx.app.inject({ method: 'GET', url: linkIn(confirmation.text, '/api/subscriptions/confirm') });
    const letter = await smtp.waitFor(email, /first secret/);
    const listHeader = (mail: typeof letter) =>
      mail.mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line.replace(/\r?\n\s+/g, '');
    const original = listHeader(letter);
    expect(original).toMatch(/unsubscribe\?token=/);

    // An administrator sends the letter again: it goes with the same List-Unsubscribe and its one-click POST.
    // (The mailer marks the letter sent just after the SMTP server has it: let it finish first.)
    await ctx.app.mailer.flush();
    const [row] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.subject, letter.subject), eq(outboxEmails.toAddress, email)));
    if (!row) throw new Error('the letter is not in the outbox');
    await ctx.database.db.update(outboxEmails).set({ status: 'failed' }).where(eq(outboxEmails.id, row.id));
    const boss = await newAccount(api, {}, { ip: newAddress() });
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
    const retried = await api.post('/api/admin/stats/email/retry', { ids: [row.id] }, { token: boss.token });
    expect(retried.body).toEqual({ success: true, retried: 1 });
    await ctx.app.mailer.flush();
    const copies = smtp.received.filter((mail) => mail.to.includes(email) && mail.subject === letter.subject);
    expect(copies).toHaveLength(2);
    expect(listHeader(copies[1] as typeof letter)).toBe(original);
    expect(copies[1]?.mail.headerLines.some((line) => line.key === 'list-unsubscribe-post')).toBe(true);

    // The mail client's one-click POST in multipart/form-data unsubscribes.
    const url = String(original)
      .replace(/^[^<]*<https:\/\/hunab\.example/, '')
      .replace(/>$/, '');
    const boundary = '----hunab-boundary-7MA4YWxk';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await check(email)).body.subscribed).toBe(false);
  });

  it('refuses forged, swapped and expired links in the envelope', async () => {
    const email = newEmail('forged');
    await api.post('/api/subscriptions/subscribe', { email, interest: '13secrets', lang: 'ru' }, { ip: newAddress() });
    const link = linkIn((await smtp.waitFor(email)).text, '/api/subscriptions/confirm');
    const token = new URLSearchParams(link.split('?')[1]).get('token') ?? '';
    const [id] = token.split('.');
    for (const bad of [
      `${token.slice(0, -2)}AA`,
      token.replace(/^\d+/, String(Number(id) + 1)),
      token.replace('.confirm.', '.unsubscribe.'),
      'nonsense',
    ]) {
      const reply = await api.get(`/api/subscriptions/confirm?token=${encodeURIComponent(bad)}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error: { code: 'INVALID_TOKEN' } });
      const post = await api.post(`/api/subscriptions/unsubscribe?token=${encodeURIComponent(bad)}`, {});
      expect(post.status).toBe(400);
    }
    try {
      ctx.clock.offsetMs = 73 * 3_600_000;
      const late = await api.get(link);
      expect(late.body).toMatchObject({ success: false, error: { code: 'INVALID_TOKEN' } });
    } finally {
      ctx.clock.offsetMs = 0;
    }
    const [row] = await ctx.database.db
      .select()
      .from(mailingSubscriptions)
      .where(eq(mailingSubscriptions.email, email));
    expect(row?.confirmedAt).toBeNull();
  });
});

describe('a list letter in the reader’s language', () => {
  it('ends an Arabic letter with the reason and the unsubscribe link in Arabic, with no English left', async () => {
    const email = newEmail('secrets-ar');
    await api.post('/api/subscriptions/subscribe', { email, interest: '13secrets', lang: 'ar' }, { ip: newAddress() });
    const confirmation = await smtp.waitFor(email, /أكّد اشتراكك/);
    await ctx.app.inject({ method: 'GET', url: linkIn(confirmation.text, '/api/subscriptions/confirm') });
    const letter = await smtp.waitFor(email, /السر الأول/);
    expect(letter.text).toContain('تصلك هذه الرسالة لأنك اشتركت في إحدى قوائم Hunab البريدية.');
    expect(letter.text).toMatch(/إلغاء الاشتراك: https:\/\/hunab\.example\/api\/subscriptions\/unsubscribe\?token=/);
    expect(letter.html).toContain('>إلغاء الاشتراك</a>');
    expect(letter.text).not.toMatch(/Unsubscribe/);

    // The page the link opens, and the one after the button, speak Arabic alone, right to left.
    const path = linkIn(letter.text, '/api/subscriptions/unsubscribe');
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('هل تريد إلغاء الاشتراك في قائمة Hunab هذه؟');
    expect(page.body).not.toMatch(/>Unsubscribe|Отписаться/);
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.body).toContain('تم إلغاء الاشتراك');
    expect(done.body).not.toMatch(/Unsubscribed|Вы отписаны/);
  });
});
