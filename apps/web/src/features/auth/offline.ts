import { ApiRequestError, OFFLINE_TOKEN_PREFIX } from '../../lib/api.ts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import type { SignedIn } from './responses.ts';
import { OFFLINE_USER } from './session.ts';

/**
 * Offline sign-in (spec 000 sections 3 and 5): the test account, or anyone while the forced-offline flag is set,
 * signs in as the offline user without the server. That user reads the calendar from the device; everything that
 * would write waits for a real sign-in (the API client refuses writes under an offline token).
 */
export const OFFLINE_TEST_ACCOUNTS: readonly string[] = ['test@hunab.local'];

export const isTestAccount = (email: string) => OFFLINE_TEST_ACCOUNTS.includes(email.trim().toLowerCase());

/** The forced-offline flag, unless the forced-online flag overrides it. */
export function offlineLoginForced(): boolean {
  return local.get(LOCAL_KEYS.forcedOffline) === 'true' && local.get(LOCAL_KEYS.forcedOnline) !== 'true';
}

/** A sign-in that got no answer at all: no network, or no reply before the timeout. */
export const noAnswer = (error: unknown) => error instanceof ApiRequestError && error.status === 0;

export function offlineSession(email: string): SignedIn {
  const address = email.trim();
  return {
    token: `${OFFLINE_TOKEN_PREFIX}${Date.now()}`,
    user: { ...OFFLINE_USER, email: address, name: address.split('@')[0] || OFFLINE_USER.name },
  };
}

/**
 * On a sign-in timeout, the session already kept on this device for the same email (spec 000 section 4.1), if any.
 * A kept token of another address, or a malformed one, is no answer.
 */
export function cachedSessionFor(email: string): SignedIn | null {
  const token = local.get(LOCAL_KEYS.authToken);
  const user = local.getJson<SignedIn['user']>(LOCAL_KEYS.user);
  const keptEmail = local.get(LOCAL_KEYS.userEmail);
  if (!token || !user || typeof user.email !== 'string') return null;
  const same = (value: string | null) => value?.trim().toLowerCase() === email.trim().toLowerCase();
  if (!same(keptEmail) || !same(user.email)) return null;
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  return { token, user };
}
