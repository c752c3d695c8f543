import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` when the browser shows this page again from its back/forward cache (`pageshow` with `persisted`):
 * the page then comes back exactly as it was left, so anything that may have changed meanwhile, such as a payment
 * made on the next page, must be read again.
 */
export function useRefreshOnRestore(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
}
