import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS, local, SESSION_KEYS, session } from '../../lib/storage.ts';
import { GUEST_DATE_VIEWS } from './rules.ts';

/**
 * A guest's date views and the sign-in prompt that follows them (spec 000 section 4.8): the count lives on the
 * device, the dismissal for the browser session; a refused date change shows the prompt again even when dismissed.
 */
interface PromptState {
  views: number;
  dismissed: boolean;
  /** Shown again by a refused date change. */
  reshown: boolean;
}

const readViews = () => {
  const views = Number(local.get(LOCAL_KEYS.dateViewCount) ?? 0);
  return Number.isFinite(views) && views > 0 ? Math.floor(views) : 0;
};

let state: PromptState = {
  views: readViews(),
  dismissed: session.get(SESSION_KEYS.authPromptDismissed) === '1',
  reshown: false,
};
const listeners = new Set<() => void>();
function set(next: PromptState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const guestViews = {
  count: () => state.views,
  /** One more date opened by a guest. */
  record(): void {
    local.set(LOCAL_KEYS.dateViewCount, String(state.views + 1));
    set({ ...state, views: state.views + 1 });
  },
  /** A further date was refused: the prompt shows again. */
  refuse(): void {
    set({ ...state, reshown: true });
  },
  dismiss(): void {
    session.set(SESSION_KEYS.authPromptDismissed, '1');
    set({ ...state, dismissed: true, reshown: false });
  },
  /** Sign-in starts afresh: no views counted, no dismissal, no prompt. */
  reset(): void {
    if (state.views === 0 && !state.dismissed && !state.reshown) return;
    local.remove(LOCAL_KEYS.dateViewCount);
    session.remove(SESSION_KEYS.authPromptDismissed);
    set({ views: 0, dismissed: false, reshown: false });
  },
};

/** Whether the sign-in prompt should show to a guest now. */
export function promptWanted(prompt: PromptState): boolean {
  return prompt.reshown || (prompt.views >= GUEST_DATE_VIEWS && !prompt.dismissed);
}

export function useGuestPrompt(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => promptWanted(state),
    () => false,
  );
}
