import { useEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page served as HTML is being hydrated (and on the server), true afterwards and in a page rendered
 * in the browser from the start. Parts that depend on what only the browser knows (stored views, dismissed
 * banners, the comments of the day) render after hydration, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Sets `data-app-ready` on <html> once the page it stands beside is rendered, or hydrated, and so answers clicks.
 * It sits inside the page's Suspense boundary: a boundary React still has to render again after a hydration
 * mismatch has not committed it yet.
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '1';
  }, []);
  return null;
}
