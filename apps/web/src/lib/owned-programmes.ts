import { formatDate, today } from '@hunab/calendar';
import type { OwnedProgrammeDto } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** A programme the user owns, with where it stands on this device's day. */
export type OwnedProgramme = OwnedProgrammeDto;

export const OWNED_PROGRAMMES_QUERY_KEY = 'owned-programmes';

/**
 * The signed-in user's programmes (GET /purchases/programmes), each placed by the server on this device's day (sent as
 * `today`, part of the key, so a new day asks again): not started yet (with the days to wait), under way (with its
 * day) or over. Nothing is asked for a guest.
 */
export function useOwnedProgrammes(userId: string | null, lang: string) {
  const day = formatDate(today());
  return useQuery({
    queryKey: [OWNED_PROGRAMMES_QUERY_KEY, userId, lang, day],
    queryFn: async () =>
      (await api<{ programmes: OwnedProgrammeDto[] }>(`/purchases/programmes?lang=${lang}&today=${day}`)).programmes,
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}

/** The programmes that have not ended: waiting for their first day or under way. */
export const heldProgrammes = (programmes: readonly OwnedProgramme[] | undefined): OwnedProgramme[] =>
  (programmes ?? []).filter((programme) => programme.state !== 'ended');

/** The held programme a product belongs to: the same programme, or for the 13 Moons variations the same level. */
export function heldProgrammeOf(
  programmes: readonly OwnedProgramme[] | undefined,
  product: { id: string; level: number; type: string },
): OwnedProgramme | null {
  if (product.type !== 'program') return null;
  return heldProgrammes(programmes).find((programme) => programme.level === product.level) ?? null;
}

/**
 * Whether a held programme opens the page at `path` (without its language prefix), so that nothing there counts
 * views or offers plans: the process for any programme, every page for the 260-day and 13-moon ones.
 */
export const programmeOpens = (programmes: readonly OwnedProgramme[] | undefined, path: string): boolean =>
  heldProgrammes(programmes).some((programme) => programme.level >= 2 || path.startsWith('/process'));
