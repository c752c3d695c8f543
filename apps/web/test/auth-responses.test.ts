import { describe, expect, it } from 'vitest';
import { describeAuthError } from '../src/features/auth/errors.ts';
import {
  InvalidResponseError,
  isSessionToken,
  parseRegisterReply,
  parseTokenReply,
} from '../src/features/auth/responses.ts';
import { ApiRequestError } from '../src/lib/api-error.ts';
import { CircuitOpenError } from '../src/lib/circuit-breaker.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const USER = { id: 'u1', email: 'luna@example.com' };

describe('token replies (login, reset)', () => {
  it('need success, a well-formed token and a user', () => {
    expect(parseTokenReply({ success: true, token: TOKEN, user: USER })).toEqual({ token: TOKEN, user: USER });
    for (const reply of [
      null,
      'oops',
      { token: TOKEN, user: USER },
      { success: true, user: USER },
      { success: true, token: TOKEN },
      { success: true, token: 'a.b', user: USER },
      { success: true, token: 'undefined.x.y', user: USER },
      { success: true, token: TOKEN, user: { id: 'u1' } },
    ]) {
      expect(() => parseTokenReply(reply), JSON.stringify(reply)).toThrow('Server returned unexpected format');
    }
  });

  it('checks token shape', () => {
    expect(isSessionToken(TOKEN)).toBe(true);
    expect(isSessionToken('a..b')).toBe(false);
    expect(isSessionToken('a.null.b')).toBe(false);
    expect(isSessionToken(42)).toBe(false);
  });
});

describe('registration replies', () => {
  it('sign in when the reply has a token and a user', () => {
    expect(
      parseRegisterReply({ success: true, token: TOKEN, user: USER, data: { requiresEmailVerification: false } }),
    ).toEqual({
      kind: 'signedIn',
      message: null,
      token: TOKEN,
      user: USER,
    });
  });

  it('ask for email confirmation when the server requires it, even without a token', () => {
    expect(
      parseRegisterReply({
        success: true,
        message: 'Check your email',
        token: null,
        data: { requiresEmailVerification: true },
      }),
    ).toEqual({ kind: 'verifyEmail', message: 'Check your email' });
    expect(parseRegisterReply({ id: 7, data: { requiresEmailVerification: true } }).kind).toBe('verifyEmail');
  });

  it('fail with the spec wording when nothing says success', () => {
    for (const reply of [null, {}, { success: false }, { success: true }, { id: 3 }, { message: 'hi' }]) {
      expect(() => parseRegisterReply(reply), JSON.stringify(reply)).toThrow(
        'Registration failed with unexpected response format',
      );
    }
  });
});

const apiError = (status: number, code: string, message = 'server words', extra: Record<string, unknown> = {}) =>
  new ApiRequestError(status, code, message, { success: false, error: { code, message, ...extra } });
const network = new ApiRequestError(0, 'network_error', 'Network error. Please check your connection.');
const timeout = new ApiRequestError(0, 'request_timeout', 'Request timed out. Please try again.');

describe('describeAuthError', () => {
  it('login: 401, network, timeout, 429 with the wait, unverified email, others', () => {
    expect(describeAuthError(apiError(401, 'INVALID_CREDENTIALS'), 'login')).toEqual({
      kind: 'unauthorized',
      code: 'INVALID_CREDENTIALS',
      key: 'errors.login.unauthorized',
    });
    expect(
      describeAuthError(new ApiRequestError(401, 'HTTP_401', 'Request failed with status code 401'), 'login').kind,
    ).toBe('unauthorized');
    expect(describeAuthError(network, 'login').key).toBe('errors.networkError');
    expect(describeAuthError(timeout, 'login').key).toBe('errors.login.timeout');
    expect(describeAuthError(apiError(429, 'TOO_MANY_ATTEMPTS', 'wait', { retryAfter: 125 }), 'login')).toEqual({
      kind: 'tooManyAttempts',
      key: 'errors.login.tooManyAttempts',
      values: { count: 3 },
    });
    expect(describeAuthError(apiError(429, 'RATE_LIMITED', 'Slow down'), 'login').message).toBe('Slow down');
    expect(describeAuthError(apiError(403, 'EMAIL_NOT_VERIFIED'), 'login').kind).toBe('emailNotVerified');
    expect(describeAuthError(apiError(400, 'VALIDATION_ERROR', 'body.email: too long'), 'login')).toEqual({
      kind: 'other',
      code: 'VALIDATION_ERROR',
      key: 'errors.login.failed',
      message: 'body.email: too long',
    });
    expect(describeAuthError(apiError(500, 'INTERNAL_ERROR'), 'login')).toEqual({
      kind: 'authError',
      code: 'AUTH_ERROR',
      key: 'errors.login.authError',
    });
    expect(describeAuthError(new InvalidResponseError('x'), 'login').key).toBe('errors.invalidResponse');
    expect(describeAuthError(new CircuitOpenError('auth'), 'login').key).toBe('errors.circuitOpen');
    expect(describeAuthError(new TypeError('boom'), 'login').key).toBe('errors.login.authError');
  });

  it('register: 409 is the existing email, timeouts are network errors, else the server words', () => {
    expect(describeAuthError(apiError(409, 'EMAIL_EXISTS'), 'register')).toEqual({
      kind: 'emailExists',
      code: 'EMAIL_EXISTS',
      key: 'errors.register.emailExists',
    });
    expect(describeAuthError(timeout, 'register').key).toBe('errors.networkError');
    expect(
      describeAuthError(apiError(400, 'INVALID_BIRTH_DATE', 'Birth date cannot be in the future'), 'register').message,
    ).toBe('Birth date cannot be in the future');
    expect(describeAuthError(new InvalidResponseError('x'), 'register').key).toBe('errors.register.invalidResponse');
  });

  it('reset: a bad or malformed token is told apart from other failures', () => {
    expect(describeAuthError(apiError(400, 'INVALID_TOKEN'), 'reset')).toEqual({
      kind: 'invalidToken',
      key: 'errors.reset.invalidToken',
    });
    expect(
      describeAuthError(apiError(400, 'VALIDATION_ERROR', 'body.token: The link is not valid'), 'reset').kind,
    ).toBe('invalidToken');
    expect(describeAuthError(apiError(500, 'INTERNAL_ERROR'), 'reset')).toEqual({
      kind: 'other',
      key: 'errors.reset.failed',
    });
    expect(describeAuthError(network, 'reset')).toEqual({
      kind: 'network',
      key: 'errors.reset.failed',
      detailKey: 'errors.networkError',
    });
  });

  it('verify and forgot use their own wording', () => {
    expect(
      describeAuthError(apiError(400, 'VALIDATION_ERROR', 'params.token: The link is not valid'), 'verify').key,
    ).toBe('errors.verify.invalidToken');
    expect(describeAuthError(apiError(400, 'VALIDATION_ERROR', 'body.email: bad'), 'forgot')).toEqual({
      kind: 'other',
      key: 'errors.forgot.failed',
    });
    expect(describeAuthError(network, 'forgot').key).toBe('errors.forgot.failed');
  });
});
