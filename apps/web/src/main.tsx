import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary, showStartupFailure } from './app/errors.tsx';
import { router } from './app/router.tsx';
import { UpdateOverlays } from './app/update.tsx';
import { listenForSessionChanges, restoreSession } from './features/auth/session.ts';
import { startCardSync } from './features/cards/sync.ts';
import { listenForUncaughtErrors } from './lib/error-reporting.ts';
import { applyDocumentLanguage, initI18n } from './lib/i18n.ts';
import { languageOfPath } from './lib/languages.ts';
import { isNativePlatform } from './lib/platform.ts';
import { registerServiceWorker } from './lib/pwa.ts';
import { createQueryClient } from './lib/query-client.ts';
import { SelectedDateProvider } from './lib/selected-date.tsx';
import { SESSION_KEYS, session } from './lib/storage.ts';
import { applyTheme } from './lib/theme.ts';

/** Start-up gives up waiting for its calls after 5 s and shows what it has (spec 000 section 4.5). */
const STARTUP_TIMEOUT_MS = 5_000;

function bootstrap(): void {
  const lang = languageOfPath(window.location.pathname);
  applyTheme();
  applyDocumentLanguage(lang);
  listenForUncaughtErrors();
  listenForSessionChanges();
  const queryClient = createQueryClient();
  startCardSync(queryClient);
  const ready = Promise.all([initI18n(lang), restoreSession()]);
  showFirstLoadScreen(ready);

  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SelectedDateProvider>
            <Suspense fallback={<div className="start-screen">Hunab</div>}>
              <RouterProvider router={router} />
            </Suspense>
          </SelectedDateProvider>
        </QueryClientProvider>
        <UpdateOverlays />
      </AppErrorBoundary>
    </StrictMode>,
  );
  registerServiceWorker();
  if (isNativePlatform()) void updateNativeIcon();
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

try {
  bootstrap();
} catch (error) {
  showStartupFailure(error);
}
