import { type Card, type CardLimits, cardLimitsOf, normalizeCardDate } from '@hunab/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../auth/session.ts';
import { openPricewall } from '../paywall/pricewall.ts';
import {
  AuthTokenMissingError,
  CARDS_QUERY_KEY,
  type CardBody,
  type CardList,
  cardLimitOf,
  createCard,
  deleteCard,
  fetchCards,
  updateCard,
} from './api.ts';
import {
  addLocalCard,
  forgetOriginalDates,
  localCardsVersion,
  readLocalCards,
  rememberOriginalDate,
  removeLocalCard,
  updateLocalCard,
  withOriginalDates,
} from './localStore.ts';
import { isSameCard, mergeCards, pricewallReasonOf } from './model.ts';

export type SaveOutcome =
  | { ok: true; card: Card }
  | { ok: false; reason: 'limit' | 'failed' | 'authMissing' | 'authRejected' };

/** Why a save failed, in the outcome's words. */
function failureOf(error: unknown): SaveOutcome {
  if (error instanceof AuthTokenMissingError) {
    return { ok: false, reason: error.duringCall ? 'authRejected' : 'authMissing' };
  }
  return { ok: false, reason: 'failed' };
}

export interface CardsState {
  /** 'guest': kept on this device; 'account': kept on the server. */
  mode: 'guest' | 'account';
  loading: boolean;
  cards: Card[];
  limits: CardLimits | null;
  /** The server could not be reached: the list is the last one fetched. */
  stale: boolean;
  error: Error | null;
  add(card: CardBody, typed: string): Promise<SaveOutcome>;
  update(card: Card, changes: Partial<CardBody>, typed: string | null): Promise<SaveOutcome>;
  remove(card: Card): Promise<void>;
  /** True when one more card fits the plan; otherwise opens the pricewall and answers false. */
  roomForOne(): boolean;
}

/** At the plan's limit an add opens the pricewall instead (spec 001 section 4). */
function refuseOverLimit(limits: CardLimits | null): boolean {
  if (!limits || limits.canAdd) return false;
  const reason = pricewallReasonOf(limits.plan);
  if (reason) openPricewall({ reason, limit: limits.limit });
  return true;
}

/**
 * The cards of whoever is using the app: a guest's on this device, a signed-in user's from the server (the last
 * fetched list when it cannot be reached). Adds are refused at the plan's limit with the pricewall; a card already in
 * the list (same name and birth date) is not added again.
 */
export function useCards(): CardsState {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session.user ? String(session.user.id) : '';
  const onAccount = session.status === 'authenticated' && !session.user?.isOfflineUser && !!userId;
  const localVersion = useSyncExternalStore(localCardsVersion.subscribe, localCardsVersion.get, () => 0);
  const query = useQuery({
    queryKey: [CARDS_QUERY_KEY, userId],
    queryFn: () => fetchCards(userId),
    enabled: onAccount,
    // A list that could not be fetched is asked for again the next time the bar opens.
    staleTime: (q) => (q.state.data?.success === false ? 0 : 5 * 60_000),
  });
  const key = useMemo(() => [CARDS_QUERY_KEY, userId], [userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is what says the device's list changed
  const guestCards = useMemo(() => (onAccount ? [] : withOriginalDates(readLocalCards())), [onAccount, localVersion]);
  const list = query.data;
  const cards = onAccount ? (list?.cards ?? []) : guestCards;
  const limits = onAccount ? (list?.limits ?? null) : cardLimitsOf('free', guestCards.length);

  /** Puts a changed list into the cache at once, then asks the server for the truth (primary marks, limits). */
  const settle = useCallback(
    (change: (cards: Card[]) => Card[]) => {
      queryClient.setQueryData<CardList>(key, (old) => {
        if (!old) return old;
        const next = change(old.cards);
        return { ...old, cards: next, limits: old.limits ? cardLimitsOf(old.limits.plan, next.length) : null };
      });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    [queryClient, key],
  );

  const add = useCallback(
    async (body: CardBody, typed: string): Promise<SaveOutcome> => {
      const existing = cards.find((card) => isSameCard(card, { ...body, id: '' }));
      if (existing) return { ok: true, card: existing };
      if (refuseOverLimit(limits)) return { ok: false, reason: 'limit' };
      if (!onAccount) {
        const card = addLocalCard(body);
        rememberOriginalDate(card.id, typed);
        return { ok: true, card };
      }
      try {
        const card = await createCard(body);
        rememberOriginalDate(card.id, typed);
        settle((old) => mergeCards(old, withOriginalDates([card])));
        return { ok: true, card };
      } catch (error) {
        const limit = cardLimitOf(error);
        if (limit) {
          refuseOverLimit(cardLimitsOf(limit.plan, limit.limit));
          void queryClient.invalidateQueries({ queryKey: key });
          return { ok: false, reason: 'limit' };
        }
        return failureOf(error);
      }
    },
    [cards, limits, onAccount, settle, queryClient, key],
  );

  const update = useCallback(
    async (card: Card, changes: Partial<CardBody>, typed: string | null): Promise<SaveOutcome> => {
      if (Object.keys(changes).length === 0) return { ok: true, card };
      if (!onAccount) {
        const updated = updateLocalCard(card.id, changes);
        if (!updated) return { ok: false, reason: 'failed' };
        if (typed) rememberOriginalDate(card.id, typed);
        return { ok: true, card: updated };
      }
      try {
        const updated = await updateCard(card.id, changes);
        if (typed) rememberOriginalDate(updated.id, typed);
        settle((old) => old.map((c) => (c.id === updated.id ? (withOriginalDates([updated])[0] ?? updated) : c)));
        return { ok: true, card: updated };
      } catch (error) {
        return failureOf(error);
      }
    },
    [onAccount, settle],
  );

  /** Delete errors are ignored (spec 001 section 8): the card leaves the list, and comes back if the server kept it. */
  const remove = useCallback(
    async (card: Card) => {
      if (!onAccount) {
        removeLocalCard(card.id);
        return;
      }
      queryClient.setQueryData<CardList>(key, (old) =>
        old ? { ...old, cards: old.cards.filter((c) => c.id !== card.id) } : old,
      );
      try {
        if (await deleteCard(card.id)) forgetOriginalDates([card.id]);
      } catch {
        // Ignored on purpose; the refetch below shows the truth.
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
    [onAccount, queryClient, key],
  );

  return {
    mode: onAccount ? 'account' : 'guest',
    loading: session.status === 'restoring' || (onAccount && query.isPending),
    cards,
    limits,
    stale: onAccount && list?.success === false,
    error: onAccount ? (list?.error ?? null) : null,
    add,
    update,
    remove,
    roomForOne: () => !refuseOverLimit(limits),
  };
}

/** The fields of a card that a form changed, for a PUT that sends only those. */
export function changedFields(card: Card, next: CardBody): Partial<CardBody> {
  const changes: Partial<CardBody> = {};
  if (next.name !== card.name) changes.name = next.name;
  if (normalizeCardDate(next.birth_date) !== normalizeCardDate(card.birth_date)) changes.birth_date = next.birth_date;
  if ((next.description ?? null) !== (card.description ?? null)) changes.description = next.description;
  if (next.is_primary !== card.is_primary) changes.is_primary = next.is_primary;
  return changes;
}
