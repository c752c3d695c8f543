import { planById, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@hunab/contracts';
import { ApiRequestError } from '../../lib/api.ts';

/** The management page's rules (spec 000 section 4.7), without React. */

/** Unknown statuses read as expired. */
export function statusOf(status: unknown): SubscriptionStatus {
  return SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus) ? (status as SubscriptionStatus) : 'expired';
}

export type SubscriptionAction = 'pause' | 'resume' | 'cancel';

/** Active: pause and cancel; paused: resume and cancel; cancelled or expired: none (only re-subscribe). */
export function actionsOf(status: SubscriptionStatus): SubscriptionAction[] {
  if (status === 'active') return ['pause', 'cancel'];
  if (status === 'paused') return ['resume', 'cancel'];
  return [];
}

/** An active basic subscription is offered the upgrade to premium. */
export function offersUpgrade(status: SubscriptionStatus, planId: string): boolean {
  return status === 'active' && planById(planId)?.tier === 'basic';
}

/**
 * How the payment method is named: a test payment says so, a card with its brand and last four digits when the
 * provider gave them, else the kind of method: a translation key and its values.
 */
export function paymentMethodLabel(subscription: {
  payment_method: 'card' | 'paypal' | null;
  source?: string;
  card_brand?: string | null;
  card_last4?: string | null;
}): [key: string, values?: Record<string, string>] {
  if (subscription.source === 'test') return ['paymentMethods.test'];
  const brand = subscription.card_brand ?? '';
  const last4 = subscription.card_last4 ?? '';
  if (last4) return ['paymentMethods.cardDetails', { brand, last4 }];
  if (brand) return ['paymentMethods.cardBrand', { brand }];
  return [`paymentMethods.${subscription.payment_method ?? 'none'}`];
}

/** Refresh retries (spec 000 section 9): up to 3 more attempts, 2 s apart, for failures a retry can mend. */
export const REFRESH_RETRIES = 3;
export const REFRESH_RETRY_DELAY_MS = 2_000;

export function shouldRetryRefresh(failures: number, error: unknown): boolean {
  if (failures >= REFRESH_RETRIES) return false;
  if (error instanceof ApiRequestError) return error.status === 0 || error.status >= 500;
  return true;
}

/** Sources that mean the page was opened from the native app or the installed app. */
export const MOBILE_SOURCES = ['mobile', 'mobile_app', 'pwa'] as const;

/** Reasons the subscription pages explain: the message reasons of spec 000 section 9 and the pricewall triggers. */
export const KNOWN_REASONS = [
  'limit_reached',
  'limit_warning',
  'content_cta',
  'top_notification',
  'navigation_limit',
  'premium_feature',
  'content_date_free',
  'content_date_basic',
  'cards_limit_free',
  'cards_limit_basic',
  'cycles_access',
] as const;

export type SubscriptionReason = (typeof KNOWN_REASONS)[number];

export function knownReason(reason: string | null): SubscriptionReason | null {
  return KNOWN_REASONS.find((known) => known === reason) ?? null;
}

/** The dashboard tabs a visitor may come from when their free views run out. */
export const DASH_TABS = ['seal', 'tone', 'oracle', 'veintena'] as const;
export type DashTab = (typeof DASH_TABS)[number];

/** Why and from where the visitor came to the page, as the links to it say (spec 000 section 2.4). */
export interface VisitContext {
  /** Free views left this month when the link was made; null when not given or not a count. */
  viewsRemaining: number | null;
  /** The dashboard tab the visitor was reading, to go back to. */
  tab: DashTab | null;
  /** The level the visitor needs: 1 basic, 2 premium. */
  level: 1 | 2 | null;
}

export function visitContextOf(search: URLSearchParams): VisitContext {
  const views = search.get('views_remaining') ?? '';
  const level = search.get('subscription_level') ?? '';
  const tab = search.get('tab');
  return {
    viewsRemaining: /^\d{1,4}$/.test(views) ? Number(views) : null,
    tab: DASH_TABS.find((known) => known === tab) ?? null,
    level: level === '1' ? 1 : level === '2' ? 2 : null,
  };
}
