import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place scrolls into view, and keeps them from then on. Until then (and on the
 * server) it renders an empty slot of about their height. A block below the first screen (the comments under a
 * grid or a reading) costs nothing while the page opens, and nothing at all to a reader who never scrolls to it.
 * The render is a transition, so React renders the block in short slices.
 */
export function WhenInView({ children, slotClass }: { children: ReactNode; slotClass: string }) {
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
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);
  return shown ? children : <div ref={slot} className={slotClass} data-testid="in-view-slot" />;
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
