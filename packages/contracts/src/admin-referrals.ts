import { z } from 'zod';
import { adminListQuerySchema, adminListResponseSchema } from './admin-lists.ts';

/** A referral link's source: letters, digits, _ and - (as the referral links are made). */
const source = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, _ and -');

/** /admin/referrals: every referrer and source with what their links brought. */
export const adminReferrersQuerySchema = adminListQuerySchema.extend({ source: source.optional() });
export const adminReferrerRowSchema = z.object({
  referrerId: z.string(),
  email: z.string(),
  source: z.string(),
  links: z.number(),
  clicks: z.number(),
  signups: z.number(),
  /** Purchases made by the users these links brought. */
  purchases: z.number(),
  rewardsGranted: z.number(),
  rewardsReversed: z.number(),
  /** Access days granted and not reversed. */
  daysGranted: z.number(),
});
export type AdminReferrerRow = z.infer<typeof adminReferrerRowSchema>;
export const adminReferrersResponseSchema = adminListResponseSchema(adminReferrerRowSchema);

export const adminReferrerParamsSchema = z.strictObject({ referrerId: z.uuid(), source });
export const adminReferrerQuerySchema = z.strictObject({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const adminReferrerSchema = z.object({
  referrer: z.object({ id: z.string(), email: z.string() }),
  source: z.string(),
  from: z.string(),
  to: z.string(),
  links: z.array(z.object({ id: z.number(), slug: z.string(), target: z.string(), lang: z.string() })),
  clicksPerDay: z.array(z.object({ day: z.string(), count: z.number() })),
  referred: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      signedUpAt: z.string(),
      purchases: z.number(),
      /** Other referred accounts opened from the same client address (a sign of one person farming rewards). */
      sameAddress: z.number(),
    }),
  ),
  rewards: z.array(
    z.object({
      id: z.number(),
      referredEmail: z.string(),
      days: z.number(),
      status: z.enum(['granted', 'reversed']),
      grantedAt: z.string(),
      reversedAt: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type AdminReferrer = z.infer<typeof adminReferrerSchema>;
export const adminReferrerResponseSchema = z.object({ success: z.literal(true), data: adminReferrerSchema });
