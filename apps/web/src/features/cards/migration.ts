import { type Card, normalizeCardDate } from '@hunab/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_KEYS, session } from '../../lib/storage.ts';
import { openPricewall } from '../paywall/pricewall.ts';
import { CARDS_QUERY_KEY, type CardList, migrateCards } from './api.ts';
import {
  forgetOriginalDates,
  keepLocalCards,
  moveOriginalDates,
  readLocalCards,
  withOriginalDates,
  writeCachedCards,
} from './localStore.ts';
import { pricewallReasonOf } from './model.ts';

/** Whether a guest's card is the reader's own: the main card, on the day of the account's birth date. */
export function isOwnCard(card: Pick<Card, 'birth_date' | 'is_primary'>, ownBirthDate: string | null): boolean {
  return ownBirthDate !== null && card.is_primary && card.birth_date.slice(0, 10) === ownBirthDate.slice(0, 10);
}

/** Forgets cards on the device, keeping the others as they are. */
function forgetOwnCards(ids: readonly string[]): void {
  keepLocalCards(
    readLocalCards()
      .filter((card) => !ids.includes(card.id))
      .map((card) => card.id),
  );
  forgetOriginalDates(ids);
}

/**
 * Moves a guest's cards to the account in one request, which the server applies all or nothing (spec 000 section
 * 4.9): duplicates by name and birth date are skipped there, nameless cards named. The device then forgets the cards
 * that arrived and sets the session flag. A failed request leaves the cards on the device for the next sign-in; cards
 * over the plan's limit stay on the device too, and the pricewall says why.
 */
export async function migrateGuestCards(
  queryClient: QueryClient,
  userId: string,
  ownBirthDate: string | null = null,
): Promise<void> {
  const all = readLocalCards();
  // The guest's own card (the main one, on the account's birth date) is the account's "me" card already: moving it
  // too would show one person twice.
  const own = all.filter((card) => isOwnCard(card, ownBirthDate)).map((card) => card.id);
  const cards = all.filter((card) => !own.includes(card.id));
  if (own.length > 0) forgetOwnCards(own);
  if (cards.length === 0) return;
  let result: Awaited<ReturnType<typeof migrateCards>>;
  try {
    result = await migrateCards(
      cards.map((card) => ({
        localId: card.id,
        name: card.name.trim() || null,
        birth_date: normalizeCardDate(card.birth_date),
        description: card.description,
        is_primary: card.is_primary,
      })),
    );
  } catch {
    return;
  }
  moveOriginalDates(result.imported.map(({ localId, id }) => ({ from: localId, to: id })));
  forgetOriginalDates(result.skipped.filter((skip) => skip.reason === 'duplicate').map((skip) => skip.localId));
  const overLimit = result.skipped.filter((skip) => skip.reason === 'limit').map((skip) => skip.localId);
  keepLocalCards(overLimit);
  session.set(SESSION_KEYS.cardsMigrated, '1');
  writeCachedCards({ userId, cards: result.cards, limits: result.limits });
  const list: CardList = { success: true, cards: withOriginalDates(result.cards), limits: result.limits, error: null };
  queryClient.setQueryData([CARDS_QUERY_KEY, userId], list);
  // A list fetched while the move was under way may land after it: ask once more.
  void queryClient.invalidateQueries({ queryKey: [CARDS_QUERY_KEY, userId] });
  const reason = pricewallReasonOf(result.limits.plan);
  if (overLimit.length > 0 && reason) openPricewall({ reason, limit: result.limits.limit });
}
