import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';

/** The interface language of the current path, and a helper that keeps its prefix on links and redirects. */
export function useAuthPaths(): { lang: Language; to: (path: string) => string } {
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const to = useCallback((path: string) => localizedPath(lang, path), [lang]);
  return { lang, to };
}

/**
 * After a refused sign-in, holds the user on the page for a while (spec 001 section 4): an extra history entry is
 * pushed and pushed again whenever Back pops it, and leaving the page asks for confirmation. `arm` starts or extends
 * the window, `disarm` ends it (on success and on unmount).
 */
export function useBackNavigationGuard(): { arm: (ms: number) => void; disarm: () => void } {
  const until = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const cleanup = useRef<(() => void) | null>(null);

  const disarm = useCallback(() => {
    window.clearTimeout(timer.current);
    cleanup.current?.();
    cleanup.current = null;
    until.current = 0;
  }, []);

  const arm = useCallback(
    (ms: number) => {
      until.current = Date.now() + ms;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(disarm, ms);
      if (cleanup.current) return;
      const holding = () => Date.now() < until.current;
      const repush = () => window.history.pushState(window.history.state, '', window.location.href);
      const onPopState = () => {
        if (holding()) repush();
      };
      const onBeforeUnload = (event: BeforeUnloadEvent) => {
        if (!holding()) return;
        event.preventDefault();
        // Older browsers need a return value to show the dialog.
        event.returnValue = '';
      };
      repush();
      window.addEventListener('popstate', onPopState);
      window.addEventListener('beforeunload', onBeforeUnload);
      cleanup.current = () => {
        window.removeEventListener('popstate', onPopState);
        window.removeEventListener('beforeunload', onBeforeUnload);
      };
    },
    [disarm],
  );

  useEffect(() => disarm, [disarm]);
  return { arm, disarm };
}

/** A countdown in whole seconds: `start(60)`, then `left` falls to 0 once a second. */
export function useCooldown(): { left: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const id = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  return { left: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
