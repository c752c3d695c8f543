import { type AppSettings, SETTING_DEFAULTS } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The query of the public settings; the admin settings form refreshes it after a change. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

/**
 * The public application settings (`GET /api/settings`), their defaults until they arrive or when the call fails.
 * `enabled` false asks nothing and answers the defaults.
 */
export function usePublicSettings(enabled = true): AppSettings {
  const query = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: async () => (await api<{ data: Partial<AppSettings> }>('/settings', { auth: false })).data,
    enabled,
  });
  return { ...SETTING_DEFAULTS, ...query.data };
}
