import { formatDate, kinOfDate, sealOfKin, today } from '@hunab/calendar';
import { updateAppIconDaily } from './native.ts';

/** Sets the app icon to the seal of the user's today (once per calendar day, see updateAppIconDaily). */
export function updateTodaysIcon(): Promise<boolean> {
  const date = today();
  return updateAppIconDaily(sealOfKin(kinOfDate(date)), formatDate(date));
}
