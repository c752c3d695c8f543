import { z } from 'zod';
import { successSchema } from './errors.ts';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

export const healthResponseSchema = successSchema(
  z.object({ status: z.literal('ok'), database: z.enum(DATABASE_KINDS) }),
);

export const statusResponseSchema = successSchema(
  z.object({
    name: z.literal('hunab'),
    version: z.string(),
    /** The Node and database versions are told to administrators only. */
    node: z.string().optional(),
    database: z.object({ kind: z.enum(DATABASE_KINDS), version: z.string(), migrations: z.number().int() }).optional(),
    uptimeSeconds: z.number(),
    startedAt: z.string(),
  }),
);
