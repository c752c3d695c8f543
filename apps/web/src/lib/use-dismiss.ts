import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Closes a menu on Escape, a click or touch outside it, navigation, and a swipe (spec 000 section 2.4). */
export function useDismiss(open: boolean, close: () => void, ref: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    close();
  }, [pathname, close]);
  useEffect(() => {
    if (!open) return;
    let startX = 0;
    let startY = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    const onTouchStart = (event: TouchEvent) => {
      startX = event.touches[0]?.clientX ?? 0;
      startY = event.touches[0]?.clientY ?? 0;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const dx = (event.changedTouches[0]?.clientX ?? 0) - startX;
      const dy = (event.changedTouches[0]?.clientY ?? 0) - startY;
      if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onTouchStart, { passive: true });
    document.addEventListener('touchend', onTouchEnd);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onTouchStart);
      document.removeEventListener('touchend', onTouchEnd);
    };
  }, [open, close, ref]);
}
