import type { Language } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { InvalidContextError, loadReading, type ReadingKind, ReadingLockedError } from './readings.ts';

/** The query key of a reading any reader may open (no date to check against a plan). */
export const readingKey = (kind: ReadingKind, n: number, lang: Language) => ['reading', kind, n, lang];

/**
 * A reading through the query cache, so revisits within a session are instant. With a date, the server checks that the
 * reader's plan opens it (the key then carries the date and the reader, since the answer depends on both).
 */
export function useReading(
  kind: ReadingKind,
  n: number,
  lang: Language,
  forDate?: { date: string; reader: string | null },
  enabled = true,
) {
  return useQuery({
    queryKey: forDate ? [...readingKey(kind, n, lang), forDate.date, forDate.reader] : readingKey(kind, n, lang),
    queryFn: () => loadReading(kind, n, lang, forDate?.date),
    staleTime: 24 * 3_600_000,
    enabled,
    retry: (count, error) =>
      !(error instanceof ReadingLockedError) && !(error instanceof InvalidContextError) && count < 2,
  });
}
