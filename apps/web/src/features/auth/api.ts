import type { Language } from '@hunab/calendar';
import { api, TIMEOUTS } from '../../lib/api.ts';
import { breakers } from '../../lib/circuit-breaker.ts';
import type { Interest } from '../../lib/interest.ts';
import { cachedSessionFor, isTestAccount, noAnswer, offlineLoginForced, offlineSession } from './offline.ts';
import {
  InvalidResponseError,
  parseRegisterReply,
  parseTokenReply,
  type RegistrationOutcome,
  type SignedIn,
} from './responses.ts';

/**
 * The account calls of the web app (spec 000 section 7). All go through the auth circuit breaker, so a server that
 * keeps failing is left alone for a while instead of being hammered.
 */
const post = <T>(path: string, body: unknown, timeoutMs: number) =>
  breakers.auth.execute(() => api<T>(path, { method: 'POST', body, timeoutMs, auth: false }));

/**
 * Signs in with the server; under the forced-offline flag, as the offline user without it. When the server gives no
 * answer, a timeout falls back to the session kept on the device for the same email, and the test account to the
 * offline user (spec 000 sections 4.1 and 5); anyone else sees the error.
 */
export async function login(email: string, password: string): Promise<SignedIn> {
  if (offlineLoginForced()) return offlineSession(email);
  try {
    return parseTokenReply(await post<unknown>('/auth/login', { email, password }, TIMEOUTS.login));
  } catch (error) {
    if (noAnswer(error)) {
      const cached = (error as { code?: string }).code === 'request_timeout' ? cachedSessionFor(email) : null;
      if (cached) return cached;
      if (isTestAccount(email)) return offlineSession(email);
    }
    throw error;
  }
}

export interface RegistrationPayload {
  email: string;
  password: string;
  username?: string;
  registration_source: 'mobile_app' | 'website';
  interest: Interest;
  lang: Language;
  birth_date: string;
  /** The reader ticked the consent to the terms and the privacy policy. */
  accept_terms: true;
}

export async function register(payload: RegistrationPayload): Promise<RegistrationOutcome> {
  return parseRegisterReply(await post<unknown>('/auth/register', payload, TIMEOUTS.register));
}

export interface VerifiedEmail {
  message: string | null;
  user: unknown;
}

export async function verifyEmail(token: string): Promise<VerifiedEmail> {
  const reply = await breakers.auth.execute(() =>
    api<{ success?: unknown; message?: unknown; user?: unknown }>(`/auth/verify-email/${encodeURIComponent(token)}`, {
      timeoutMs: TIMEOUTS.default,
      auth: false,
    }),
  );
  if (reply?.success !== true) throw new InvalidResponseError('Email verification failed');
  return { message: typeof reply.message === 'string' ? reply.message : null, user: reply.user ?? null };
}

/** One request per token, however often the page mounts: a verification link works only once. */
const verifications = new Map<string, Promise<VerifiedEmail>>();

export function verifyEmailOnce(token: string): Promise<VerifiedEmail> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
    // A failure may be passing (offline): a later visit asks again.
    pending.catch(() => verifications.delete(token));
  }
  return pending;
}

export async function resendVerification(email: string): Promise<void> {
  await post<unknown>('/auth/verify-email/resend', { email }, TIMEOUTS.default);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await post<unknown>('/auth/reset-password', { email }, TIMEOUTS.default);
}

export async function confirmPasswordReset(token: string, password: string): Promise<SignedIn> {
  return parseTokenReply(
    await post<unknown>('/auth/reset-password/confirm', { token, password }, TIMEOUTS.default),
    'Failed to reset password',
  );
}
