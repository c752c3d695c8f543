import { addDays, plainDate } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import {
  counterTone,
  decideDateChange,
  parseAccessOverride,
  resolveAccess,
  softBannerTone,
} from '../src/features/access/rules.ts';
import { countedViewOf } from '../src/features/access/viewCounting.ts';

const now = plainDate(2026, 3, 10);
const guest = { signedIn: false, level: 0 };
const free = { signedIn: true, level: 0 };
const basic = { signedIn: true, level: 1 };
const premium = { signedIn: true, level: 2 };
const admin = { signedIn: true, level: 3 };

describe('date steps by plan', () => {
  it('always allows today, whoever asks', () => {
    for (const viewer of [guest, free, basic, premium, admin])
      expect(decideDateChange(viewer, now, now, 5)).toEqual({ allowed: true, countsAsGuestView: false });
  });

  it('lets a guest open one other date, counted, then refuses with the sign-in prompt', () => {
    expect(decideDateChange(guest, addDays(now, 1), now, 0)).toEqual({ allowed: true, countsAsGuestView: true });
    expect(decideDateChange(guest, addDays(now, 2), now, 1)).toEqual({ allowed: false, refusal: 'guest_limit' });
  });

  it('refuses a free account any day but today with the free pricewall', () => {
    expect(decideDateChange(free, addDays(now, -1), now, 0)).toEqual({ allowed: false, refusal: 'content_date_free' });
    expect(decideDateChange(free, addDays(now, 1), now, 0)).toEqual({ allowed: false, refusal: 'content_date_free' });
  });

  it('lets basic step one day either side of today, and no further', () => {
    expect(decideDateChange(basic, addDays(now, 1), now, 0).allowed).toBe(true);
    expect(decideDateChange(basic, addDays(now, -1), now, 0).allowed).toBe(true);
    expect(decideDateChange(basic, addDays(now, 2), now, 0)).toEqual({
      allowed: false,
      refusal: 'content_date_basic',
    });
    expect(decideDateChange(basic, addDays(now, -2), now, 0).allowed).toBe(false);
  });

  it('lets premium and administrators go anywhere', () => {
    expect(decideDateChange(premium, addDays(now, 400), now, 0).allowed).toBe(true);
    expect(decideDateChange(admin, addDays(now, -9000), now, 0).allowed).toBe(true);
  });
});

describe('access level', () => {
  const fetched = (level: number, active: boolean) => ({ subscriptionLevel: level, subscriptionActive: active });

  it('reads a guest as free and a signed-in user without a status yet as basic', () => {
    expect(resolveAccess({ signedIn: false, isAdmin: false, fetched: null, override: null }).level).toBe(0);
    expect(resolveAccess({ signedIn: true, isAdmin: false, fetched: null, override: null })).toEqual({
      level: 1,
      active: false,
      plan: 'basic',
    });
  });

  it('reads an administrator as level 3 and active, with or without a status', () => {
    expect(resolveAccess({ signedIn: true, isAdmin: true, fetched: null, override: null })).toEqual({
      level: 3,
      active: true,
      plan: 'premium',
    });
  });

  it('takes the level of an active subscription and 0 without one', () => {
    expect(resolveAccess({ signedIn: true, isAdmin: false, fetched: fetched(2, true), override: null }).level).toBe(2);
    expect(resolveAccess({ signedIn: true, isAdmin: false, fetched: fetched(0, false), override: null }).plan).toBe(
      'free',
    );
  });

  it('lets a developer override force a level from 0 to 3 only', () => {
    expect(parseAccessOverride('2')).toBe(2);
    expect(parseAccessOverride('7')).toBeNull();
    expect(parseAccessOverride(null)).toBeNull();
    expect(resolveAccess({ signedIn: false, isAdmin: false, fetched: null, override: 2 }).level).toBe(2);
  });
});

describe('view-limit looks', () => {
  it('warns at 5 or fewer views left, is critical at 2 or fewer and exceeded at 0', () => {
    expect([6, 5, 3, 2, 1, 0].map(counterTone)).toEqual([
      'normal',
      'warning',
      'warning',
      'critical',
      'critical',
      'exceeded',
    ]);
  });

  it('shows the soft banner at 3 or fewer, critical at 1, none at 0', () => {
    expect([4, 3, 2, 1, 0].map(softBannerTone)).toEqual(['none', 'soft', 'soft', 'critical', 'none']);
  });
});

describe('what a page view counts as', () => {
  it('names the matrix kind of each counted page and the dashboard tab', () => {
    expect(countedViewOf('/tzolkin', '')).toEqual({ scope: 'matrices', kind: 'tzolkin_matrix' });
    expect(countedViewOf('/context/2026-03-10', '')).toEqual({ scope: 'matrices', kind: 'context_matrix' });
    expect(countedViewOf('/cross', '')).toEqual({ scope: 'matrices', kind: 'oracle_matrix' });
    expect(countedViewOf('/dash', '')).toEqual({ scope: 'dash', tab: 'seal' });
    expect(countedViewOf('/dash', '?tab=veintena')).toEqual({ scope: 'dash', tab: 'veintena' });
  });

  it('counts nothing on pages without a kind', () => {
    expect(countedViewOf('/year', '')).toBeNull();
    expect(countedViewOf('/dash/cycles', '')).toBeNull();
    expect(countedViewOf('/dash', '?tab=nothing')).toBeNull();
  });
});
