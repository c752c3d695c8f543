/**
 * The service worker, built by vite-plugin-pwa (injectManifest) to /sw.js with scope "/".
 *
 * - The app shell (index.html, JS, CSS, icons, the manifest) is precached; the list is injected at build time.
 * - Navigations (every client route, in every language) are answered with the precached index.html, except /api/
 *   and paths with a file extension, so the app, which computes the calendar in the browser, starts offline.
 * - Translations (/locales/**) are stale-while-revalidate; every translation file of the build is fetched at
 *   install so that every language works offline, not only the ones already visited.
 * - Static readings (/content/**) are stale-while-revalidate, so a reading once opened works offline.
 * - Of the API only GET /api/calendar/** is cached (network first); everything else under /api/ goes to the network.
 * - A new version takes over at once (skipWaiting) and, when it replaced an earlier one, tells every window
 *   `{ type: 'CACHE_UPDATE_AVAILABLE' }` so the app can offer a reload.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

// The few service worker types used here, declared locally: `/// <reference lib="webworker" />` would add the
// worker globals (importScripts, a worker `self`...) to the type-check of the whole app, which uses the DOM lib.
interface WorkerExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerWindowClient {
  readonly url: string;
  postMessage(message: unknown): void;
  focus?(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}
interface WorkerPushEvent extends WorkerExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface WorkerNotificationEvent extends WorkerExtendableEvent {
  readonly notification: Notification;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WorkerWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: WorkerPushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: WorkerNotificationEvent) => void): void;
}
declare const self: WorkerScope;

/** Keep in step with SERVICE_WORKER_MESSAGE in src/lib/pwa.ts (not imported: it would pull the app into the worker). */
const CACHE_UPDATE_AVAILABLE = 'CACHE_UPDATE_AVAILABLE';
const LOCALES_CACHE = 'hunab-locales';
const CALENDAR_API_CACHE = 'hunab-api-calendar';
const CONTENT_CACHE = 'hunab-content';
/** Every /locales/{lang}/{namespace}.json of the build, listed by vite.config.ts. */
declare const __LOCALE_URLS__: readonly string[];

/** Whether this worker is replacing an active one (set at install, read at activate). */
let replacesEarlierVersion = false;

self.addEventListener('install', (event) => {
  replacesEarlierVersion = self.registration.active !== null;
  void self.skipWaiting();
  event.waitUntil(warmLocales());
});
// No clients.claim(): a page loaded from the network stays so until its next navigation, and pages that a previous
// version controls move to this one by themselves when it activates.

self.addEventListener('activate', (event) => {
  if (!replacesEarlierVersion) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) client.postMessage({ type: CACHE_UPDATE_AVAILABLE });
    }),
  );
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // The referral links are answered by the server itself (the click is recorded, then a redirect).
    denylist: [/^\/api(\/|$)/, /^(\/[a-z]{2})?\/r\/[^/]+\/?$/, /\/[^/?]+\.[^/?]+$/],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/locales/'),
  new StaleWhileRevalidate({
    cacheName: LOCALES_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

/** Readings as static Markdown: the last copy read works offline, a newer one is fetched behind it. */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/content/'),
  new StaleWhileRevalidate({
    cacheName: CONTENT_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/calendar/'),
  new NetworkFirst({
    cacheName: CALENDAR_API_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
  'GET',
);

/** Puts every language's translations in the locales cache; a failure leaves them to be cached on first use. */
async function warmLocales(): Promise<void> {
  try {
    const cache = await caches.open(LOCALES_CACHE);
    await Promise.all(
      __LOCALE_URLS__.map(async (url) => {
        const response = await fetch(url, { cache: 'no-cache' });
        if (response.ok) await cache.put(url, response);
      }),
    );
  } catch {
    // Offline or a server error during install: not a reason to refuse the new version.
  }
}

/** A reminder from the server (modules/reminders/push.ts): { title, body, url }, shown as a notification. */
self.addEventListener('push', (event) => {
  let message: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    message = (event.data?.json() ?? {}) as typeof message;
  } catch {}
  const title = typeof message.title === 'string' ? message.title : 'Hunab';
  const url = typeof message.url === 'string' ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'hunab-daily',
      data: { url },
    }),
  );
});

/** A click on the reminder opens its day, in a window of the app if one is open. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(String((event.notification.data as { url?: unknown } | null)?.url ?? '/'), location.origin);
  // The page's path on this app's own origin: a notification never opens another site.
  const url = new URL(`${target.pathname}${target.search}`, location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open?.navigate && open.focus) {
        await open.navigate(url);
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
