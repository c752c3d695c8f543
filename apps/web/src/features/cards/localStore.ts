import { type Card, type CardLimits, normalizeCardDate } from '@hunab/contracts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import { type CardFormValues, LOCAL_USER_ID } from './model.ts';

/**
 * What the device keeps about cards: a guest's cards, the dates as typed per card id, the draft of a card not yet
 * saved, and the signed-in user's last list (for when the server cannot be reached).
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;
const notify = () => {
  version++;
  for (const listener of listeners) listener();
};

/** For useSyncExternalStore: a number that changes whenever the guest's cards change, here or in another tab. */
export const localCardsVersion = {
  get: () => version,
  subscribe(listener: Listener) {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
};

function onStorage(event: StorageEvent) {
  if (event.key === LOCAL_KEYS.localCards || event.key === null) notify();
}

function isCardLike(value: unknown): value is Card {
  const card = value as Partial<Card> | null;
  return !!card && (typeof card.id === 'string' || typeof card.id === 'number') && typeof card.name === 'string';
}

/** The guest's cards, their dates made readable (what cannot be read becomes the current time). */
export function readLocalCards(): Card[] {
  const stored = local.getJson<unknown>(LOCAL_KEYS.localCards);
  if (!Array.isArray(stored)) return [];
  return stored.filter(isCardLike).map((card) => ({
    id: String(card.id),
    user_id: LOCAL_USER_ID,
    name: card.name,
    birth_date: normalizeCardDate(card.birth_date),
    description: typeof card.description === 'string' ? card.description : null,
    is_primary: card.is_primary === true,
    is_public: card.is_public === true,
    is_birth_date: card.is_birth_date !== false,
    created_at: typeof card.created_at === 'string' ? card.created_at : new Date(0).toISOString(),
    updated_at: typeof card.updated_at === 'string' ? card.updated_at : new Date(0).toISOString(),
  }));
}

function writeLocalCards(cards: Card[]): void {
  if (cards.length === 0) local.remove(LOCAL_KEYS.localCards);
  else local.setJson(LOCAL_KEYS.localCards, cards);
  notify();
}

export type CardInput = Pick<Card, 'name' | 'birth_date' | 'description' | 'is_primary'>;

/** A timestamp id, one above the newest when two cards are added within the same millisecond. */
function newLocalId(cards: Card[]): string {
  const newest = Math.max(0, ...cards.map((card) => Number(card.id) || 0));
  return String(Math.max(Date.now(), newest + 1));
}

/** Adds a guest card; the first one is primary, and a primary one takes the mark from the others. */
export function addLocalCard(input: CardInput): Card {
  const cards = readLocalCards();
  const now = new Date().toISOString();
  const isPrimary = cards.length === 0 || input.is_primary;
  const card: Card = {
    ...input,
    id: newLocalId(cards),
    user_id: LOCAL_USER_ID,
    is_primary: isPrimary,
    is_public: false,
    is_birth_date: true,
    created_at: now,
    updated_at: now,
  };
  writeLocalCards([...cards.map((c) => (isPrimary ? { ...c, is_primary: false } : c)), card]);
  return card;
}

export function updateLocalCard(id: string, changes: Partial<CardInput>): Card | null {
  const cards = readLocalCards();
  const current = cards.find((card) => card.id === id);
  if (!current) return null;
  const updated = { ...current, ...changes, updated_at: new Date().toISOString() };
  writeLocalCards(
    cards.map((card) => {
      if (card.id === id) return updated;
      return changes.is_primary ? { ...card, is_primary: false } : card;
    }),
  );
  return updated;
}

/** Deletes a guest card; when it was the primary one, the oldest left takes the mark. */
export function removeLocalCard(id: string): void {
  const cards = readLocalCards();
  const removed = cards.find((card) => card.id === id);
  const rest = cards.filter((card) => card.id !== id);
  const [first] = rest;
  if (removed?.is_primary && first && !rest.some((card) => card.is_primary)) first.is_primary = true;
  writeLocalCards(rest);
  forgetOriginalDates([id]);
}

/** Keeps only the given guest cards (those that did not fit the account), or none. */
export function keepLocalCards(ids: readonly string[]): void {
  writeLocalCards(readLocalCards().filter((card) => ids.includes(card.id)));
}

/* The dates as typed, per card id (spec 001 section 3). */

function readOriginalDates(): Record<string, string> {
  const stored = local.getJson<Record<string, unknown>>(LOCAL_KEYS.cardOriginalDates);
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function rememberOriginalDate(id: string, typed: string): void {
  local.setJson(LOCAL_KEYS.cardOriginalDates, { ...readOriginalDates(), [id]: typed });
}

export function forgetOriginalDates(ids: readonly string[]): void {
  const dates = readOriginalDates();
  for (const id of ids) delete dates[id];
  local.setJson(LOCAL_KEYS.cardOriginalDates, dates);
}

/** Carries the typed dates of guest cards over to the ids the account gave them. */
export function moveOriginalDates(moves: readonly { from: string; to: string }[]): void {
  const dates = readOriginalDates();
  for (const { from, to } of moves) {
    const typed = dates[from];
    delete dates[from];
    if (typed !== undefined) dates[to] = typed;
  }
  local.setJson(LOCAL_KEYS.cardOriginalDates, dates);
}

/**
 * Lays the dates as typed over the dates of the list, where they still name the same instant: a date changed
 * since (on another device) wins, and its stale typed copy is dropped.
 */
export function withOriginalDates(cards: readonly Card[]): Card[] {
  const dates = readOriginalDates();
  return cards.map((card) => {
    const typed = dates[card.id];
    if (typed === undefined) return card;
    return normalizeCardDate(typed) === normalizeCardDate(card.birth_date) ? { ...card, birth_date: typed } : card;
  });
}

/* The draft of a card being created, kept until it is saved or cancelled (spec 001 section 4). */

export function readDraft(): CardFormValues | null {
  const draft = local.getJson<Partial<CardFormValues>>(LOCAL_KEYS.unsavedCard);
  if (!draft || typeof draft !== 'object') return null;
  return {
    name: typeof draft.name === 'string' ? draft.name : '',
    date: typeof draft.date === 'string' ? draft.date : '',
    time: typeof draft.time === 'string' ? draft.time : '',
    description: typeof draft.description === 'string' ? draft.description : '',
    is_primary: draft.is_primary === true,
  };
}

export function saveDraft(values: CardFormValues): void {
  local.setJson(LOCAL_KEYS.unsavedCard, values);
}

export function clearDraft(): void {
  local.remove(LOCAL_KEYS.unsavedCard);
}

/* The signed-in user's last list, per user. */

export interface CachedCards {
  userId: string;
  cards: Card[];
  limits: CardLimits | null;
}

export function readCachedCards(userId: string): CachedCards | null {
  const cached = local.getJson<CachedCards>(LOCAL_KEYS.cardsCache);
  return cached?.userId === userId && Array.isArray(cached.cards) ? cached : null;
}

export function writeCachedCards(cached: CachedCards): void {
  local.setJson(LOCAL_KEYS.cardsCache, cached);
}
