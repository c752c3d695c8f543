import type { QueryClient } from '@tanstack/react-query';
import { LOCAL_KEYS, local, SESSION_KEYS, session } from '../../lib/storage.ts';
import { sessionStore } from '../auth/session.ts';
import { cardsBar } from './bar.ts';

/** The query key of the signed-in user's cards: [CARDS_QUERY_KEY, userId]. */
export const CARDS_QUERY_KEY = 'cards';
const OFFLINE_TOKEN_PREFIX = 'offline-token-';

const hasGuestCards = () => {
  const stored = local.getJson<unknown>(LOCAL_KEYS.localCards);
  return Array.isArray(stored) && stored.length > 0;
};

/**
 * Follows the session (spec 000 section 4.9): on sign-in a guest's cards move to the account (the code that does it
 * loads only then), and a card left unsaved before signing in opens again in the bar; on sign-out the session flags
 * and the cached list go.
 */
export function startCardSync(queryClient: QueryClient): () => void {
  cardsBar.init();
  let previous = sessionStore.get().status;
  return sessionStore.subscribe(() => {
    const { status, token, user } = sessionStore.get();
    if (status === previous) return;
    const before = previous;
    previous = status;
    if (status === 'authenticated' && user && token && !token.startsWith(OFFLINE_TOKEN_PREFIX)) {
      void afterSignIn(queryClient, String(user.id), before === 'anonymous');
    } else if (status === 'anonymous' && before === 'authenticated') {
      session.remove(SESSION_KEYS.cardsMigrated);
      session.remove(SESSION_KEYS.cyclesClientOnly);
      local.remove(LOCAL_KEYS.cardsCache);
      queryClient.removeQueries({ queryKey: [CARDS_QUERY_KEY] });
    }
  });
}

async function afterSignIn(queryClient: QueryClient, userId: string, justSignedIn: boolean): Promise<void> {
  if (hasGuestCards() && !session.get(SESSION_KEYS.cardsMigrated)) {
    const { migrateGuestCards } = await import('./migration.ts');
    await migrateGuestCards(queryClient, userId);
  }
  if (justSignedIn && local.get(LOCAL_KEYS.unsavedCard)) cardsBar.open();
}
