import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { SESSION_KEYS, session } from '../lib/storage.ts';

/** The numbers of spec 000 sections 4.3, 4.4 and 9. */
export const UPDATE_CHECK_MS = 21_600_000;
const FIRST_CHECK_MS = 5_000;
const UPDATE_RELOAD_DELAY_MS = 1_500;
const UPDATE_NOTICE_MS = 2_000;
const RELOAD_GUARD_MS = 5_000;
const CHUNK_COUNTDOWN_S = 3;
const CHUNK_RETRIES = 1;
const CHUNK_RESET_MS = 10_000;

/** The cacheVersion of the running bundle, written into it at build time. */
export const LOCAL_CACHE_VERSION: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Loading chunk|ChunkLoadError|Loading CSS chunk|Unable to preload CSS|error loading dynamically imported module|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return CHUNK_ERROR.test(text) || /failed to fetch/i.test(text);
}

type Overlay =
  | { kind: 'none' }
  | { kind: 'chunk-update'; seconds: number }
  | { kind: 'loading-problem' }
  | { kind: 'app-update' };

let setOverlayFromOutside: ((overlay: Overlay) => void) | null = null;
let pending: Overlay | null = null;

function show(overlay: Overlay) {
  if (setOverlayFromOutside) setOverlayFromOutside(overlay);
  else pending = overlay;
}

/** A reload unless one happened less than 5 s ago (the reload marker). */
function guardedReload(): boolean {
  const last = Number(session.get(SESSION_KEYS.reloadMarker) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  session.set(SESSION_KEYS.reloadMarker, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * A script or style chunk failed: the 'Application Update' notice counts down 3 s and the page reloads once. If it
 * fails again after that reload, the 'Loading Problem' overlay offers a reload and the way home (spec 000 section 4.3).
 */
let recoveryStarted = false;
/** The timer that forgets the retries of a page that loaded well; a recovery under way cancels it. */
let retriesReset: number | undefined;

/** After 10 s without chunk trouble the page has loaded: a later failure may reload once more. */
export function resetRetriesLater(ms = CHUNK_RESET_MS): void {
  window.clearTimeout(retriesReset);
  retriesReset = window.setTimeout(() => {
    retriesReset = undefined;
    if (!recoveryStarted) session.remove(SESSION_KEYS.chunkRetries);
  }, ms);
}

export function startChunkRecovery(): void {
  // One failure reaches us several ways (the route's error, vite:preloadError, an unhandled rejection): act once.
  if (recoveryStarted) return;
  recoveryStarted = true;
  // The reload that follows must still know it is a retry: a second failure then shows the overlay.
  window.clearTimeout(retriesReset);
  retriesReset = undefined;
  const retries = Number(session.get(SESSION_KEYS.chunkRetries) ?? 0);
  if (retries >= CHUNK_RETRIES) {
    show({ kind: 'loading-problem' });
    return;
  }
  session.set(SESSION_KEYS.chunkRetries, String(retries + 1));
  show({ kind: 'chunk-update', seconds: CHUNK_COUNTDOWN_S });
}

async function clearCaches(): Promise<void> {
  try {
    if ('caches' in window) for (const key of await caches.keys()) await caches.delete(key);
  } catch {}
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i--) {
      const key = window.localStorage.key(i);
      if (key?.startsWith('hunab_translations:')) window.localStorage.removeItem(key);
    }
  } catch {}
}

/** Compares the deployed cacheVersion with the running one; on a difference clears caches and reloads. */
export async function checkForUpdate(force = false): Promise<boolean> {
  let serverVersion = LOCAL_CACHE_VERSION;
  if (!force) {
    try {
      const reply = await api<{ data: { cacheVersion: string } }>(`/cache/frontend/version?_t=${Date.now()}`, {
        auth: false,
        timeoutMs: 5_000,
      });
      serverVersion = reply.data.cacheVersion;
    } catch {
      return false;
    }
    if (serverVersion === LOCAL_CACHE_VERSION || LOCAL_CACHE_VERSION === 'dev') return false;
  }
  show({ kind: 'app-update' });
  await clearCaches();
  window.setTimeout(() => {
    if (!guardedReload()) window.setTimeout(() => show({ kind: 'none' }), UPDATE_NOTICE_MS);
  }, UPDATE_RELOAD_DELAY_MS);
  return true;
}

/** The overlays of chunk recovery and of the update flow, and the 6-hourly update check. */
export function UpdateOverlays() {
  const [overlay, setOverlay] = useState<Overlay>(pending ?? { kind: 'none' });

  useEffect(() => {
    setOverlayFromOutside = setOverlay;
    if (pending) setOverlay(pending);
    pending = null;
    const onUpdate = () => void checkForUpdate(true);
    const onCheck = () => void checkForUpdate();
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      startChunkRecovery();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) startChunkRecovery();
    };
    window.addEventListener('appUpdateAvailable', onUpdate);
    window.addEventListener('hunab:check-update', onCheck);
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    // Once shortly after start (a returning visitor may run an old build), then every 6 hours.
    const first = window.setTimeout(() => void checkForUpdate(), FIRST_CHECK_MS);
    const interval = window.setInterval(() => void checkForUpdate(), UPDATE_CHECK_MS);
    // A page that stays up without chunk trouble has finished loading: later failures may reload again.
    resetRetriesLater();
    return () => {
      setOverlayFromOutside = null;
      window.removeEventListener('appUpdateAvailable', onUpdate);
      window.removeEventListener('hunab:check-update', onCheck);
      window.clearTimeout(first);
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.clearInterval(interval);
      window.clearTimeout(retriesReset);
    };
  }, []);

  useEffect(() => {
    if (overlay.kind !== 'chunk-update') return;
    if (overlay.seconds <= 0) {
      guardedReload();
      return;
    }
    const timer = window.setTimeout(() => setOverlay({ kind: 'chunk-update', seconds: overlay.seconds - 1 }), 1000);
    return () => window.clearTimeout(timer);
  }, [overlay]);

  if (overlay.kind === 'none') return null;
  if (overlay.kind === 'chunk-update') {
    return (
      <div
        className="update-overlay update-overlay-blue"
        role="alertdialog"
        aria-live="assertive"
        aria-labelledby="update-title"
      >
        <div>
          <h2 id="update-title" className="h4">
            Application Update
          </h2>
          <p>Updating application...</p>
          <p className="display-6" data-testid="update-countdown">
            {overlay.seconds}
          </p>
        </div>
      </div>
    );
  }
  if (overlay.kind === 'loading-problem') {
    return (
      <div className="update-overlay" role="alertdialog" aria-labelledby="loading-problem-title">
        <div>
          <h2 id="loading-problem-title" className="h4">
            Проблема загрузки
          </h2>
          <p>
            Не удалось загрузить часть приложения. Очистите кэш браузера и обновите страницу; если не поможет, напишите
            администратору.
          </p>
          <div className="d-flex gap-2 justify-content-center">
            <button type="button" className="btn btn-light" onClick={() => window.location.reload()}>
              Обновить страницу
            </button>
            <a className="btn btn-outline-light" href="/">
              На главную
            </a>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="update-toast" role="status" aria-live="polite">
      <strong>Обновление приложения</strong>
      <span>Устанавливаются новые полезности... загружаем...</span>
    </div>
  );
}
