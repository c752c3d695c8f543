import type { Card, CardLimits, MigrateCardsReply, PlanTier } from '@hunab/contracts';
import { ApiRequestError, api, TIMEOUTS } from '../../lib/api.ts';
import { breakers } from '../../lib/circuit-breaker.ts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import { readCachedCards, withOriginalDates, writeCachedCards } from './localStore.ts';

/** The query key of the signed-in user's cards: [CARDS_QUERY_KEY, userId]. */
export const CARDS_QUERY_KEY = 'cards';

/**
 * The card calls of spec 001 section 7, on the /cards family: 5 s each, behind the cards circuit breaker (4 failures,
 * 10 s rest), so a server in trouble is left alone instead of being hammered.
 */
async function call<T>(path: string, options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {}) {
  // The account's cards need the session's token: gone from storage (signed out elsewhere, storage cleared), the
  // call is not made; refused by the server, the session has ended there.
  if (!local.get(LOCAL_KEYS.authToken)) throw new AuthTokenMissingError(false);
  try {
    return await breakers.cards.execute(() => api<T>(path, { ...options, timeoutMs: TIMEOUTS.cards }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw new AuthTokenMissingError(true);
    throw error;
  }
}

/** The spec's 'Auth token missing' (before a call) and 'Auth token missing during API call' (refused by the server). */
export class AuthTokenMissingError extends Error {
  constructor(readonly duringCall: boolean) {
    super(duringCall ? 'Auth token missing during API call' : 'Auth token missing');
    this.name = 'AuthTokenMissingError';
  }
}

/** The spec's error for a reply without a body. */
export class EmptyResponseError extends Error {
  constructor() {
    super('Empty response from API');
    this.name = 'EmptyResponseError';
  }
}

/** A list in any of the shapes the two families answer with: a bare list, `data`, `data.cards` or `cards`. */
export function cardsOfReply(body: unknown): Card[] | null {
  const reply = body as { data?: unknown; cards?: unknown } | null;
  const data = reply?.data as { cards?: unknown } | undefined;
  const list = [body, reply?.data, data?.cards, reply?.cards].find(Array.isArray);
  return (list as Card[] | undefined) ?? null;
}

function cardOfReply(body: unknown, failure: string): Card {
  if (body === null || body === undefined || body === '') throw new EmptyResponseError();
  const card = (body as { data?: { card?: Card } }).data?.card;
  if (!card?.id) throw new Error(failure);
  return card;
}

export interface CardList {
  /** False when the server could not be reached and the list is the last one fetched. */
  success: boolean;
  cards: Card[];
  limits: CardLimits | null;
  error: Error | null;
}

/** The signed-in user's cards; a failed fetch answers the cached cards with success false (spec 001 section 7). */
export async function fetchCards(userId: string): Promise<CardList> {
  try {
    const body = await call<{ limits?: CardLimits }>('/cards');
    const cards = cardsOfReply(body);
    if (!cards) throw new EmptyResponseError();
    const limits = body?.limits ?? null;
    writeCachedCards({ userId, cards, limits });
    return { success: true, cards: withOriginalDates(cards), limits, error: null };
  } catch (error) {
    const cached = readCachedCards(userId);
    return {
      success: false,
      cards: withOriginalDates(cached?.cards ?? []),
      limits: cached?.limits ?? null,
      error: error instanceof Error ? error : new Error('Error fetching cards'),
    };
  }
}

export type CardBody = Pick<Card, 'name' | 'birth_date' | 'description' | 'is_primary'>;

export async function createCard(body: CardBody): Promise<Card> {
  return cardOfReply(await call<unknown>('/cards', { method: 'POST', body }), 'Error creating card');
}

/** Sends only the fields that changed. */
export async function updateCard(id: string, changes: Partial<CardBody>): Promise<Card> {
  return cardOfReply(
    await call<unknown>(`/cards/${encodeURIComponent(id)}`, { method: 'PUT', body: changes }),
    'Error updating card',
  );
}

/** True when the server says it is gone: `success` true or `status` 'success'. */
export async function deleteCard(id: string): Promise<boolean> {
  const reply = await call<{ success?: unknown; status?: unknown }>(`/cards/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return reply?.success === true || reply?.status === 'success';
}

export interface LocalCardPayload {
  localId: string;
  name: string | null;
  birth_date: string;
  description: string | null;
  is_primary: boolean;
}

export async function migrateCards(cards: LocalCardPayload[]): Promise<MigrateCardsReply['data']> {
  const reply = await call<MigrateCardsReply>('/cards/migrate', { method: 'POST', body: { cards } });
  if (!reply?.data) throw new EmptyResponseError();
  return reply.data;
}

/** The plan whose limit a refused add hit, when the server refused it for the plan's card limit. */
export function cardLimitOf(error: unknown): { plan: PlanTier; limit: number } | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'CARD_LIMIT_REACHED') return null;
  const details = (error.body as { error?: { plan?: PlanTier; limit?: number } } | null)?.error;
  return { plan: details?.plan ?? 'free', limit: details?.limit ?? 0 };
}
