import { today } from '@hunab/calendar';
import { useEffect, useRef } from 'react';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { openPricewall } from '../paywall/pricewall.ts';
import { guestViews } from './guestViews.ts';
import { BASIC_DAY_RANGE, decideDateChange } from './rules.ts';
import { useAccess } from './useAccess.ts';

/**
 * Holds the date selector, the swipes and the mobile date bar to the plan's dates: a guest's second date brings the
 * sign-in prompt, a free account's step the free pricewall, a basic one's step past a day the basic pricewall. Also
 * forgets a guest's views once someone signs in.
 */
export function DateAccess() {
  const access = useAccess();
  const { setGuard } = useSelectedDate();
  const viewer = useRef(access);
  viewer.current = access;

  useEffect(
    () =>
      setGuard((target) => {
        const decision = decideDateChange(viewer.current, target, today(), guestViews.count());
        if (decision.allowed) {
          if (decision.countsAsGuestView) guestViews.record();
          return true;
        }
        if (decision.refusal === 'guest_limit') guestViews.refuse();
        else if (decision.refusal === 'content_date_basic')
          openPricewall({ reason: 'content_date_basic', limit: BASIC_DAY_RANGE });
        else openPricewall({ reason: 'content_date_free' });
        return false;
      }),
    [setGuard],
  );

  useEffect(() => {
    if (access.signedIn) guestViews.reset();
  }, [access.signedIn]);

  return null;
}
