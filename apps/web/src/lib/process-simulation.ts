import type { SimulatedAccess } from './access-simulation.ts';

export interface SimulatedProcessAccess {
  status: 'allowed' | 'waiting_activation' | 'cycle_ended' | 'free_user_tone_restriction' | 'no_access';
  openTones: number[];
  activationDate: string | null;
  targetDate: string | null;
}

/**
 * What a process day shows under a simulation, by the server's rules (modules/subscriptions/access.ts): a paid and
 * active reader opens every day; everyone opens today's and yesterday's tone days; beyond them a free account is told
 * why, and a programme waiting for its activation (simulated to start tomorrow) names the date it starts.
 */
export function simulateProcessAccess(
  kind: SimulatedAccess,
  real: SimulatedProcessAccess,
  tone: number,
  tomorrow: string,
): SimulatedProcessAccess {
  if (kind === 'paid_active' || real.openTones.includes(tone)) {
    return { ...real, status: 'allowed', activationDate: null, targetDate: null };
  }
  if (kind === 'paid_waiting') {
    return { ...real, status: 'waiting_activation', activationDate: tomorrow, targetDate: tomorrow };
  }
  return { ...real, status: 'free_user_tone_restriction', activationDate: null, targetDate: null };
}
