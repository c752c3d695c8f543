import { z } from 'zod';
import { languageSchema } from './calendar.ts';

/** A referral cookie lasts 90 days; a user keeps at most 20 links (one per place they share it). */
export const REFERRAL_COOKIE = 'hunab_ref';
export const REFERRAL_COOKIE_DAYS = 90;
export const REFERRAL_LINKS_MAX = 20;
/** Access days a referrer earns for a referred user's first payment that was not refunded. */
export const REFERRAL_REWARD_DAYS = 30;

/** Where a link is shared: a short word of letters, digits, dashes and underscores. */
export const referralSourceSchema = z
  .string()
  .trim()
  .min(1, 'Name the place you share the link')
  .max(40, 'At most 40 characters')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'Letters, digits, dashes and underscores only');

/** Pages a link may lead to (without the language prefix). */
export const REFERRAL_TARGETS = [
  '/welcome',
  '/13days',
  '/13moons',
  '/13secrets',
  '/essence',
  '/welcome-coaches',
] as const;

export const createReferralLinkBodySchema = z.strictObject({
  source: referralSourceSchema,
  target: z.enum(REFERRAL_TARGETS).default('/welcome'),
  lang: languageSchema.optional(),
});

export const referralLinkSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  source: z.string(),
  target: z.string(),
  lang: z.string(),
  /** The address to share: /r/{slug} on the app's host. */
  url: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  purchases: z.number().int(),
  created_at: z.string(),
});
export type ReferralLinkDto = z.infer<typeof referralLinkSchema>;

export const referralSummarySchema = z.object({
  success: z.literal(true),
  links: z.array(referralLinkSchema),
  totals: z.object({
    clicks: z.number().int(),
    signups: z.number().int(),
    purchases: z.number().int(),
    reward_days: z.number().int(),
  }),
  rewards: z.array(
    z.object({
      days: z.number().int(),
      status: z.enum(['granted', 'reversed']),
      granted_at: z.string(),
      reversed_at: z.string().nullable(),
    }),
  ),
  reward_days_per_purchase: z.number().int(),
  refund_window_days: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralLinkResponseSchema = z.object({ success: z.literal(true), link: referralLinkSchema });

export const referralSlugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'A referral link is letters, digits, - and _'),
});
export const referralLinkParamsSchema = z.object({ id: z.coerce.number().int().positive() });
