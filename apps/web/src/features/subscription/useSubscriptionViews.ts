import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePublicSettings } from '../../lib/settings.ts';
import { useImpersonation, useSession } from '../auth/session.ts';
import { fetchCurrentSubscription, noteSubscriptionView, SUBSCRIPTION_KEYS } from './api.ts';
import { REFRESH_RETRY_DELAY_MS, shouldRetryRefresh } from './model.ts';

/**
 * Every page a signed-in reader opens is noted for the CRM with their subscription (spec 001 section 7: an ordinary
 * page view fires the subscription-view call). The subscription is read once and shared with the management page;
 * an administrator viewing the product as a user is not noted, and nothing is noted where no CRM is configured.
 */
export function useSubscriptionViews(): void {
  const { pathname, search } = useLocation();
  const session = useSession();
  const impersonating = useImpersonation() !== null;
  const signedIn =
    session.status === 'authenticated' && !!session.token && !session.user?.isOfflineUser && !impersonating;
  // Only for a CRM that is there: without one, the views would be sent for nothing (and count against a limit).
  const crm = usePublicSettings(signedIn).crm === true;
  const query = useQuery({
    queryKey: [...SUBSCRIPTION_KEYS.current, String(session.user?.id ?? '')],
    queryFn: fetchCurrentSubscription,
    enabled: signedIn && crm,
    // The management page's own policy, so that on that page both read the subscription in one fetch.
    retry: shouldRetryRefresh,
    retryDelay: REFRESH_RETRY_DELAY_MS,
  });
  const noted = useRef<string | null>(null);
  const page = pathname + search;
  const ready = signedIn && crm && !query.isPending;
  useEffect(() => {
    if (!ready || noted.current === page) return;
    noted.current = page;
    // A task of its own, after the page's first render, as the analytics page view.
    const timer = setTimeout(() => noteSubscriptionView(query.data ?? null, window.location.href), 0);
    return () => clearTimeout(timer);
  }, [ready, page, query.data]);
}
