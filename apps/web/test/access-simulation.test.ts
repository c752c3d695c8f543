import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSimulatedAccess, simulatedAccess, simulatedLevel } from '../src/lib/access-simulation.ts';
import { simulateProcessAccess } from '../src/lib/process-simulation.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';

beforeEach(() => vi.stubGlobal('window', { localStorage: new MemoryStorage() }));
afterEach(() => vi.unstubAllGlobals());

const served = { status: 'allowed' as const, openTones: [4, 5], activationDate: null, targetDate: null };

describe('the access an administrator simulates', () => {
  afterEach(() => setSimulatedAccess(null));

  it('is kept in this browser, read back and reset; an unknown value reads as none', () => {
    expect(simulatedAccess()).toBeNull();
    setSimulatedAccess('paid_waiting');
    expect(simulatedAccess()).toBe('paid_waiting');
    setSimulatedAccess(null);
    expect(simulatedAccess()).toBeNull();
    window.localStorage.setItem('hunab_access_simulation', 'premium');
    expect(simulatedAccess()).toBeNull();
  });

  it('stands for a plan level: free 0, paid and active premium, paid and waiting 0 and inactive', () => {
    expect(simulatedLevel('free')).toEqual({ level: 0, active: false });
    expect(simulatedLevel('paid_active')).toEqual({ level: 2, active: true });
    expect(simulatedLevel('paid_waiting')).toEqual({ level: 0, active: false });
  });

  it('closes the process days as the server would for that reader', () => {
    expect(simulateProcessAccess('free', served, 9, '2026-01-02').status).toBe('free_user_tone_restriction');
    expect(simulateProcessAccess('free', served, 5, '2026-01-02').status).toBe('allowed');
    expect(simulateProcessAccess('paid_active', served, 9, '2026-01-02').status).toBe('allowed');
    const waiting = simulateProcessAccess('paid_waiting', served, 9, '2026-01-02');
    expect(waiting).toMatchObject({ status: 'waiting_activation', targetDate: '2026-01-02' });
    expect(simulateProcessAccess('paid_waiting', served, 4, '2026-01-02').status).toBe('allowed');
  });
});
