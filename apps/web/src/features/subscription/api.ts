import { keptAddress, type PlanTier, type SubscriptionDto } from '@hunab/contracts';
import { ApiRequestError, api, TIMEOUTS } from '../../lib/api.ts';
import type { PromoCode } from '../../lib/plans.ts';
import { createSendWindow } from '../../lib/send-window.ts';

/** The subscription calls of spec 000 section 7. A reply whose `success` is not true is a failure (section 8). */

export class SubscriptionReplyError extends Error {
  constructor(what: string) {
    super(`Failed to ${what}`);
    this.name = 'SubscriptionReplyError';
  }
}

/** A call that got no answer at all (network down, timeout): the spec's "network error" variants. */
export const isNoAnswer = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 0;

/** The server's own message of a refused call, when it sent one (not the bare text of an HTTP status). */
export function serverText(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status === 0 || error.code.startsWith('HTTP_')) return null;
  return error.message || null;
}

function checked<T extends { success?: unknown }>(reply: T | null, what: string): T {
  if (reply?.success !== true) throw new SubscriptionReplyError(what);
  return reply;
}

export const SUBSCRIPTION_KEYS = {
  current: ['subscription', 'current'] as const,
  status: ['subscription', 'active-status'] as const,
  promos: ['subscription', 'promos'] as const,
};

export async function fetchCurrentSubscription(): Promise<SubscriptionDto | null> {
  const reply = await api<{ success?: unknown; subscription?: SubscriptionDto | null }>('/subscriptions/current', {
    timeoutMs: TIMEOUTS.default,
  });
  return checked(reply, 'refresh subscription').subscription ?? null;
}

export interface ActiveStatus {
  level: number;
  active: boolean;
  plan: PlanTier;
}

export async function fetchActiveStatus(): Promise<ActiveStatus> {
  const reply = await api<{
    success?: unknown;
    subscriptionLevel?: number;
    subscriptionActive?: boolean;
    plan?: PlanTier;
  }>('/subscriptions/active-status', { timeoutMs: TIMEOUTS.short });
  const body = checked(reply, 'check subscription status');
  return { level: body.subscriptionLevel ?? 0, active: body.subscriptionActive === true, plan: body.plan ?? 'free' };
}

export async function fetchActivePromos(): Promise<PromoCode[]> {
  const reply = await api<{ success?: unknown; data?: PromoCode[] }>('/promo/active', {
    auth: false,
    timeoutMs: TIMEOUTS.short,
  });
  return checked(reply, 'load promo codes').data ?? [];
}

type ActionReply = { success?: unknown; subscription?: SubscriptionDto };

async function action(path: string, body: unknown, what: string): Promise<SubscriptionDto | null> {
  const reply = await api<ActionReply>(path, { method: 'POST', body, timeoutMs: TIMEOUTS.default });
  return checked(reply, what).subscription ?? null;
}

export const pauseSubscription = (days: 7 | 14 | 30, reason: string) =>
  action(
    '/subscriptions/pause',
    { days, reason: reason || undefined, autoResume: true, pauseRecurringPayments: true },
    'pause subscription',
  );

export const resumeSubscription = () =>
  action('/subscriptions/resume', { resumeRecurringPayments: true }, 'resume subscription');

export const cancelSubscription = (reason: string) =>
  action(
    '/subscriptions/cancel',
    { cancelRecurringPayments: true, reason: reason || undefined },
    'cancel subscription',
  );

/**
 * At most this many page views a minute are noted from one tab: half of what the server takes from one account
 * (20 a minute), so a reader clicking quickly through pages, even in two tabs, is never answered 429.
 */
const VIEWS_A_MINUTE = 10;
const views = createSendWindow(VIEWS_A_MINUTE);

/** Tells the CRM the page was seen; fire and forget, errors ignored. */
export function noteSubscriptionView(subscription: SubscriptionDto | null, pageUrl: string): void {
  if (!views.take()) return;
  void api('/amocrm/subscription-view', {
    method: 'POST',
    timeoutMs: TIMEOUTS.short,
    body: {
      subscriptionStatus: subscription?.status ?? 'none',
      subscriptionPlan: subscription?.plan_id ?? 'free',
      hasActiveSubscription: subscription?.active === true,
      pageUrl: keptAddress(pageUrl) ?? undefined,
      referrer: document.referrer ? (keptAddress(document.referrer, { withOrigin: true }) ?? undefined) : undefined,
    },
  }).catch(() => undefined);
}
