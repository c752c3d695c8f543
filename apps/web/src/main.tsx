import './styles.css';
import { KNOWN_QUERIES_ID, type KnownQuery } from '@hunab/contracts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/AppRoot.tsx';
import { showStartupFailure } from './app/errors.tsx';
import { PAGES } from './app/pages.ts';
import { AppRoutes } from './app/router.tsx';
import { listenForSessionChanges, restoreSession } from './features/auth/session.ts';
import { startCardSync } from './features/cards/sync.ts';
import { watchConnection } from './lib/connection.ts';
import { listenForUncaughtErrors } from './lib/error-reporting.ts';
import { waitForFonts } from './lib/fonts.ts';
import { applyDocumentLanguage, initI18n } from './lib/i18n.ts';
import { languageOfPath, unprefixedLanguage } from './lib/languages.ts';
import { inPerformanceEmergency, watchPerformance } from './lib/performance-emergency.ts';
import { isNativePlatform } from './lib/platform.ts';
import { registerServiceWorker } from './lib/pwa.ts';
import { createQueryClient } from './lib/query-client.ts';
import { matchRoute } from './lib/route-match.ts';
import { SESSION_KEYS, session } from './lib/storage.ts';
import { applyTheme } from './lib/theme.ts';

/** Start-up gives up waiting for its calls after 5 s and shows what it has (spec 000 section 4.5). */
const STARTUP_TIMEOUT_MS = 5_000;

/** Lets the browser run what waits (input, paint) before the next part of start-up: one long task becomes several. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function bootstrap(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  void watchPerformance();
  // A page sent as HTML is on screen already: evaluating the modules was one task, setting up is the next.
  const rendered = root.dataset.ssr === '1';
  if (rendered) await nextTask();
  // The administrators' pages have no language prefix: they open in the language chosen last.
  const lang = matchRoute(window.location.pathname).entry.adminOnly
    ? unprefixedLanguage(undefined)
    : languageOfPath(window.location.pathname);
  applyTheme();
  applyDocumentLanguage(lang);
  listenForUncaughtErrors();
  listenForSessionChanges();
  watchConnection();
  const queryClient = createQueryClient();
  startCardSync(queryClient);
  const translations = initI18n(lang);
  const ready = Promise.all([translations, restoreSession(), waitForFonts()]);
  // The requests are under way. The router comes in the next task, the page's data and chunk in the one after.
  if (rendered) await nextTask();
  const app = (
    <AppRoot queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppRoot>
  );
  if (rendered) {
    await nextTask();
    // The data the server rendered the page from goes into the cache first, so hydration renders the same.
    const known = document.getElementById(KNOWN_QUERIES_ID)?.textContent;
    for (const query of known ? (JSON.parse(known) as KnownQuery[]) : []) {
      queryClient.setQueryData(query.queryKey, query.data);
    }
    // The server sent this page's HTML: it is on screen already. Hydrate it once the translations and the page's
    // chunk are here, in slices, so the main thread stays free for the reader's first taps.
    const page = matchRoute(window.location.pathname).entry.page;
    // It counts as the session's first load: the page is on screen, so the branded start screen is not needed.
    session.set(SESSION_KEYS.firstLoadShown, '1');
    Promise.all([translations, page ? PAGES[page].preload() : undefined]).then(
      async () => {
        await nextTask();
        startTransition(() => {
          hydrateRoot(root, app, { onRecoverableError: reportHydrationMismatch });
        });
      },
      // A chunk or the translations failed: the app starts over in the browser, where each failure has its screen
      // (the chunk recovery, the translation fallbacks).
      () => {
        root.replaceChildren();
        delete root.dataset.ssr;
        createRoot(root).render(app);
      },
    );
  } else {
    showFirstLoadScreen(ready);
    createRoot(root).render(app);
  }
  registerServiceWorker();
  if (isNativePlatform()) void updateNativeIcon();
  // Well after start-up, so it never competes with the page.
  // Skipped for a visit in a performance emergency: that device has enough to do.
  window.setTimeout(() => {
    if (!inPerformanceEmergency()) void import('./lib/product-sync.ts').then(({ syncProducts }) => syncProducts());
  }, 10_000);
}

/**
 * A page whose HTML differs from the browser's first render (a birth date in the URL hash, a reader whose day is
 * not the server's) is rendered again in the browser; React recovers by itself, so this is only worth a note.
 */
function reportHydrationMismatch(error: unknown): void {
  console.warn('Hydration re-rendered part of the page:', error);
}

/** Inside the native shell the app icon shows the seal of the day, changed once per calendar day (spec 000 4.5). */
async function updateNativeIcon(): Promise<void> {
  const { updateTodaysIcon } = await import('./lib/native-icon.ts');
  await updateTodaysIcon().catch(() => false);
}

/**
 * The first load of a session shows a branded screen until start-up finishes or 5 s pass; if start-up fails, it
 * offers Retry, which reloads (spec 000 section 4.5). Later loads in the session go straight to the app.
 */
function showFirstLoadScreen(ready: Promise<unknown>): void {
  if (session.get(SESSION_KEYS.firstLoadShown)) return;
  session.set(SESSION_KEYS.firstLoadShown, '1');
  const screen = document.createElement('div');
  screen.className = 'first-load-screen';
  screen.setAttribute('role', 'status');
  screen.innerHTML = '<img src="/favicon.svg" alt="" width="64" height="64"><p>Hunab</p>';
  document.body.append(screen);
  const close = () => screen.remove();
  const timer = window.setTimeout(close, STARTUP_TIMEOUT_MS);
  ready.then(
    () => {
      window.clearTimeout(timer);
      close();
    },
    (error: unknown) => {
      window.clearTimeout(timer);
      screen.setAttribute('role', 'alert');
      screen.innerHTML = '';
      const text = document.createElement('p');
      text.textContent = error instanceof Error ? error.message : String(error);
      const retry = document.createElement('button');
      retry.className = 'btn btn-primary';
      retry.textContent = 'Retry';
      retry.addEventListener('click', () => window.location.reload());
      screen.append(text, retry);
    },
  );
}

bootstrap().catch(showStartupFailure);
