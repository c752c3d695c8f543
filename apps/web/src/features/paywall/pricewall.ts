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

/** Basic for free users and for the free limits; premium for basic users (spec 001 section 4). */
export function recommendedPlan(reason: PricewallReason): PricewallPlan {
  return reason.endsWith('_basic') ? 'premium' : 'basic';
}

/** Where the pricewall's call to action leads: the subscription page, told why and which plan to show. */
export function subscriptionSearch(request: PricewallRequest): string {
  const params = new URLSearchParams({
    source: request.reason.split('_')[0] ?? 'pricewall',
    reason: request.reason === 'cycles_access' ? 'premium_feature' : 'limit_reached',
    plan: recommendedPlan(request.reason),
    trigger: request.reason,
  });
  return `?${params}`;
}
