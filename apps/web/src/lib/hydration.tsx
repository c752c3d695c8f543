import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** How far below the visible part of the page a deferred block starts to load: a short scroll ahead of the reader. */
const NEAR_VIEW_MARGIN = '0px 0px 200px 0px';

/**
 * Renders its children once their place comes near the visible part of the page, and keeps them from then on. Until
 * then (and on the server) it renders an empty slot. A block far down a long page (the comments under a grid) costs
 * nothing while the page opens; a reader who scrolls toward it finds it loaded. The render is a transition, so React
 * renders the block in short slices.
 */
export function WhenNearView({ children, slotClass }: { children: ReactNode; slotClass: string }) {
  const [shown, setShown] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = slot.current;
    if (shown || !target) return;
    const show = () => startTransition(() => setShown(true));
    if (typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show();
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);
  return shown ? children : <div ref={slot} className={slotClass} data-testid="near-view-slot" />;
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
