import type { PlainDate } from '@hunab/calendar';
import { useSyncExternalStore } from 'react';

/** Minutes east of UTC of the device's zone at noon of a date (so a change of clocks that day does not count). */
export function offsetAtNoon(date: PlainDate): number {
  return -new Date(date.year, date.month - 1, date.day, 12).getTimezoneOffset();
}

const never = () => () => {};

/** False while the server renders and the page hydrates, true after: the device's zone is known only then. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * The reader's zone offset at noon of a date, for the Moon of the pages: 0 (UTC) while the server renders and
 * the page hydrates, then the device's own, so the server's markup and the first render in the browser agree.
 */
export function useReaderOffset(date: PlainDate): number {
  return useInBrowser() ? offsetAtNoon(date) : 0;
}
