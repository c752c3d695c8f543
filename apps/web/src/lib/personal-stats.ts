import type { JournalSummary } from '@hunab/contracts';
import { api } from './api.ts';

/**
 * The signed-in user's own counts on /dash/stats, gathered from each part of the product that keeps something for
 * them. A part adds itself as one more source here (the game, once it keeps results, with its own endpoint and a
 * `game` key); the page shows every source that answers and skips one that fails.
 */
export interface PersonalStats {
  journal: JournalSummary | null;
}

type Source<K extends keyof PersonalStats> = { key: K; load(): Promise<PersonalStats[K]> };

const SOURCES: { [K in keyof PersonalStats]: Source<K> } = {
  journal: { key: 'journal', load: async () => (await api<{ data: JournalSummary }>('/journal/summary')).data },
};

export const PERSONAL_STATS_KEY = ['personal-stats'] as const;

export async function fetchPersonalStats(): Promise<PersonalStats> {
  const entries = await Promise.all(
    Object.values(SOURCES).map(async (source) => [source.key, await source.load().catch(() => null)] as const),
  );
  return Object.fromEntries(entries) as unknown as PersonalStats;
}
