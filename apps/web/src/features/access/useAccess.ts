import type { PlanTier } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { type SimulatedAccess, simulatedLevel, useSimulatedAccess } from '../../lib/access-simulation.ts';
import { api, TIMEOUTS } from '../../lib/api.ts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import { useSession } from '../auth/session.ts';
import { parseAccessOverride, resolveAccess } from './rules.ts';

export interface Access {
  signedIn: boolean;
  /** The signed-in user's id, '' for a guest. */
  userId: string;
  isAdmin: boolean;
  /** 0 free, 1 basic, 2 premium, 3 administrator. */
  level: number;
  /** An active subscription, or an administrator. */
  active: boolean;
  plan: PlanTier;
  /** The status is still being fetched (the level is then the default of spec 001 section 6). */
  loading: boolean;
  /** The access an administrator simulates from the admin popover (then `isAdmin` is false and the level its own). */
  simulated: SimulatedAccess | null;
}

interface ActiveStatus {
  subscriptionLevel: number;
  subscriptionActive: boolean;
  plan: PlanTier;
}

export const ACCESS_QUERY_KEY = 'access';
/** The subscription status is asked again 3 times, 2 s apart (spec 000 section 9). */
const RETRIES = 3;
const RETRY_DELAY_MS = 2_000;

/** A forced level, read only in development builds (spec 001 section 6: a developer override of access). */
function developerOverride(): number | null {
  return import.meta.env.DEV ? parseAccessOverride(local.get(LOCAL_KEYS.accessOverride)) : null;
}

/** The plan level of whoever is using the app, from GET /subscriptions/active-status for signed-in users. */
export function useAccess(): Access {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const isAdmin = signedIn && !!session.user?.is_admin;
  const userId = session.user ? String(session.user.id) : '';
  const simulated = useSimulatedAccess(isAdmin);
  const query = useQuery({
    queryKey: [ACCESS_QUERY_KEY, userId],
    queryFn: () => api<ActiveStatus>('/subscriptions/active-status', { timeoutMs: TIMEOUTS.short }),
    enabled: signedIn && !isAdmin && !session.user?.isOfflineUser,
    retry: RETRIES,
    retryDelay: RETRY_DELAY_MS,
  });
  const status = resolveAccess({
    signedIn,
    isAdmin,
    fetched: query.data ?? null,
    override: developerOverride(),
  });
  const loading = signedIn && query.isPending && query.fetchStatus !== 'idle';
  if (simulated) {
    const { level, active } = simulatedLevel(simulated);
    const plan = simulated === 'free' ? 'free' : 'premium';
    return { level, active, plan, signedIn, userId, isAdmin: false, loading: false, simulated };
  }
  return { ...status, signedIn, userId, isAdmin, loading, simulated: null };
}
