import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-error.ts';

/** The query cache numbers of spec 000 section 9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
