import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api.ts';

/** The first part of every admin query's key: a change made in the admin area refreshes all that the area shows. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export type Params = Record<string, string | number | boolean | undefined | null>;

/** The query string of the set parameters, empty ones left out. */
export function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** An admin endpoint's `data`, read again whenever a section opens. */
export function useAdminData<T>(path: string) {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, path],
    queryFn: async () => (await api<{ data: T }>(path)).data,
    staleTime: 0,
  });
}

/** The message of a failed call, for an alert. */
export function errorText(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : String((error as Error)?.message ?? error);
}
