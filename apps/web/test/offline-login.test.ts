// Offline sign-in, the sign-in error codes, the offline user's writes and the connection test (spec 000 sections
// 3, 4.1, 5, 7 and 8), with the browser's storage and fetch replaced by in-memory ones.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './helpers/memory-storage.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { hostname: 'hunab.app', origin: 'https://hunab.app', href: 'https://hunab.app/login' },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const { api, ApiRequestError, forgetCachedToken, OFFLINE_SESSION_CODE } = await import('../src/lib/api.ts');
beforeEach(() => forgetCachedToken());
const { login } = await import('../src/features/auth/api.ts');
const { describeAuthError } = await import('../src/features/auth/errors.ts');
const { InvalidResponseError } = await import('../src/features/auth/responses.ts');
const { cachedSessionFor } = await import('../src/features/auth/offline.ts');
const { restoreSession, sessionStore } = await import('../src/features/auth/session.ts');
const { testConnection } = await import('../src/lib/connection.ts');

const storage = () => (window as unknown as { localStorage: Storage }).localStorage;

describe('offline sign-in', () => {
  it('signs anyone in as the offline user under the forced-offline flag, without the server', async () => {
    storage().setItem('force_offline', 'true');
    const { token, user } = await login('reader@example.com', 'secret1');
    expect(token.startsWith('offline-token-')).toBe(true);
    expect(user).toMatchObject({ id: 'offline-user', isOfflineUser: true, authMode: 'offline' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the forced-online flag win over the forced-offline one', async () => {
    storage().setItem('force_offline', 'true');
    storage().setItem('force_online', 'true');
    await expect(login('reader@example.com', 'secret1')).rejects.toMatchObject({ code: 'network_error' });
  });

  it('falls back to the offline user for the test account only when the server gives no answer', async () => {
    const offline = await login('test@hunab.local', 'secret1');
    expect(offline.user.id).toBe('offline-user');
    await expect(login('reader@example.com', 'secret1')).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('keeps the session kept on the device for the same email, and only for it', () => {
    storage().setItem('auth_token', 'aaa.bbb.ccc');
    storage().setItem('user', JSON.stringify({ id: 7, email: 'Reader@example.com' }));
    storage().setItem('user_email', 'reader@example.com');
    expect(cachedSessionFor('reader@example.com')?.token).toBe('aaa.bbb.ccc');
    expect(cachedSessionFor('other@example.com')).toBeNull();
  });

  it('restores an offline-token- session as the offline user without asking the server', async () => {
    storage().setItem('auth_token', 'offline-token-123');
    storage().setItem('user', JSON.stringify({ id: 'offline-user', email: 'test@hunab.local' }));
    await restoreSession();
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', user: { isOfflineUser: true } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the cached user when the session check fails on the network', async () => {
    storage().setItem('auth_token', 'aaa.bbb.ccc');
    storage().setItem('user', JSON.stringify({ id: 7, email: 'reader@example.com' }));
    await restoreSession();
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', user: { id: 7 } });
  });
});

describe('the offline user’s requests', () => {
  it('reads without a bearer token and refuses writes until a real sign-in', async () => {
    storage().setItem('auth_token', 'offline-token-1');
    fetchMock.mockImplementation(async () => new Response('{"ok":true}', { status: 200 }));
    await api('/calendar/kin/1');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    await expect(api('/cards', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: OFFLINE_SESSION_CODE,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in error codes', () => {
  it.each([
    [new ApiRequestError(0, 'request_timeout', 'x'), 'request_timeout', 'errors.login.timeout'],
    [new ApiRequestError(0, 'network_error', 'x'), 'network_error', 'errors.networkError'],
    [new ApiRequestError(401, 'INVALID_CREDENTIALS', 'x'), 'INVALID_CREDENTIALS', 'errors.login.unauthorized'],
    [new InvalidResponseError('Server returned unexpected format'), 'INVALID_RESPONSE', 'errors.invalidResponse'],
    [
      new ApiRequestError(500, 'HTTP_500', 'Request failed with status code 500'),
      'AUTH_ERROR',
      'errors.login.authError',
    ],
    [new TypeError('x is not a function'), 'AUTH_ERROR', 'errors.login.authError'],
  ])('%s is %s', (error, code, key) => {
    expect(describeAuthError(error, 'login')).toMatchObject({ code, key });
  });

  it.each([
    [new ApiRequestError(409, 'EMAIL_EXISTS', 'x'), 'EMAIL_EXISTS'],
    [new ApiRequestError(400, 'VALIDATION_ERROR', 'Password too short'), 'REGISTRATION_FAILED'],
    [new ApiRequestError(502, 'HTTP_502', 'Request failed with status code 502'), 'API_ERROR'],
    [new InvalidResponseError('x'), 'INVALID_RESPONSE'],
    [new TypeError('boom'), 'UNKNOWN_ERROR'],
  ])('registration: %s is %s', (error, code) => {
    expect(describeAuthError(error, 'register').code).toBe(code);
  });

  it('shows the server’s own message with its code', () => {
    const view = describeAuthError(new ApiRequestError(400, 'VALIDATION_ERROR', 'Email is required'), 'login');
    expect(view).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Email is required' });
  });
});

describe('the connection test', () => {
  type Answer = 'ok' | 'error' | 'unreachable';
  const probe = (answers: Record<string, Answer>) => async (path: string, method: 'GET' | 'HEAD') =>
    answers[`${method} ${path}`] ?? 'unreachable';

  it('is online when HEAD /health answers', async () => {
    expect(await testConnection(probe({ 'HEAD /health': 'ok' }))).toBe('online');
  });
  it('is offline when nothing answers', async () => {
    expect(await testConnection(probe({}))).toBe('offline');
  });
  it('tells a server in trouble from no connection: /status answers while /health fails', async () => {
    expect(await testConnection(probe({ 'HEAD /health': 'error', 'GET /status': 'ok', 'GET /health': 'error' }))).toBe(
      'server',
    );
  });
  it('follows the forced flags', async () => {
    storage().setItem('force_offline', 'true');
    expect(await testConnection(probe({ 'HEAD /health': 'ok' }))).toBe('offline');
    storage().setItem('force_online', 'true');
    expect(await testConnection(probe({}))).toBe('online');
  });
});
