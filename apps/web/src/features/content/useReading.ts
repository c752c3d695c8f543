import type { Language } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { loadReading, type ReadingKind } from './loader.ts';

/** A reading through the query cache, so revisits within a session are instant. */
export function useReading(kind: ReadingKind, n: number, lang: Language) {
  return useQuery({
    queryKey: ['reading', kind, n, lang],
    queryFn: () => loadReading(kind, n, lang),
    staleTime: 24 * 3_600_000,
  });
}
