import { useSyncExternalStore } from 'react';
import { requestBase } from './api-base.ts';
import { LOCAL_KEYS, local } from './storage.ts';

/**
 * The connection test of spec 000 section 7 (GET /health, /status; HEAD /health, 5 s): it tells a device without a
 * network from a server in trouble, so the layout can say which, and the app keeps working on what it has.
 * No import of the API client: the client reports its network failures here through `noteNetworkFailure`.
 */
export type ConnectionState = 'online' | 'offline' | 'server';

/** The intent of the spec: a probe that has not answered in 5 s counts as no answer. */
export const CONNECTION_TEST_TIMEOUT_MS = 5_000;
/** While not online, the test runs again this often. */
export const CONNECTION_RETEST_MS = 30_000;

type Probe = (path: string, method: 'GET' | 'HEAD') => Promise<'ok' | 'error' | 'unreachable'>;

const fetchProbe: Probe = async (path, method) => {
  try {
    const response = await fetch(`${requestBase()}${path}`, {
      method,
      cache: 'no-store',
      signal: AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS),
    });
    return response.ok ? 'ok' : 'error';
  } catch {
    return 'unreachable';
  }
};

/** The forced flags of spec 000 section 3 (force_offline, force_online), for testing and support. */
export function forcedConnection(): ConnectionState | null {
  if (local.get(LOCAL_KEYS.forcedOnline) === 'true') return 'online';
  if (local.get(LOCAL_KEYS.forcedOffline) === 'true') return 'offline';
  return null;
}

/**
 * HEAD /health first (cheap); when it fails, GET /status says whether the process answers at all: answering
 * without its database is server trouble, answering nothing is no connection. A last GET /health covers proxies
 * that refuse HEAD.
 */
export async function testConnection(probe: Probe = fetchProbe): Promise<ConnectionState> {
  const forced = forcedConnection();
  if (forced) return forced;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  const head = await probe('/health', 'HEAD');
  if (head === 'ok') return 'online';
  const status = await probe('/status', 'GET');
  if (status === 'unreachable' && head === 'unreachable') return 'offline';
  const health = await probe('/health', 'GET');
  if (health === 'ok') return 'online';
  return status === 'unreachable' && health === 'unreachable' ? 'offline' : 'server';
}

let state: ConnectionState = 'online';
const listeners = new Set<() => void>();
let testing: Promise<ConnectionState> | null = null;
let retest: ReturnType<typeof setTimeout> | undefined;

function setState(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Runs the test (one at a time) and keeps testing every 30 s until the app is online again. */
export function checkConnection(): Promise<ConnectionState> {
  testing ??= testConnection()
    .then((result) => {
      setState(result);
      clearTimeout(retest);
      if (result !== 'online') retest = setTimeout(() => void checkConnection(), CONNECTION_RETEST_MS);
      return result;
    })
    .finally(() => {
      testing = null;
    });
  return testing;
}

/** The API client saw a call fail without an answer: find out whether the device or the server is the cause. */
export function noteNetworkFailure(): void {
  void checkConnection();
}

/** Starts watching the browser's own online and offline events (once, at start-up). */
export function watchConnection(): () => void {
  const recheck = () => void checkConnection();
  window.addEventListener('online', recheck);
  window.addEventListener('offline', recheck);
  if (forcedConnection() === 'offline' || navigator.onLine === false) recheck();
  return () => {
    window.removeEventListener('online', recheck);
    window.removeEventListener('offline', recheck);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The connection as last tested; the server renders every page as online. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => 'online',
  );
}
