import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary, showStartupFailure } from './app/errors.tsx';
import { router } from './app/router.tsx';
import { UpdateOverlays } from './app/update.tsx';
import { listenForSessionChanges, restoreSession } from './features/auth/session.ts';
import { listenForUncaughtErrors } from './lib/error-reporting.ts';
import { applyDocumentLanguage, initI18n } from './lib/i18n.ts';
import { languageOfPath } from './lib/languages.ts';
import { isNativePlatform } from './lib/platform.ts';
import { registerServiceWorker } from './lib/pwa.ts';
import { createQueryClient } from './lib/query-client.ts';
import { SelectedDateProvider } from './lib/selected-date.tsx';
import { applyTheme } from './lib/theme.ts';

/** Start-up gives up waiting for its calls after 5 s and shows what it has (spec 000 section 4.5). */
const STARTUP_TIMEOUT_MS = 5_000;

function bootstrap(): void {
  const lang = languageOfPath(window.location.pathname);
  applyTheme();
  applyDocumentLanguage(lang);
  listenForUncaughtErrors();
  listenForSessionChanges();
  const ready = Promise.all([initI18n(lang), restoreSession()]);
  void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, STARTUP_TIMEOUT_MS))]);

  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  const queryClient = createQueryClient();
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

try {
  bootstrap();
} catch (error) {
  showStartupFailure(error);
}
