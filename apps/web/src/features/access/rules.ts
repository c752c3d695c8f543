import { dayNumber, type PlainDate } from '@hunab/calendar';
import { ADMIN_LEVEL, type PlanTier, tierOfLevel } from '@hunab/contracts';

/** Who is looking, as far as access goes. */
export interface Viewer {
  signedIn: boolean;
  /** 0 free, 1 basic, 2 premium, 3 administrator. */
  level: number;
}

/** How many dates a guest may open besides today, counted on the device (spec 000 sections 4.8 and 9). */
export const GUEST_DATE_VIEWS = 1;
/** Days either side of today a basic subscriber may step to (spec 000 section 5). */
export const BASIC_DAY_RANGE = 1;

export type DateDecision =
  | { allowed: true; countsAsGuestView: boolean }
  | { allowed: false; refusal: 'guest_limit' | 'content_date_free' | 'content_date_basic' };

/**
 * Whether the selected date may become `target` (spec 000 section 6, spec 001 section 5): today always; a guest
 * opens one other date, then must sign in; a free account only today; basic within one day of today; premium and
 * administrators any date.
 */
export function decideDateChange(viewer: Viewer, target: PlainDate, now: PlainDate, guestViews: number): DateDecision {
  const distance = Math.abs(dayNumber(target) - dayNumber(now));
  if (distance === 0) return { allowed: true, countsAsGuestView: false };
  if (!viewer.signedIn) {
    return guestViews < GUEST_DATE_VIEWS
      ? { allowed: true, countsAsGuestView: true }
      : { allowed: false, refusal: 'guest_limit' };
  }
  if (viewer.level >= 2) return { allowed: true, countsAsGuestView: false };
  if (viewer.level === 1) {
    return distance <= BASIC_DAY_RANGE
      ? { allowed: true, countsAsGuestView: false }
      : { allowed: false, refusal: 'content_date_basic' };
  }
  return { allowed: false, refusal: 'content_date_free' };
}

/** The subscription status as the client reads it. */
export interface AccessStatus {
  level: number;
  active: boolean;
  plan: PlanTier;
}

/**
 * The access of whoever is using the app (spec 001 section 6): an administrator reads as level 3 and active even when
 * the status cannot be fetched; a guest is free; a signed-in user whose status has not arrived (or failed) is basic.
 */
export function resolveAccess(input: {
  signedIn: boolean;
  isAdmin: boolean;
  fetched: { subscriptionLevel: number; subscriptionActive: boolean } | null;
  override: number | null;
}): AccessStatus {
  if (input.override !== null) {
    const level = input.override;
    return { level, active: level > 0, plan: tierOfLevel(level) };
  }
  if (input.signedIn && input.isAdmin) return { level: ADMIN_LEVEL, active: true, plan: 'premium' };
  if (!input.signedIn) return { level: 0, active: false, plan: 'free' };
  if (!input.fetched) return { level: 1, active: false, plan: 'basic' };
  const level = input.fetched.subscriptionActive ? input.fetched.subscriptionLevel : 0;
  return { level, active: input.fetched.subscriptionActive, plan: tierOfLevel(level) };
}

/** Parses the developer override of the access level ('0'..'3'), or null. */
export function parseAccessOverride(text: string | null): number | null {
  if (text === null || !/^[0-3]$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** The views-left indicator on matrix pages (spec 001 section 9): warning at 5 or fewer, critical at 2, exceeded at 0. */
export type CounterTone = 'normal' | 'warning' | 'critical' | 'exceeded';
export function counterTone(remaining: number): CounterTone {
  if (remaining <= 0) return 'exceeded';
  if (remaining <= 2) return 'critical';
  if (remaining <= 5) return 'warning';
  return 'normal';
}

/** The soft banner (spec 001 section 4): shown at 3 or fewer views left, critical at 1, none at 0. */
export function softBannerTone(remaining: number): 'none' | 'soft' | 'critical' {
  if (remaining <= 0 || remaining > 3) return 'none';
  return remaining === 1 ? 'critical' : 'soft';
}
