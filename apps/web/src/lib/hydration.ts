import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children after the first render has committed: after hydration for a page the server rendered, where
 * they depend on what only the browser knows (the comments of the day, stored views). The second render is a
 * transition, so React renders them in short slices instead of one long task.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
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
