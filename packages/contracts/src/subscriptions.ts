import { z } from 'zod';
import { birthDateSchema, emailSchema, passwordSchema, userSchema, utcToday } from './auth.ts';
import { INTERESTS } from './auth-rules.ts';
import { dateTextSchema, languageSchema } from './calendar.ts';
import { DASH_TABS, MATRIX_KINDS, PLAN_IDS, PLAN_TIERS, type PlanId, SUBSCRIPTION_STATUSES } from './plans.ts';
import { safeText } from './text.ts';

export const subscriptionSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan_id: z.enum(PLAN_IDS),
  level: z.number().int(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  payment_method: z.enum(['paypal', 'card']).nullable(),
  /** Who sold it: a payment provider ('yookassa', 'paypal', 'test' for the built-in test payments) or 'admin'. */
  source: z.string(),
  /** The card's brand and last four digits, when the provider reported them. */
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  auto_renew: z.boolean(),
  auto_resume: z.boolean(),
  pause_until: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  active: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;

export const currentSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  subscription: subscriptionSchema.nullable(),
});

export const activeStatusResponseSchema = z.object({
  success: z.literal(true),
  subscriptionLevel: z.number().int(),
  subscriptionActive: z.boolean(),
  plan: z.enum(PLAN_TIERS),
});

const reasonSchema = safeText(500).optional();

export const pauseBodySchema = z.strictObject({
  days: z.union([z.literal(7), z.literal(14), z.literal(30)], {
    error: 'A pause lasts 7, 14 or 30 days',
  }),
  reason: reasonSchema,
  autoResume: z.boolean().default(true),
  pauseRecurringPayments: z.boolean().default(true),
});
export const resumeBodySchema = z.strictObject({
  resumeRecurringPayments: z.boolean().default(true),
  reason: reasonSchema,
});
export const cancelBodySchema = z.strictObject({
  cancelRecurringPayments: z.boolean().default(true),
  reason: reasonSchema,
});
export const subscriptionActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: subscriptionSchema,
});

export const plansResponseSchema = z.object({
  success: z.literal(true),
  plans: z.array(
    z.object({
      id: z.enum(PLAN_IDS),
      tier: z.enum(PLAN_TIERS),
      level: z.number().int(),
      name: z.string(),
      price_rub: z.number(),
      price_usd: z.number(),
      billing_period: z.enum(['monthly', 'yearly']),
      days: z.number().int(),
      features: z.object({
        'matrices.anyDate': z.boolean(),
        'content.dateRestriction': z.number().int().nullable(),
        'cards.maxSaved': z.number().int(),
        'cycles.fullAccess': z.boolean(),
        'views.monthly': z.number().int().nullable(),
      }),
    }),
  ),
});

export const grantParamsSchema = z.strictObject({ id: z.uuid({ error: 'The user id must be a UUID' }) });
export const grantBodySchema = z.strictObject({
  plan_id: z.enum(PLAN_IDS.filter((id) => id !== 'free') as [PlanId, ...PlanId[]], {
    error: `plan_id must be one of ${PLAN_IDS.filter((id) => id !== 'free').join(', ')}`,
  }),
  days: z.number().int().min(1, 'days must be at least 1').max(3660, 'days must be at most 3660'),
  /** Why the plan is granted; the admin area always sends it, and it is written to the audit log. */
  reason: safeText(500).trim().min(3, 'Say why (at least 3 characters)').optional(),
});
/** Why a plan is revoked (a query parameter: the request has no body). */
export const revokeQuerySchema = z.strictObject({
  reason: safeText(500).trim().min(3, 'Say why (at least 3 characters)').optional(),
});

export const interestCheckBodySchema = z.strictObject({
  email: emailSchema,
  interest: z.enum(INTERESTS).default('13secrets'),
});
export const interestCheckResponseSchema = z.object({
  success: z.literal(true),
  subscribed: z.boolean(),
  message: z.string(),
});
export const interestSubscribeBodySchema = z
  .strictObject({
    email: emailSchema,
    interest: z.enum(INTERESTS).default('general'),
    lang: languageSchema.default('ru'),
    register: z.boolean().default(false),
    password: passwordSchema.optional(),
    birth_date: birthDateSchema(utcToday).optional(),
    /** The name of a new account (registering only). */
    name: safeText(100).trim().optional(),
  })
  .refine((body) => !body.register || (body.password && body.birth_date), {
    message: 'Registering needs a password and a birth date',
    path: ['password'],
  });

export const promoCodeSchema = z.object({
  code: z.string(),
  discount_percentage: z.string(),
  valid_until: z.string(),
});
export const promoListResponseSchema = z.object({ success: z.literal(true), data: z.array(promoCodeSchema) });
export const promoCreateBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, 'A promo code is 3 to 32 letters, digits, _ or -')
    .transform((code) => code.toUpperCase()),
  discount_percentage: z
    .number()
    .min(1, 'The discount is 1 to 100 percent')
    .max(100, 'The discount is 1 to 100 percent'),
  valid_until: dateTextSchema,
  /** Listed on /promo/active and in banners; a private code (the default) works only for whoever is given it. */
  public: z.boolean().default(false),
  /** Orders that may use the code in all; null: no limit. */
  max_redemptions: z.number().int().min(1).max(1_000_000).nullable().default(1),
  /** Orders one buyer may use it for. */
  per_user_limit: z.number().int().min(1).max(1000).default(1),
});
export const promoParamsSchema = z.strictObject({ code: safeText(32).pipe(z.string().min(1)) });

export const purchaseQuerySchema = z.strictObject({
  product_name: safeText(64).pipe(z.string().trim().min(1)).default('main'),
  product_level: z
    .string()
    .regex(/^\d{1,2}$/, 'product_level must be a whole number')
    .transform(Number)
    .optional(),
});
export const purchaseCheckResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    hasPurchase: z.boolean(),
    /** The access record of spec 001 section 3: bought and not yet ended (it may still wait for its first day). */
    hasAccess: z.boolean(),
    productLevel: z.number().int().nullable(),
    activationDate: z.string().nullable(),
    activationType: z.enum(['immediate', 'next_wavespell', 'date']).nullable(),
    isActive: z.boolean(),
  }),
});
export const grantPurchaseBodySchema = z.strictObject({
  product_name: safeText(64).pipe(z.string().trim().min(1)),
  product_level: z.number().int().min(1).max(9),
  activation_date: dateTextSchema.optional(),
});

export const crmViewBodySchema = z.strictObject({
  subscriptionStatus: safeText(40).optional(),
  subscriptionPlan: safeText(40).optional(),
  hasActiveSubscription: z.boolean().optional(),
  pageUrl: safeText(2000).optional(),
  referrer: safeText(2000).optional(),
});

export const viewLimitSchema = z.object({
  views_used: z.number().int(),
  views_limit: z.number().int(),
  views_remaining: z.number().int(),
  reset_at: z.string(),
  is_exceeded: z.boolean(),
  has_subscription: z.boolean(),
});
export const viewLimitResponseSchema = z.object({ success: z.literal(true), data: viewLimitSchema });
export const matrixTrackBodySchema = z.strictObject({
  content_id: z.enum(MATRIX_KINDS, { error: `content_id must be one of ${MATRIX_KINDS.join(', ')}` }),
  date_viewed: dateTextSchema,
});
export const dashTrackBodySchema = z.strictObject({
  tab_id: z.enum(DASH_TABS, { error: `tab_id must be one of ${DASH_TABS.join(', ')}` }),
  date_viewed: dateTextSchema,
});
export const trackViewResponseSchema = z.object({
  success: z.literal(true),
  data: viewLimitSchema.extend({ is_limit_exceeded: z.boolean(), counted: z.boolean() }),
});

export const interestSubscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscribed: z.boolean(),
  token: z.string().nullable(),
  /** The new account when the request registered, as the sign-in reply gives it; else null. */
  user: userSchema.nullable(),
});
