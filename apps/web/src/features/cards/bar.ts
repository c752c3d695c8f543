import { useSyncExternalStore } from 'react';

/**
 * Whether the cards side bar is open, shared by the header's toggle and the bar itself, and mirrored on the body
 * as `cards-bar-open` / `cards-bar-closed` (spec 000 section 2.4).
 */
let open = false;

/** The id of the header's toggle, where focus returns when the bar closes from the keyboard. */
export const CARDS_TOGGLE_ID = 'cards-toggle';
const listeners = new Set<() => void>();

function applyBodyClass(): void {
  if (typeof document === 'undefined') return;
  document.body.classList.toggle('cards-bar-open', open);
  document.body.classList.toggle('cards-bar-closed', !open);
}

function set(next: boolean): void {
  open = next;
  applyBodyClass();
  for (const listener of listeners) listener();
}

export const cardsBar = {
  isOpen: () => open,
  open: () => set(true),
  close: () => set(false),
  toggle: () => set(!open),
  /** Puts the closed state on the body at start-up. */
  init: applyBodyClass,
};

export function useCardsBarOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cardsBar.isOpen,
    () => false,
  );
}
