import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { SelectedDateProvider } from '../lib/selected-date.tsx';
import { AppErrorBoundary } from './errors.tsx';
import { UpdateOverlays } from './update.tsx';

/** The providers around the router, the same in the browser and in the server's render of a page. */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SelectedDateProvider>
            <Suspense fallback={<div className="start-screen">Hunab</div>}>{children}</Suspense>
          </SelectedDateProvider>
        </QueryClientProvider>
        <UpdateOverlays />
      </AppErrorBoundary>
    </StrictMode>
  );
}
