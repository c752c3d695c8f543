import {
  CARD_DESCRIPTION_MAX,
  CARD_NAME_MAX,
  type Card,
  DEFAULT_CARD_TIME,
  isFutureBirth,
  normalizeCardDate,
  type PlanTier,
  parseCardDate,
} from '@hunab/contracts';

export type { Card } from '@hunab/contracts';

/** The card list shows this many cards at once, and the rest a moment later (spec 001 section 9). */
export const FIRST_RENDER_COUNT = 12;
export const SECOND_RENDER_MS = 60;

/** The user id of cards kept on a guest's device. */
export const LOCAL_USER_ID = 'local_user';

/** Case-insensitive name substring search (spec 001 section 5). */
export function filterCards<T extends { name: string }>(cards: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...cards];
  return cards.filter((card) => card.name.toLocaleLowerCase().includes(needle));
}

/** The same card: the same id, or the same name and birth instant. */
export function isSameCard(a: Pick<Card, 'id' | 'name' | 'birth_date'>, b: Pick<Card, 'id' | 'name' | 'birth_date'>) {
  return a.id === b.id || (a.name === b.name && normalizeCardDate(a.birth_date) === normalizeCardDate(b.birth_date));
}

/** Adds cards to a list unless they are already in it (spec 001 section 4). */
export function mergeCards(list: readonly Card[], incoming: readonly Card[]): Card[] {
  const result = [...list];
  for (const card of incoming) if (!result.some((known) => isSameCard(known, card))) result.push(card);
  return result;
}

/** The date (YYYY-MM-DD) and time (HH:MM) inputs of a card's birth date. */
export function dateInputsOf(birthDate: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(birthDate);
  return { date: match?.[1] ?? '', time: match?.[2] ?? DEFAULT_CARD_TIME };
}

export interface CardFormValues {
  name: string;
  date: string;
  time: string;
  description: string;
  is_primary: boolean;
}

export const EMPTY_FORM: CardFormValues = {
  name: '',
  date: '',
  time: DEFAULT_CARD_TIME,
  description: '',
  is_primary: false,
};

export type CardFormErrors = Partial<
  Record<'name' | 'birth_date', 'errors.required' | 'errors.nameTooLong' | 'errors.invalidDate' | 'errors.futureDate'>
>;

/**
 * Checks the card form (spec 001 section 5): a name is required; the date and time must make a valid date-time, not
 * after today;
 * HH:MM gets its seconds, an empty time is noon. Returns the body to send, or the translation keys of the errors.
 */
export function readCardForm(values: CardFormValues):
  | {
      ok: true;
      card: { name: string; birth_date: string; description: string | null; is_primary: boolean };
      typed: string;
    }
  | { ok: false; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'errors.required';
  else if (name.length > CARD_NAME_MAX) errors.name = 'errors.nameTooLong';
  const time = values.time.trim() || DEFAULT_CARD_TIME;
  const typed = `${values.date.trim()}T${/^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time}`;
  const parsed = /^\d{2}:\d{2}(:\d{2})?$/.test(time) ? parseCardDate(typed) : null;
  if (!parsed || !('iso' in parsed)) errors.birth_date = 'errors.invalidDate';
  else if (isFutureBirth(parsed.iso)) errors.birth_date = 'errors.futureDate';
  if (errors.name || errors.birth_date || !parsed || !('iso' in parsed)) return { ok: false, errors };
  return {
    ok: true,
    card: {
      name,
      birth_date: parsed.iso,
      description: values.description.trim().slice(0, CARD_DESCRIPTION_MAX) || null,
      is_primary: values.is_primary,
    },
    typed,
  };
}

/** The address of the cycles of a birth date: /dash/cycles#{base64 of the birth date}, in the page's language. */
export function cyclesHref(cyclesPath: string, birthDate: string): string {
  return `${cyclesPath}#${btoa(birthDate)}`;
}

/** A card pick stays in the page on /dash and /dash/cycles; elsewhere it loads the cycles page afresh. */
export function pickStaysInPage(path: string): boolean {
  return path === '/dash' || path === '/dash/cycles';
}

/** The pricewall of a plan's card limit; none above premium, which has nothing to upgrade to. */
export function pricewallReasonOf(plan: PlanTier): 'cards_limit_free' | 'cards_limit_basic' | null {
  if (plan === 'free') return 'cards_limit_free';
  if (plan === 'basic') return 'cards_limit_basic';
  return null;
}
