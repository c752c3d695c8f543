import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { SESSION_KEYS, session } from './storage.ts';

/** Positions kept per history entry (React Router's location key), the newest last; enough for any Back run. */
const KEPT = 50;
/** How long a page may take to grow tall enough for its position (lazy chunk, data), or to show its anchor. */
const SETTLE_MS = 3_000;

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(session.get(SESSION_KEYS.scrollPositions) ?? '[]') as [string, number][];
    return new Map(saved.filter(([key, top]) => typeof key === 'string' && Number.isFinite(top)));
  } catch {
    return new Map();
  }
}

let positions: Map<string, number> | null = null;

function remember(key: string, top: number): void {
  positions ??= readPositions();
  positions.delete(key);
  positions.set(key, Math.max(0, Math.round(top)));
  while (positions.size > KEPT) positions.delete(positions.keys().next().value as string);
  session.set(SESSION_KEYS.scrollPositions, JSON.stringify([...positions]));
}

/**
 * Runs `step` on every frame until it reports done, the page has had SETTLE_MS to settle, or the reader scrolls
 * themselves (wheel, touch, keys), whose wish comes first. Returns the stop.
 */
function untilSettled(step: () => boolean): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const name of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(name, stop);
  };
  const tick = () => {
    if (step() || performance.now() - started > SETTLE_MS) return stop();
    frame = requestAnimationFrame(tick);
  };
  for (const name of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(name, stop, { passive: true });
  tick();
  return stop;
}

function scrollToTarget(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  if (!id) {
    window.scrollTo(0, 0);
    return () => {};
  }
  return untilSettled(() => {
    const target = document.getElementById(id);
    if (!target) return false;
    target.scrollIntoView();
    return true;
  });
}

function restore(top: number): () => void {
  return untilSettled(() => {
    window.scrollTo(0, top);
    return Math.abs(window.scrollY - top) < 2;
  });
}

/**
 * Where a page opens: a new page at its top, or at the element its hash names; a page reached with Back or Forward
 * where the reader left it, once it is tall enough again; a change of the query alone (a tab, a filter) where it is.
 * The position of the page being left is read as the next one renders, before its markup replaces the old.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const type = useNavigationType();
  const shown = useRef<{ key: string; pathname: string } | null>(null);
  const previous = shown.current;
  if (typeof window !== 'undefined' && previous && previous.key !== location.key) {
    remember(previous.key, window.scrollY);
  }
  shown.current = { key: location.key, pathname: location.pathname };

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const keep = () => remember(location.key, window.scrollY);
    // A reload or a tab closed and reopened comes back to the same entry.
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [location.key]);

  const from = useRef<string | null>(null);
  useLayoutEffect(() => {
    const left = from.current;
    from.current = location.pathname;
    positions ??= readPositions();
    const saved = positions.get(location.key);
    if (type === 'POP' && saved !== undefined) return restore(saved);
    if (left === null) return location.hash ? scrollToTarget(location.hash) : undefined;
    if (left === location.pathname && type !== 'POP') return location.hash ? scrollToTarget(location.hash) : undefined;
    return scrollToTarget(location.hash);
  }, [location.key, location.pathname, location.hash, type]);
}
