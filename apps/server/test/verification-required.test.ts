import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { client, registration } from './helpers/http.ts';
import { linkToken, useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const ctx = useTestApp(() => ({ smtpUrl: smtp.url, requireEmailVerification: true }));
const http = client(() => ctx.app);

describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('registers without a session and asks to verify the email first', async () => {
    const body = registration();
    const reply = await http.post('/api/auth/register', body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, token: null, data: { requiresEmailVerification: true } });
    expect(reply.body.message).toMatch(/confirm your email/);

    const refused = await http.post('/api/auth/login', { email: body.email, password: body.password });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const link = linkToken((await smtp.waitFor(body.email)).text);
    expect((await http.get(`/api/auth/verify-email/${link}`)).status).toBe(200);
    const login = await http.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body.user.email_verified).toBe(true);
  });

  it('sends the link again on request, answering the same for any address', async () => {
    const body = registration();
    await http.post('/api/auth/register', body);
    await smtp.waitFor(body.email);
    const resend = await http.post('/api/auth/verify-email/resend', { email: body.email });
    expect(resend.status).toBe(200);
    await ctx.app.mailer.flush();
    expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(2);
    expect((await http.post('/api/auth/verify-email/resend', { email: 'nobody@example.com' })).status).toBe(200);
  });

  it('counts a reset as proof of the inbox', async () => {
    const body = registration();
    await http.post('/api/auth/register', body);
    await http.post('/api/auth/reset-password', { email: body.email });
    const link = linkToken((await smtp.waitFor(body.email, /reset|password/i)).text);
    const reset = await http.post('/api/auth/reset-password/confirm', { token: link, password: 'fresh password' });
    expect(reset.body.user.email_verified).toBe(true);
    expect((await http.post('/api/auth/login', { email: body.email, password: 'fresh password' })).status).toBe(200);
  });
});
