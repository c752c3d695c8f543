import { SESSION_HINT_ATTRIBUTE, type User } from '@hunab/contracts';
import { useSyncExternalStore } from 'react';
import { ApiRequestError, api, forgetCachedToken, OFFLINE_TOKEN_PREFIX, TIMEOUTS } from '../../lib/api.ts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';

/** The signed-in state of spec 000 section 4.1, shared by every component through useSession(). */
export interface SessionState {
  status: 'restoring' | 'authenticated' | 'anonymous';
  user: SessionUser | null;
  token: string | null;
}

/** The User of the API, or the offline fallback user. */
export type SessionUser = User & { isOfflineUser?: boolean; authMode?: 'offline' };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const JUST_LOGGED_IN_MS = 5_000;
const GUEST_BIRTH_DATE_DAYS = 30;

/** Three non-empty URL-safe parts, and never the text 'undefined' or 'null' (spec 000 section 5). */
export function isWellFormedToken(token: unknown): token is string {
  return (
    typeof token === 'string' &&
    !token.includes('undefined') &&
    !token.includes('null') &&
    (TOKEN_SHAPE.test(token) || token.startsWith(OFFLINE_TOKEN_PREFIX))
  );
}

function isStoredUser(user: unknown): user is SessionUser {
  const u = user as { id?: unknown; email?: unknown } | null;
  return !!u && (typeof u.id === 'string' || typeof u.id === 'number') && typeof u.email === 'string';
}

export const OFFLINE_USER: SessionUser = {
  id: 'offline-user',
  email: 'offline@hunab.local',
  username: null,
  name: 'Offline',
  display_name: 'Offline',
  firstName: null,
  is_admin: false,
  lang: 'ru',
  theme_preference: 'dark',
  birth_date: null,
  email_verified: false,
  badges: [],
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
  isOfflineUser: true,
  authMode: 'offline',
};

let state: SessionState = { status: 'restoring', user: null, token: null };
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  // The reader is a guest after all: what a rendered page shows only to guests may show.
  if (next.status === 'anonymous' && typeof document !== 'undefined') {
    document.documentElement.removeAttribute(SESSION_HINT_ATTRIBUTE);
  }
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** What the server renders a page for, and what hydration starts from: a guest. */
const SERVER_STATE: SessionState = { status: 'anonymous', user: null, token: null };

/** A guest's own state is the server's: handing it over spares every session reader a render after hydration. */
const serverSnapshot = () => (state.status === 'anonymous' && !state.user ? state : SERVER_STATE);

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, serverSnapshot);
}

function clearStoredAuth(): void {
  forgetCachedToken();
  for (const key of [
    LOCAL_KEYS.authToken,
    LOCAL_KEYS.user,
    LOCAL_KEYS.userEmail,
    LOCAL_KEYS.userName,
    LOCAL_KEYS.justLoggedIn,
  ]) {
    local.remove(key);
  }
}

/** More than 10 sign-in state changes within one second means something loops: clear it (spec 000 section 4.1). */
const attempts: number[] = [];
function guardAttempts(): boolean {
  const now = Date.now();
  attempts.push(now);
  while (attempts.length && now - (attempts[0] as number) > 1000) attempts.shift();
  if (attempts.length > 10) {
    clearStoredAuth();
    setState({ status: 'anonymous', user: null, token: null });
    return false;
  }
  return true;
}

function storeSession(token: string, user: SessionUser): void {
  forgetCachedToken();
  local.set(LOCAL_KEYS.authToken, token);
  local.setJson(LOCAL_KEYS.user, user);
  local.set(LOCAL_KEYS.userEmail, user.email);
  local.set(LOCAL_KEYS.userName, user.name ?? user.username ?? '');
}

/** A guest's birth date, remembered for 30 days until they sign in (spec 000 section 3). */
export interface GuestBirthDate {
  birthDate: string;
  calculatedData: unknown;
  timestamp: number;
  source: 'guest';
}

export function rememberGuestBirthDate(birthDate: string, calculatedData: unknown = null): void {
  local.setJson(LOCAL_KEYS.guestBirthDate, { birthDate, calculatedData, timestamp: Date.now(), source: 'guest' });
}

export function readGuestBirthDate(): GuestBirthDate | null {
  const record = local.getJson<GuestBirthDate>(LOCAL_KEYS.guestBirthDate);
  if (!record || typeof record.birthDate !== 'string') return null;
  if (Date.now() - record.timestamp > GUEST_BIRTH_DATE_DAYS * 86_400_000) {
    local.remove(LOCAL_KEYS.guestBirthDate);
    return null;
  }
  return record;
}

/** After sign-in: a guest's birth date goes to the account if it has none, then the local copy is removed. */
async function pushGuestBirthDate(user: SessionUser): Promise<SessionUser> {
  const guest = readGuestBirthDate();
  if (!guest) return user;
  if (user.birth_date) {
    local.remove(LOCAL_KEYS.guestBirthDate);
    return user;
  }
  try {
    const reply = await api<{ user: SessionUser }>('/user/me/birth-date', {
      method: 'PUT',
      body: { birthDate: guest.birthDate },
      timeoutMs: TIMEOUTS.short,
    });
    local.remove(LOCAL_KEYS.guestBirthDate);
    return reply.user;
  } catch {
    return user;
  }
}

/** Signs in with a token and user (login, registration, reset, or the 'userAuthenticated' event). */
export async function signIn(token: string, user: SessionUser): Promise<void> {
  if (!guardAttempts()) return;
  local.set(LOCAL_KEYS.justLoggedIn, String(Date.now()));
  storeSession(token, user);
  setState({ status: 'authenticated', user, token });
  const updated = await pushGuestBirthDate(user);
  if (updated !== user) {
    local.setJson(LOCAL_KEYS.user, updated);
    setState({ status: 'authenticated', user: updated, token });
  }
}

/** A changed user; with a token when the change ended the other sessions and this one got a new one. */
export function updateSessionUser(user: SessionUser, token?: string): void {
  if (state.status !== 'authenticated' || !state.token) return;
  if (token) {
    storeSession(token, user);
    setState({ ...state, user, token });
    return;
  }
  local.setJson(LOCAL_KEYS.user, user);
  setState({ ...state, user });
}

/** Signs out here and, through the storage event, in every other tab. */
export async function signOut(options: { tellServer?: boolean } = {}): Promise<void> {
  const token = state.token;
  clearStoredAuth();
  setState({ status: 'anonymous', user: null, token: null });
  if (options.tellServer !== false && token && !token.startsWith(OFFLINE_TOKEN_PREFIX)) {
    await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {});
  }
}

/** The administrator's own session, kept while they view the product as another user. */
interface ImpersonationRecord {
  adminToken: string;
  adminUser: SessionUser;
  /** The user viewed, as the banner names them. */
  viewing: { id: string; email: string; name: string | null };
  expiresAt: string;
}

function readImpersonation(): ImpersonationRecord | null {
  const record = local.getJson<ImpersonationRecord>(LOCAL_KEYS.impersonation);
  return record && isWellFormedToken(record.adminToken) && isStoredUser(record.adminUser) && record.viewing
    ? record
    : null;
}

/** Who an administrator is viewing the product as, or null; re-read on every session change. */
export function useImpersonation(): ImpersonationRecord['viewing'] | null {
  // Read only once signed in: a page the server rendered hydrates as a guest's, without the banner.
  const session = useSession();
  return session.status === 'authenticated' ? (readImpersonation()?.viewing ?? null) : null;
}

/**
 * Switches to a session as another user (from the admin area): the administrator's own token is kept aside and
 * comes back with `endImpersonation`.
 */
export async function startImpersonation(
  token: string,
  viewing: ImpersonationRecord['viewing'],
  expiresAt: string,
): Promise<void> {
  if (state.status !== 'authenticated' || !state.token || !state.user) return;
  local.setJson(LOCAL_KEYS.impersonation, {
    adminToken: state.token,
    adminUser: state.user,
    viewing,
    expiresAt,
  } satisfies ImpersonationRecord);
  storeSession(token, { ...state.user, id: viewing.id, email: viewing.email, is_admin: false });
  await restoreSession();
}

/** Ends the session as another user (the server records the end) and brings the administrator's own back. */
export async function endImpersonation(): Promise<void> {
  const record = readImpersonation();
  const token = state.token;
  if (token && record && token !== record.adminToken) {
    await fetch('/api/impersonation/end', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(
      () => {},
    );
  }
  local.remove(LOCAL_KEYS.impersonation);
  if (!record) return;
  storeSession(record.adminToken, record.adminUser);
  setState({ status: 'authenticated', user: record.adminUser, token: record.adminToken });
  await restoreSession();
}

function justLoggedIn(): boolean {
  const at = Number(local.get(LOCAL_KEYS.justLoggedIn) ?? 0);
  return Date.now() - at < JUST_LOGGED_IN_MS;
}

/** Restores the session at start-up (spec 000 section 4.1). */
export async function restoreSession(): Promise<void> {
  const token = local.get(LOCAL_KEYS.authToken);
  const user = local.getJson<unknown>(LOCAL_KEYS.user);
  if (!token && !user) {
    setState({ status: 'anonymous', user: null, token: null });
    return;
  }
  if (!isWellFormedToken(token) || !isStoredUser(user)) {
    clearStoredAuth();
    setState({ status: 'anonymous', user: null, token: null });
    return;
  }
  if (token.startsWith(OFFLINE_TOKEN_PREFIX)) {
    setState({
      status: 'authenticated',
      user: { ...OFFLINE_USER, ...user, isOfflineUser: true, authMode: 'offline' },
      token,
    });
    return;
  }
  try {
    const reply = await api<{ user: SessionUser }>(`/auth/me?_t=${Date.now()}`, { timeoutMs: TIMEOUTS.session });
    storeSession(token, reply.user);
    setState({ status: 'authenticated', user: reply.user, token });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      // A session as another user that has run out: back to the administrator's own.
      const impersonation = readImpersonation();
      if (impersonation && token !== impersonation.adminToken) {
        local.remove(LOCAL_KEYS.impersonation);
        storeSession(impersonation.adminToken, impersonation.adminUser);
        return restoreSession();
      }
      if (justLoggedIn()) {
        setState({ status: 'authenticated', user, token });
        return;
      }
      clearStoredAuth();
      setState({ status: 'anonymous', user: null, token: null });
      return;
    }
    // Offline or the server is down: keep the cached user.
    setState({ status: 'authenticated', user, token });
  }
}

/** Other tabs: a removed user signs this tab out; the 'userAuthenticated' event signs in. */
export function listenForSessionChanges(): () => void {
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the session: the token kept for requests is read again.
    if (event.key === null || event.key === LOCAL_KEYS.authToken || event.key === LOCAL_KEYS.user) forgetCachedToken();
    if (event.key === LOCAL_KEYS.user && event.newValue === null && state.status === 'authenticated') {
      setState({ status: 'anonymous', user: null, token: null });
    } else if (event.key === LOCAL_KEYS.user && event.newValue && state.status !== 'authenticated') {
      void restoreSession();
    }
  };
  const onAuthenticated = (event: Event) => {
    const detail = (event as CustomEvent<{ token?: unknown; user?: unknown }>).detail;
    if (isWellFormedToken(detail?.token) && isStoredUser(detail?.user)) void signIn(detail.token, detail.user);
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('userAuthenticated', onAuthenticated);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('userAuthenticated', onAuthenticated);
  };
}
