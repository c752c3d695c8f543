// The plan catalogue and the access constants, free of schemas so that a client may import them without the
// validation library.

/** Plan tiers by level: 0 free, 1 basic, 2 premium; 3 is how an administrator reads (spec 000 sections 3 and 5). */
export const PLAN_TIERS = ['free', 'basic', 'premium'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const ADMIN_LEVEL = 3;

export const PLAN_IDS = [
  'free',
  'basic',
  'premium',
  'basic_monthly',
  'premium_monthly',
  'basic_yearly',
  'premium_yearly',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanFeatures {
  'matrices.anyDate': boolean;
  /** Days either side of today whose content may be read; null: any date. */
  'content.dateRestriction': number | null;
  'cards.maxSaved': number;
  'cycles.fullAccess': boolean;
  /** Calendar page views a month (the view counter); null: not counted. */
  'views.monthly': number | null;
}

export interface Plan {
  id: PlanId;
  tier: PlanTier;
  level: 0 | 1 | 2;
  name: string;
  price_rub: number;
  price_usd: number;
  billing_period: 'monthly' | 'yearly';
  /** Days one payment covers. */
  days: number;
  features: PlanFeatures;
}

/**
 * Calendar page views a month for accounts without a subscription (spec 001 section 6): each kind of calendar page
 * (the Tzolkin, the moon, a date's context, …) counts once a day, whichever date it shows.
 */
export const MONTHLY_VIEW_LIMIT = 20;

/** Saved cards by tier (spec 000 section 5). */
export const CARD_LIMITS: Readonly<Record<PlanTier, number>> = { free: 3, basic: 7, premium: 40 };

const FEATURES: Record<PlanTier, PlanFeatures> = {
  free: {
    'matrices.anyDate': false,
    'content.dateRestriction': 0,
    'cards.maxSaved': CARD_LIMITS.free,
    'cycles.fullAccess': false,
    'views.monthly': MONTHLY_VIEW_LIMIT,
  },
  basic: {
    'matrices.anyDate': false,
    'content.dateRestriction': 1,
    'cards.maxSaved': CARD_LIMITS.basic,
    'cycles.fullAccess': true,
    'views.monthly': null,
  },
  premium: {
    'matrices.anyDate': true,
    'content.dateRestriction': null,
    'cards.maxSaved': CARD_LIMITS.premium,
    'cycles.fullAccess': true,
    'views.monthly': null,
  },
};

/** What a tier opens (the plan catalogue's features). */
export function featuresOfTier(tier: PlanTier): PlanFeatures {
  return FEATURES[tier];
}

const plan = (
  id: PlanId,
  tier: PlanTier,
  name: string,
  billing: 'monthly' | 'yearly',
  rub: number,
  usd: number,
): Plan => ({
  id,
  tier,
  level: PLAN_TIERS.indexOf(tier) as 0 | 1 | 2,
  name,
  price_rub: rub,
  price_usd: usd,
  billing_period: billing,
  days: billing === 'yearly' ? 365 : 30,
  features: FEATURES[tier],
});

/**
 * The plan catalogue. The bare tier ids (basic, premium) are the monthly plans under their short names, kept
 * because grants and older subscriptions use them. Prices are the product's own (docs/decisions/015).
 */
export const PLANS: readonly Plan[] = [
  plan('free', 'free', 'Free', 'monthly', 0, 0),
  plan('basic', 'basic', 'Basic', 'monthly', 490, 4.99),
  plan('premium', 'premium', 'Premium', 'monthly', 990, 9.99),
  plan('basic_monthly', 'basic', 'Basic · monthly', 'monthly', 490, 4.99),
  plan('premium_monthly', 'premium', 'Premium · monthly', 'monthly', 990, 9.99),
  plan('basic_yearly', 'basic', 'Basic · yearly', 'yearly', 4900, 49),
  plan('premium_yearly', 'premium', 'Premium · yearly', 'yearly', 9900, 99),
];

export function planById(id: string): Plan | undefined {
  return PLANS.find((item) => item.id === id);
}

/** The tier of a numeric level: 0 free, 1 basic, 2 or more premium, anything else free (spec 000 section 5). */
export function tierOfLevel(level: unknown): PlanTier {
  if (typeof level !== 'number' || !Number.isFinite(level)) return 'free';
  if (level >= 2) return 'premium';
  return level === 1 ? 'basic' : 'free';
}

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PAUSE_DAYS = [7, 14, 30] as const;

/** Matrix kinds whose views are counted for users without a subscription (spec 001 section 6). */
export const MATRIX_KINDS = [
  'context_matrix',
  'kin_matrix',
  'moon_matrix',
  'oracle_matrix',
  'plasma_matrix',
  'process_matrix',
  'tzolkin_matrix',
] as const;
export const DASH_TABS = ['seal', 'tone', 'oracle', 'veintena'] as const;

/** Why content for a date or a process day is refused (spec 000 section 5, spec 001 section 4). */
export const DATE_DENIALS = [
  'free_user_restriction',
  'basic_plan_restriction',
  'unknown_restriction',
  'guest_date_limit',
] as const;

/**
 * The cookie that remembers a guest's one free date on their device (spec 000 section 4.8): the first date other
 * than today that the guest opened. The server reads it for the content API and for the pages it renders.
 */
export const GUEST_DATE_COOKIE = 'hunab_free_date';
export const GUEST_DATE_COOKIE_DAYS = 365;

/**
 * Whether a guest may read the content of `date` (all YYYY-MM-DD): today always; any other date only while it is
 * the device's one free date, or while the device has not used its free date yet.
 */
export function guestDateOpen(freeDate: string | null, date: string, today: string): boolean {
  return date === today || freeDate === null || freeDate === date;
}

/** The query key under which a rendered page carries whether a guest's date is open: `[GUEST_DATE_KEY, date]`. */
export const GUEST_DATE_KEY = 'guest-date';

/** The free date a cookie's value names, or null when it names none. */
export function freeDateOf(cookie: string | undefined): string | null {
  return cookie && /^\d{4}-\d{2}-\d{2}$/.test(cookie) ? cookie : null;
}
export const PROCESS_OUTCOMES = [
  'allowed',
  'waiting_activation',
  'cycle_ended',
  'free_user_tone_restriction',
  'no_access',
] as const;
export type ProcessOutcome = (typeof PROCESS_OUTCOMES)[number];
