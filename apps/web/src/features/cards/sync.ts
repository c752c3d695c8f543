import type { QueryClient } from '@tanstack/react-query';
import { OFFLINE_TOKEN_PREFIX } from '../../lib/api.ts';
import { LOCAL_KEYS, local, SESSION_KEYS, session } from '../../lib/storage.ts';
import { readGuestBirthDate, sessionStore } from '../auth/session.ts';
import { CARDS_QUERY_KEY } from './api.ts';
import { cardsBar } from './bar.ts';

/** The session as the cards see it: the offline user keeps cards on the device, like a guest. */
type Phase = 'restoring' | 'anonymous' | 'offline' | 'account';
function phaseOf(): Phase {
  const { status, token } = sessionStore.get();
  if (status !== 'authenticated') return status;
  return token?.startsWith(OFFLINE_TOKEN_PREFIX) ? 'offline' : 'account';
}

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
  let previous = phaseOf();
  return sessionStore.subscribe(() => {
    const { user } = sessionStore.get();
    const phase = phaseOf();
    if (phase === previous) return;
    const before = previous;
    previous = phase;
    if (phase === 'account' && user) {
      // The offline user signing in for real is a sign-in too: the cards kept on the device move to the account.
      void afterSignIn(queryClient, user, before === 'anonymous' || before === 'offline');
    } else if (phase === 'anonymous' && (before === 'account' || before === 'offline')) {
      session.remove(SESSION_KEYS.cardsMigrated);
      session.remove(SESSION_KEYS.cyclesClientOnly);
      local.remove(LOCAL_KEYS.cardsCache);
      queryClient.removeQueries({ queryKey: [CARDS_QUERY_KEY] });
    }
  });
}

async function afterSignIn(
  queryClient: QueryClient,
  user: { id: string | number; birth_date?: string | null },
  justSignedIn: boolean,
): Promise<void> {
  if (hasGuestCards() && !session.get(SESSION_KEYS.cardsMigrated)) {
    const { migrateGuestCards } = await import('./migration.ts');
    // The account's birth date, or the guest's that sign-in is giving it (auth/session.ts).
    await migrateGuestCards(queryClient, String(user.id), user.birth_date ?? readGuestBirthDate()?.birthDate ?? null);
  }
  if (justSignedIn && local.get(LOCAL_KEYS.unsavedCard)) cardsBar.open();
}
