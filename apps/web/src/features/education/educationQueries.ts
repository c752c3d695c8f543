import type { ApiReader, CourseSummary, KnownQuery } from '@hunab/contracts';
import type { Language } from '../../lib/languages.ts';
import { COURSES_PATH, EDUCATION_KEYS } from './api.ts';

/**
 * The courses the education home lists, read on the server through the API as a guest's browser would, so the page
 * arrives with its courses in it. Nothing when the API does not answer: the browser then reads them itself.
 */
export async function educationQueries(lang: Language, api: ApiReader): Promise<KnownQuery[]> {
  const reply = (await api(COURSES_PATH(lang))) as { data?: CourseSummary[] } | null;
  if (!Array.isArray(reply?.data)) return [];
  return [{ queryKey: [...EDUCATION_KEYS.courses(lang, 'guest')], data: reply.data }];
}
