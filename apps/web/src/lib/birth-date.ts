import { isValidDateText } from '@hunab/calendar';

/** The birth date of the dashboard, carried in the URL hash as base64 text (spec 000 section 2.4). */
export function encodeBirthDate(date: string): string {
  return btoa(date);
}

/** The birth date of a URL: the hash (base64 of YYYY-MM-DD), else the birthDate query; null when neither is valid. */
export function birthDateFromUrl(hash: string, search: string): string | null {
  const fromHash = hash.replace(/^#/, '');
  if (fromHash) {
    try {
      const decoded = atob(decodeURIComponent(fromHash));
      const date = decoded.slice(0, 10);
      if (isValidDateText(date)) return date;
    } catch {
      // Not base64: fall through to the query.
    }
  }
  const fromQuery = new URLSearchParams(search).get('birthDate');
  return fromQuery && isValidDateText(fromQuery.slice(0, 10)) ? fromQuery.slice(0, 10) : null;
}

/**
 * Whether the dashboard asks for a birth date (spec 000 section 2.4): a signed-in user without one, with none in the
 * URL and no tab or section in the query.
 */
export function dashAsksBirthDate(signedIn: boolean, savedBirthDate: string | null, hash: string, search: string) {
  const query = new URLSearchParams(search);
  return signedIn && !savedBirthDate && !birthDateFromUrl(hash, search) && !query.has('tab') && !query.has('section');
}
