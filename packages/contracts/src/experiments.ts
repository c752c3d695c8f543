import { z } from 'zod';
import { adminListQuerySchema, adminListResponseSchema } from './admin-lists.ts';

const keySchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and -');

/** The variants of an A/B test: 2 to 10, distinct keys, integer weights (at least one above 0). */
export const experimentVariantsSchema = z
  .array(z.strictObject({ key: keySchema, weight: z.number().int().min(0).max(1000) }))
  .min(2)
  .max(10)
  .refine(
    (variants) => new Set(variants.map((variant) => variant.key)).size === variants.length,
    'Variant keys repeat.',
  )
  .refine((variants) => variants.some((variant) => variant.weight > 0), 'At least one variant needs a weight.');

export const experimentKeyParamsSchema = z.strictObject({ key: keySchema });
export const experimentIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

/** A guest names itself with the anonymous id the app keeps on the device; a signed-in reader is its user id. */
const anonymousId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and -');
export const experimentAssignmentQuerySchema = z.strictObject({ anonymousId: anonymousId.optional() });
export const experimentConversionBodySchema = z.strictObject({ anonymousId: anonymousId.optional() });

export const experimentAssignmentResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ key: z.string(), variant: z.string(), running: z.boolean() }),
});
export const experimentConversionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ recorded: z.boolean(), variant: z.string().nullable() }),
});

export const experimentCreateBodySchema = z.strictObject({
  key: keySchema,
  name: z.string().trim().min(1).max(120),
  variants: experimentVariantsSchema,
  reason: z.string().trim().max(500).optional(),
});
export const experimentUpdateBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  variants: experimentVariantsSchema.optional(),
  status: z.enum(['running', 'stopped']).optional(),
  reason: z.string().trim().max(500).optional(),
});

export const experimentSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  status: z.enum(['running', 'stopped']),
  createdAt: z.string(),
  stoppedAt: z.string().nullable(),
  variants: z.array(
    z.object({
      key: z.string(),
      weight: z.number(),
      exposures: z.number(),
      conversions: z.number(),
      /** Conversions per exposure, 0 to 1. */
      rate: z.number(),
    }),
  ),
});
export type Experiment = z.infer<typeof experimentSchema>;
export const experimentResponseSchema = z.object({ success: z.literal(true), data: experimentSchema });
export const experimentsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(['running', 'stopped']).optional(),
});
export const experimentsResponseSchema = adminListResponseSchema(experimentSchema);
