import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, newEmail, registration } from './helpers/http.ts';
import { linkToken, useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const METRICS = 'a metrics token for the sign-in tests';
const ctx = useTestApp(() => ({ smtpUrl: smtp.url, metricsToken: METRICS }));
const http = client(() => ctx.app);
const DAY = 86_400_000;

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const reply = await http.post('/api/auth/register', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { ...body, token: reply.body.token as string, user: reply.body.user };
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and offers email verification', async () => {
    const body = registration({ username: 'Anya', lang: 'ru', birth_date: '1990-02-28' });
    const reply = await http.post('/api/auth/register', body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Registration successful',
      data: { requiresEmailVerification: false },
      user: {
        email: body.email,
        username: 'Anya',
        name: 'Anya',
        display_name: 'Anya',
        firstName: 'Anya',
        is_admin: false,
        lang: 'ru',
        theme_preference: 'dark',
        birth_date: '1990-02-28',
        email_verified: false,
        badges: [],
      },
    });
    expect(reply.body.token.split('.')).toHaveLength(3);
    expect(reply.body.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(reply.body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(reply.body)).not.toContain('argon2');
    const email = await smtp.waitFor(body.email);
    expect(email.subject).toBe('Подтвердите email для Hunab');
  });

  it('answers 409 EMAIL_EXISTS for an address already used, whatever its case', async () => {
    const { email } = await register();
    const again = await http.post('/api/auth/register', registration({ email: email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: { code: 'EMAIL_EXISTS', message: 'Email already exists' } });
  });

  it('lets only one of two simultaneous registrations of one address through', async () => {
    const body = registration();
    const replies = await Promise.all([http.post('/api/auth/register', body), http.post('/api/auth/register', body)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it.each([
    [{ email: 'not-an-email' }, /valid email/],
    [{ email: 'a@b' }, /at least 5|valid email/],
    [{ email: 'someone@localhost' }, /valid email/],
    [{ email: `${'a'.repeat(250)}@example.com` }, /at most 254/],
    [{ password: '12345' }, /at least 6 characters/],
    [{ birth_date: '2999-01-01' }, /future/],
    [{ birth_date: '2024-01-01' }, /Age must be between 6 and 120/],
    [{ birth_date: '1890-01-01' }, /Age must be between 6 and 120/],
    [{ birth_date: '1990-02-30' }, /does not exist/],
    [{ lang: 'fr' }, /Unsupported language/],
    [{ registration_source: 'fax' }, /registration_source/],
    [{ extra: true }, /extra|Unrecognized/i],
  ])('refuses %j with a clear 400', async (overrides, message) => {
    const reply = await http.post('/api/auth/register', registration(overrides));
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.error.message).toMatch(message);
  });

  it('refuses a registration without email or password with the spec messages', async () => {
    const { email: _e, ...noEmail } = registration();
    const { password: _p, ...noPassword } = registration();
    expect((await http.post('/api/auth/register', noEmail)).body.error.message).toMatch(/Email is required/);
    expect((await http.post('/api/auth/register', noPassword)).body.error.message).toMatch(/Password is required/);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const { email, password, user } = await register();
    const reply = await http.post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, user: { id: user.id, email } });
    expect(reply.body.token.split('.')).toHaveLength(3);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const { email } = await register();
    const ip = newAddress();
    const wrong = await http.post('/api/auth/login', { email, password: 'wrong password' }, { ip });
    const unknown = await http.post('/api/auth/login', { email: newEmail('nobody'), password: 'whatever1' }, { ip });
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({
        success: false,
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
      });
    }
  });

  // The time itself is measured in bench/auth.mjs: on a busy machine a clock in a test says more about the machine.
  it('verifies an argon2id hash for an unknown email, as for a wrong password', async () => {
    const { email } = await register();
    const verified = async () => {
      const reply = await ctx.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${METRICS}` } });
      return Number(/^hunab_password_verifications_total (\d+)$/m.exec(reply.body)?.[1]);
    };
    const cost = async (body: object) => {
      const before = await verified();
      expect((await http.post('/api/auth/login', body, { ip: newAddress() })).status).toBe(401);
      return (await verified()) - before;
    };
    expect(await cost({ email, password: 'wrong password' })).toBe(1);
    expect(await cost({ email: newEmail('ghost'), password: 'wrong password' })).toBe(1);
  });

  it('requires email and password with the spec messages', async () => {
    expect((await http.post('/api/auth/login', { password: 'x' })).body.error.message).toMatch(/Email is required/);
    expect((await http.post('/api/auth/login', { email: 'a@example.com' })).body.error.message).toMatch(
      /Password is required/,
    );
    expect((await http.post('/api/auth/login', { email: '', password: '' })).status).toBe(400);
  });

  it('throttles the 11th failure on one account from one address within 15 minutes, with a retry time', async () => {
    const { email, password } = await register();
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      const reply = await http.post('/api/auth/login', { email, password: `nope-${i}` }, { ip });
      expect(reply.status).toBe(401);
    }
    const blocked = await http.post('/api/auth/login', { email, password }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.body.error.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ min/);
    expect(blocked.body.error.retryAfter).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBe(blocked.body.error.retryAfter);
    expect((await http.post('/api/auth/login', { email, password }, { ip: newAddress() })).status).toBe(200);

    ctx.clock.offsetMs += 16 * 60_000;
    const later = await http.post('/api/auth/login', { email, password }, { ip });
    expect(later.status).toBe(200);
  });

  it('throttles one address trying many accounts', async () => {
    const ip = newAddress();
    for (let i = 0; i < 30; i++) {
      expect(
        (await http.post('/api/auth/login', { email: newEmail('spray'), password: 'guess123' }, { ip })).status,
      ).toBe(401);
    }
    const { email, password } = await register();
    expect((await http.post('/api/auth/login', { email, password }, { ip })).status).toBe(429);
    expect((await http.post('/api/auth/login', { email, password }, { ip: newAddress() })).status).toBe(200);
  });
});

describe('GET /api/auth/me and the session token', () => {
  it('answers the user for a valid token, also with the _t cache-buster', async () => {
    const { token, user } = await register();
    for (const url of ['/api/auth/me', `/api/auth/me?_t=${Date.now()}`]) {
      const reply = await http.get(url, { token });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, authenticated: true, user: { id: user.id } });
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 401 for a missing, malformed or tampered token', async () => {
    const { token } = await register();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${signature}`;
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const bad of [null, 'undefined', 'null', 'abc', forged, noneAlg, `${token}x`]) {
      const reply = await http.get('/api/auth/me', { token: bad });
      expect(reply.status, String(bad)).toBe(401);
      expect(reply.body).toMatchObject({ success: false, authenticated: false, error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('expires a token after 30 days', async () => {
    const { token } = await register();
    const claims = decodeJwt(token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 86_400);
    ctx.clock.offsetMs += 29 * DAY;
    expect((await http.get('/api/auth/me', { token })).status).toBe(200);
    ctx.clock.offsetMs += 2 * DAY;
    expect((await http.get('/api/auth/me', { token })).status).toBe(401);
  });

  it('does not accept a token signed with another secret', async () => {
    const { SignJWT } = await import('jose');
    const { user } = await register();
    const other = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti('x')
      .setIssuer('hunab')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-1234'));
    expect((await http.get('/api/auth/me', { token: other })).status).toBe(401);
    const otherAlgorithm = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setJti('y')
      .setIssuer('hunab')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(ctx.config.jwtSecret);
    expect((await http.get('/api/auth/me', { token: otherAlgorithm })).status).toBe(401);
  });

  it('signs out the current token only', async () => {
    const { email, password, token } = await register();
    const second = (await http.post('/api/auth/login', { email, password })).body.token as string;
    const out = await http.post('/api/auth/logout', {}, { token });
    expect(out.body).toEqual({ success: true, message: 'Signed out' });
    expect((await http.get('/api/auth/me', { token })).status).toBe(401);
    expect((await http.get('/api/auth/me', { token: second })).status).toBe(200);
    expect((await http.post('/api/auth/logout', {}, { token })).status).toBe(401);
  });
});

describe('email verification', () => {
  it('verifies the address from the emailed link, once', async () => {
    const { email, token } = await register({ lang: 'es' });
    const message = await smtp.waitFor(email);
    expect(message.subject).toMatch(/Hunab/);
    expect(message.text).toContain('http://hunab.test/es/verify-email?token=');
    expect(message.html).toContain('dir="ltr"');
    const link = linkToken(message.text);
    const verified = await http.get(`/api/auth/verify-email/${link}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: 'Email verified', user: { email_verified: true } });
    expect((await http.get('/api/auth/me', { token })).body.user.email_verified).toBe(true);
    const again = await http.get(`/api/auth/verify-email/${link}`);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
  });

  it('refuses a verification link after 48 hours', async () => {
    const { email } = await register();
    const link = linkToken((await smtp.waitFor(email)).text);
    ctx.clock.offsetMs += 49 * 3_600_000;
    const reply = await http.get(`/api/auth/verify-email/${link}`);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/invalid or has expired/);
  });

  it('refuses an unknown or malformed token', async () => {
    expect((await http.get(`/api/auth/verify-email/${'A'.repeat(43)}`)).status).toBe(400);
    expect((await http.get('/api/auth/verify-email/short')).status).toBe(400);
    expect((await http.get('/api/auth/verify-email/%3Cscript%3E')).status).toBe(400);
  });

  it('writes in the language of the user: Arabic right to left', async () => {
    const { email } = await register({ lang: 'ar' });
    const message = await smtp.waitFor(email);
    expect(message.html).toContain('dir="rtl"');
    expect(message.text).toContain('/ar/verify-email?token=');
  });
});

describe('password reset', () => {
  it('answers 200 for an unknown address and sends nothing', async () => {
    const email = newEmail('unknown');
    const reply = await http.post('/api/auth/reset-password', { email });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    await ctx.app.mailer.flush();
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });

  it('sets a new password from the emailed link, signs in, and ends the older sessions', async () => {
    const { email, password, token: oldToken } = await register({ lang: 'de' });
    const requested = await http.post('/api/auth/reset-password', { email });
    expect(requested.body.message).toMatch(/If an account exists/);
    const message = await smtp.waitFor(email, /Passwort|password/i);
    const link = linkToken(message.text);
    const confirmed = await http.post('/api/auth/reset-password/confirm', { token: link, password: 'a brand new one' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, user: { email } });
    expect((await http.get('/api/auth/me', { token: confirmed.body.token })).status).toBe(200);
    expect((await http.get('/api/auth/me', { token: oldToken })).status).toBe(401);
    expect((await http.post('/api/auth/login', { email, password })).status).toBe(401);
    expect((await http.post('/api/auth/login', { email, password: 'a brand new one' })).status).toBe(200);
    const reuse = await http.post('/api/auth/reset-password/confirm', { token: link, password: 'yet another' });
    expect(reuse.status).toBe(400);
  });

  it('expires the reset link after an hour', async () => {
    const { email } = await register();
    await http.post('/api/auth/reset-password', { email });
    const link = linkToken((await smtp.waitFor(email, /reset/i)).text);
    ctx.clock.offsetMs += 61 * 60_000;
    const reply = await http.post('/api/auth/reset-password/confirm', { token: link, password: 'too late now' });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('INVALID_TOKEN');
  });

  it('refuses a short new password', async () => {
    const reply = await http.post('/api/auth/reset-password/confirm', { token: 'A'.repeat(43), password: '123' });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/at least 6/);
  });
});

describe('POST /api/auth/email', () => {
  it('moves the account to a new email only when the link sent there is opened, and tells the old one', async () => {
    const { email, password, token } = await register();
    const next = newEmail('moved');
    const reply = await http.post('/api/auth/email', { email: next, password }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ email });
    const confirmation = await smtp.waitFor(next);
    const notice = await smtp.waitFor(email, /requested/);
    expect(notice.text).toContain(next);
    // Until the link is opened, the account keeps its address.
    expect((await http.get('/api/auth/me', { token: reply.body.token })).body.user.email).toBe(email);
    expect((await http.post('/api/auth/login', { email: next, password })).status).toBe(401);
    const opened = await http.get(`/api/auth/verify-email/${linkToken(confirmation.text)}`);
    expect(opened.body.user).toMatchObject({ email: next, email_verified: true });
    expect((await smtp.waitFor(email, /was changed/)).text).toContain(next);
    expect((await http.get('/api/auth/me', { token: reply.body.token })).body.user.email).toBe(next);
    expect((await http.post('/api/auth/login', { email: next, password })).status).toBe(200);
    expect((await http.post('/api/auth/login', { email, password })).status).toBe(401);
    expect((await http.get(`/api/auth/verify-email/${linkToken(confirmation.text)}`)).status).toBe(400);
  });

  it('does not move the account to an address someone else took before the link was opened', async () => {
    const { password, token } = await register();
    const next = newEmail('contested');
    expect((await http.post('/api/auth/email', { email: next, password }, { token })).status).toBe(200);
    const confirmation = await smtp.waitFor(next);
    await register({ email: next });
    const opened = await http.get(`/api/auth/verify-email/${linkToken(confirmation.text)}`);
    expect(opened.status).toBe(409);
    expect(opened.body.error.code).toBe('EMAIL_EXISTS');
  });

  it('refuses a wrong password, a taken address and a guest', async () => {
    const { password, token } = await register();
    const other = await register();
    expect((await http.post('/api/auth/email', { email: newEmail(), password: 'wrong one' }, { token })).status).toBe(
      403,
    );
    const taken = await http.post('/api/auth/email', { email: other.email, password }, { token });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('EMAIL_EXISTS');
    expect((await http.post('/api/auth/email', { email: newEmail(), password })).status).toBe(401);
  });
});
