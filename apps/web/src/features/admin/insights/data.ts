import type { AdminPagination } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** An admin endpoint's `data`, read through the query cache (always fresh when a section opens). */
export function useAdminData<T>(path: string) {
  return useQuery({
    queryKey: ['admin-insights', path],
    queryFn: async () => (await api<{ data: T }>(path)).data,
    staleTime: 0,
  });
}

/** A date `days` from today (UTC), YYYY-MM-DD, as the admin endpoints count days. */
export const utcDayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The query string of the defined values. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Downloads a CSV export of an admin list (the request carries the bearer token, so no plain link). */
export async function downloadCsv(path: string, name: string): Promise<void> {
  const text = await api<string>(path, { headers: { accept: 'text/csv' } });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** An amount in minor units as money of its currency, in the page's language. */
export function money(lang: string, currency: string, minor: number): string {
  try {
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor / 100} ${currency}`;
  }
}

/** One page of an admin list endpoint: its rows and its pagination. */
export function useAdminList<T>(path: string) {
  return useQuery({
    queryKey: ['admin-insights', path],
    queryFn: async () => {
      const body = await api<{ data: T[]; pagination: AdminPagination }>(path);
      return { rows: body.data, pagination: body.pagination };
    },
    staleTime: 0,
  });
}
