import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS, local } from './storage.ts';

/**
 * The access an administrator may simulate from the admin popover, to see the app as a reader of that kind sees it:
 * a free account, a paid and active subscription, or a bought programme that waits for its activation date.
 * Only the client changes: the server still answers as to an administrator, and the simulation is read only for
 * administrators (a reader who sets the key by hand gains nothing, since nothing is opened by it).
 */
export const SIMULATED_ACCESS = ['free', 'paid_active', 'paid_waiting'] as const;
export type SimulatedAccess = (typeof SIMULATED_ACCESS)[number];

const listeners = new Set<() => void>();

function parse(text: string | null): SimulatedAccess | null {
  return SIMULATED_ACCESS.find((kind) => kind === text) ?? null;
}

/** The simulated access kept in this browser, or null. */
export function simulatedAccess(): SimulatedAccess | null {
  return parse(local.get(LOCAL_KEYS.accessSimulation));
}

/** Sets (or with null, resets) the simulated access, and tells every reader of it. */
export function setSimulatedAccess(kind: SimulatedAccess | null): void {
  if (kind) local.set(LOCAL_KEYS.accessSimulation, kind);
  else local.remove(LOCAL_KEYS.accessSimulation);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_KEYS.accessSimulation) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The simulated access, for an administrator only (null for everyone else). */
export function useSimulatedAccess(isAdmin: boolean): SimulatedAccess | null {
  const kind = useSyncExternalStore(subscribe, simulatedAccess, () => null);
  return isAdmin ? kind : null;
}

/** The plan level and state a simulation stands for: free 0; paid and active premium; paid and waiting 0, inactive. */
export function simulatedLevel(kind: SimulatedAccess): { level: number; active: boolean } {
  if (kind === 'paid_active') return { level: 2, active: true };
  return { level: 0, active: false };
}
