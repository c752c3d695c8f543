import { z } from 'zod';
import { safeText } from './text.ts';

const freeForm = z.record(z.string(), z.unknown());

/** A client error report (spec 000 section 8): the error as text or as an object, and React's errorInfo. */
export const frontendErrorBodySchema = z.strictObject({
  error: z.union([safeText(20_000), freeForm]),
  errorInfo: z.union([safeText(20_000), freeForm, z.null()]).optional(),
});

/** The Analytics event of spec 000 section 3. */
export const analyticsEventBodySchema = z.strictObject({
  event: safeText(100).pipe(z.string().trim().min(1, 'event is required')),
  category: safeText(100).nullish(),
  label: safeText(500).nullish(),
  value: z.union([safeText(500), z.number().finite()]).nullish(),
  customData: freeForm.nullish(),
  platform: safeText(50).nullish(),
  timestamp: z.union([safeText(40), z.number().finite()]).nullish(),
  url: safeText(2000).nullish(),
  session_id: safeText(100).nullish(),
});

export const acceptedResponseSchema = z.object({ success: z.literal(true) });

/** The frontend version record of spec 000 section 3. */
export const frontendVersionSchema = z.object({
  frontendVersion: z.string(),
  cacheVersion: z.string(),
  minAppVersion: z.string(),
  lastUpdate: z.string(),
  requiresUpdate: z.boolean(),
  isCritical: z.boolean(),
});

export const frontendVersionQuerySchema = z.strictObject({
  /** The version the client runs, to tell it whether it is below the minimum. */
  version: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .optional(),
  _t: z.string().max(40).optional(),
});
