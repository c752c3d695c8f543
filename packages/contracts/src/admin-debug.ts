import { z } from 'zod';
import { PROCESS_OUTCOMES } from './plans.ts';

/** A real calendar day, YYYY-MM-DD, within the calendar's years. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((text) => {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    const at = new Date(Date.UTC(y, m - 1, d));
    return y >= 1000 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
  }, 'a date that exists');

/** /debug/process: whose access and on which of their days (the reader's today). */
export const processDebugQuerySchema = z.strictObject({
  /** A user's id (uuid) or email address. */
  user: z.string().trim().min(3).max(254),
  date: calendarDay,
});
export type ProcessDebugQuery = z.infer<typeof processDebugQuerySchema>;

/** Why a process day shows what it shows, by the rules of `modules/subscriptions/access.ts`, in their order. */
export const PROCESS_REASONS = [
  'administrator',
  'subscription',
  'programme_running',
  'open_tone',
  'programme_waiting',
  'programme_ended',
  'free_account',
] as const;
export type ProcessReason = (typeof PROCESS_REASONS)[number];

export const processDebugSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), isAdmin: z.boolean() }),
  date: z.string(),
  /** The access as it stands now (the plan is not replayed to the date). */
  access: z.object({ level: z.number(), tier: z.string(), active: z.boolean() }),
  openTones: z.array(z.number()),
  /** The bought 13-day programme the rules read (the user's latest `main` purchase), if any. */
  programme: z
    .object({ starts: z.string(), day: z.number(), createdAt: z.string(), activationDate: z.string().nullable() })
    .nullable(),
  days: z.array(
    z.object({
      tone: z.number(),
      status: z.enum(PROCESS_OUTCOMES),
      reason: z.enum(PROCESS_REASONS),
      activationDate: z.string().nullable(),
      targetDate: z.string().nullable(),
    }),
  ),
});
export type ProcessDebug = z.infer<typeof processDebugSchema>;
export const processDebugResponseSchema = z.object({ success: z.literal(true), data: processDebugSchema });
