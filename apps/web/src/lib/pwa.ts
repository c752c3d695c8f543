/**
 * Registers the service worker (/sw.js, built from src/sw.ts) and turns its update message into a window event.
 * Not in development (Vite's dev server has no service worker) and not inside the native shell, which ships the app
 * in its own bundle. No React here: the update notice listens to the `appUpdateAvailable` window event.
 */
import { isNativePlatform } from './platform.ts';

/** What the service worker posts when a new version replaced the one that served the page. */
export const SERVICE_WORKER_MESSAGE = 'CACHE_UPDATE_AVAILABLE';
/** The window event dispatched on that message. */
export const APP_UPDATE_EVENT = 'appUpdateAvailable';
export const SERVICE_WORKER_URL = '/sw.js';

let started = false;

/** Registers /sw.js with scope "/" once the page has loaded. Calling it again does nothing. */
export function registerServiceWorker(): void {
  if (started || import.meta.env.DEV) return;
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || isNativePlatform()) return;
  started = true;
  listenForUpdates(navigator.serviceWorker);
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // No service worker (private mode, blocked storage) only means no offline start.
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Dispatches `appUpdateAvailable` on the window for each CACHE_UPDATE_AVAILABLE message from a service worker. */
export function listenForUpdates(container: Pick<ServiceWorkerContainer, 'addEventListener'>): void {
  container.addEventListener('message', (event: MessageEvent) => {
    if (isUpdateMessage(event.data)) window.dispatchEvent(new CustomEvent(APP_UPDATE_EVENT));
  });
}

function isUpdateMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SERVICE_WORKER_MESSAGE;
}
