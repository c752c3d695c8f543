import { useSyncExternalStore } from 'react';

/** The plans a pricewall can name. */
export type PricewallPlan = 'free' | 'basic' | 'premium';

/** What opened the pricewall: the paywall triggers of spec 001 section 9. */
export type PricewallReason =
  | 'cards_limit_free'
  | 'cards_limit_basic'
  | 'content_date_free'
  | 'content_date_basic'
  | 'cycles_access';

export interface PricewallRequest {
  reason: PricewallReason;
  /** Numbers the message may name, such as the card limit of the plan. */
  limit?: number;
  /** The user's plan, when the caller knows it. */
  plan?: PricewallPlan;
}

let current: PricewallRequest | null = null;
const listeners = new Set<() => void>();

function set(next: PricewallRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Opens the one pricewall of the page (mounted by the layout) for a reason. */
export function openPricewall(request: PricewallRequest): void {
  set(request);
}

export function closePricewall(): void {
  set(null);
}

export function usePricewall(): PricewallRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/**
 * Basic for free users and for the date and card limits of the free plan; premium for basic users and the basic
 * limits (spec 001 section 4). `tier` is the user's plan when the caller knows it.
 */
export function recommendedPlan(reason: PricewallReason, tier?: PricewallPlan): Exclude<PricewallPlan, 'free'> {
  if (tier === 'basic' || tier === 'premium') return 'premium';
  return reason.endsWith('_basic') ? 'premium' : 'basic';
}

/** The two looks of the pricewall (spec 000 section 8): a limit of the free plan, or one of the basic plan. */
export function pricewallVariant(request: PricewallRequest): 'free' | 'basic' {
  return recommendedPlan(request.reason, request.plan) === 'premium' ? 'basic' : 'free';
}
