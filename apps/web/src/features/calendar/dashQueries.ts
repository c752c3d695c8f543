import { calendarDay, type Language, type PlainDate } from '@hunab/calendar';
import type { ApiReader, KnownQuery } from '@hunab/contracts';
import { type ContentReply, type ReadingKind, readingApiPath, readingFromReply } from '../../lib/readings.ts';
import { readingKey } from '../../lib/use-reading.ts';

/** The readings `wanted` as the content API answers them, under the keys `useReading` reads; none that failed. */
export async function readingQueries(
  wanted: readonly [ReadingKind, number][],
  lang: Language,
  api: ApiReader,
): Promise<KnownQuery[]> {
  const answers = await Promise.all(
    wanted.map(async ([kind, n]) => {
      const path = readingApiPath(kind, n, lang);
      const reading = path ? readingFromReply((await api(path)) as ContentReply | null, lang) : null;
      return reading ? { queryKey: readingKey(kind, n, lang), data: reading } : null;
    }),
  );
  return answers.filter((query) => query !== null);
}

/**
 * What the dashboard renders from the API on `date`: the readings of the day's seal and of its tone (both views
 * ask for both). The server reads them before it renders the page, so the reading of the day arrives with the HTML.
 */
export async function dashQueries(date: PlainDate, lang: Language, api: ApiReader): Promise<KnownQuery[]> {
  const { kin } = calendarDay(date);
  return readingQueries(
    [
      ['signs', kin.sign.number],
      ['tones', kin.tone.number],
    ],
    lang,
    api,
  );
}
