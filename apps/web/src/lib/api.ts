import { OFFLINE_TOKEN_PREFIX } from '@hunab/contracts';
import { requestBase } from './api-base.ts';
import { ApiRequestError } from './api-error.ts';
import { noteNetworkFailure } from './connection.ts';
import { isNativePlatform, nativeRequestHeaders } from './platform.ts';
import { apiQueue } from './request-queue.ts';
import { LOCAL_KEYS, local } from './storage.ts';

export { API_BASE, requestBase } from './api-base.ts';
export { ApiRequestError } from './api-error.ts';

/** Timeouts of spec 000 section 9, in milliseconds. */
export const TIMEOUTS = {
  web: 30_000,
  /** The native shell's client (native-http.ts) waits this long. */
  mobile: 45_000,
  login: 10_000,
  register: 5_000,
  cards: 5_000,
  session: 3_000,
  short: 3_000,
  default: 15_000,
} as const;

/** `/api/x`, `api/x` and `/x` all become `/api/x`: a leading /api is stripped so it is never doubled. */
export function apiUrl(path: string): string {
  const clean = path.replace(/^\/?api(?=\/|$)/, '').replace(/^\/?/, '/');
  return `${requestBase()}${clean === '/' ? '' : clean}`;
}

/** A session of the offline user (spec 000 section 3): its token is the device's own and never goes to the server. */
export { OFFLINE_TOKEN_PREFIX };

/** A write refused because the session is the offline user's: it waits for a real sign-in. */
export const OFFLINE_SESSION_CODE = 'OFFLINE_SESSION';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  body?: unknown;
  timeoutMs?: number;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /** Send X-User-ID with the stored user's id, as some calls of the spec do. */
  sendUserId?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * The token as the request interceptor of spec 000 section 9 keeps it: read from storage at most every 5 s. The
 * session store calls `forgetCachedToken` whenever it stores or clears a token, so a change is seen at once.
 */
const TOKEN_CACHE_MS = 5_000;
let cachedToken: { value: string | null; at: number } | null = null;

export function forgetCachedToken(): void {
  cachedToken = null;
}

function readToken(): string | null {
  const now = Date.now();
  if (cachedToken && now - cachedToken.at < TOKEN_CACHE_MS) return cachedToken.value;
  cachedToken = { value: local.get(LOCAL_KEYS.authToken), at: now };
  return cachedToken.value;
}

function storedUserId(): string | null {
  const user = local.getJson<{ id?: unknown }>(LOCAL_KEYS.user);
  return user && (typeof user.id === 'string' || typeof user.id === 'number') ? String(user.id) : null;
}

/**
 * Calls the API with JSON in and out, the bearer token, cookies and a timeout. Resolves with the parsed body of a
 * 2xx reply; rejects with ApiRequestError: the server's code and message for 4xx/5xx, `network_error` or
 * `request_timeout` (status 0) otherwise.
 */
export function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return apiQueue.run(() => send<T>(path, options));
}

async function send<T>(path: string, options: ApiOptions): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json', ...nativeRequestHeaders(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let token = options.auth === false ? null : readToken();
  if (token?.startsWith(OFFLINE_TOKEN_PREFIX)) {
    // The offline user reads without the server's session; what would change data waits for a real sign-in.
    if (method !== 'GET' && method !== 'HEAD') {
      throw new ApiRequestError(401, OFFLINE_SESSION_CODE, 'Sign in to save changes.');
    }
    token = null;
  }
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.sendUserId) {
    const id = storedUserId();
    if (id) headers['x-user-id'] = id;
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUTS.default);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    const transport = isNativePlatform() ? (await import('./native-http.ts')).nativeFetch : fetch;
    response = await transport(apiUrl(path), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if ((error as Error | null)?.name === 'UnsupportedMethodError') throw error;
    if (timeout.aborted) {
      noteNetworkFailure();
      throw new ApiRequestError(0, 'request_timeout', 'Request timed out. Please try again.');
    }
    if (options.signal?.aborted) throw error;
    noteNetworkFailure();
    throw new ApiRequestError(0, 'network_error', 'Network error. Please check your connection.');
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    throw new ApiRequestError(
      response.status,
      typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
      typeof error?.message === 'string' ? error.message : `Request failed with status code ${response.status}`,
      body,
    );
  }
  if (typeof body === 'string' && /^\s*</.test(body)) {
    throw new ApiRequestError(response.status, 'INVALID_RESPONSE', 'The server answered with a page instead of data.');
  }
  return body as T;
}
