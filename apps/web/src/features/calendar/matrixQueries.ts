import type { Language } from '@hunab/calendar';
import type { ApiReader, KnownQuery } from '@hunab/contracts';
import { readRouteNumber } from '../../lib/castles.ts';
import { readingQueries } from './dashQueries.ts';

/**
 * What /process/{tone} renders from the API: the reading of the tone of its address. The server reads it before it
 * renders the page, so the tone's reading arrives with the HTML; an address without a tone reads nothing.
 */
export async function processQueries(toneId: string | undefined, lang: Language, api: ApiReader) {
  const tone = readRouteNumber(toneId, 1, 13);
  return tone === null ? [] : readingQueries([['tones', tone]], lang, api);
}

/** What /kin/{n} renders from the API: the server's record of the kin of its address (KinPage's `useKinRecord`). */
export async function kinQueries(kinNumber: string | undefined, lang: Language, api: ApiReader): Promise<KnownQuery[]> {
  const kin = readRouteNumber(kinNumber, 1, 260);
  if (kin === null) return [];
  const reply = (await api(`/calendar/kin/${kin}?lang=${lang}`)) as { data?: { tone?: unknown } } | null;
  return reply?.data?.tone ? [{ queryKey: ['kin', kin, lang], data: reply.data }] : [];
}
