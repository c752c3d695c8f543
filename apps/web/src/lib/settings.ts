import type { PublicSettings } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The query of the public settings; the admin settings form refreshes it after a change. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

/**
 * The public application settings (`GET /api/settings`): empty until they arrive or when the call fails, so each
 * reader falls back on its own default. `enabled` false asks nothing.
 */
export function usePublicSettings(enabled = true): PublicSettings {
  return (
    useQuery({
      queryKey: SETTINGS_QUERY_KEY,
      queryFn: async () => (await api<{ data: PublicSettings }>('/settings', { auth: false })).data,
      enabled,
    }).data ?? {}
  );
}
