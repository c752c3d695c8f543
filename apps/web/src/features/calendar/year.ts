import { type DatedKin, type Language, moonOfDate, parseDate } from '@hunab/calendar';

/** The 28 dated kins of the moon that starts on `start` (YYYY-MM-DD). */
export function moonDatesOf(start: string, lang: Language): readonly DatedKin[] {
  return moonOfDate(parseDate(start), lang).days;
}
