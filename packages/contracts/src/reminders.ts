import { z } from 'zod';
import { isTimeZone } from './game-rules.ts';

export const REMINDER_DEFAULT_TIME = '08:00';

/**
 * What a user receives and when: the daily kin and reading, and the galactic returns of their own birth date and of
 * their cards, by email and/or by push to their devices, at a local time in their IANA zone.
 */
export const reminderSettingsSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  daily: z.boolean(),
  returns: z.boolean(),
  local_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'local_time must be HH:MM'),
  time_zone: z.string().max(64).refine(isTimeZone, 'time_zone must be an IANA time zone such as Europe/Moscow'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderSettingsReplySchema = z.object({
  success: z.literal(true),
  data: reminderSettingsSchema.extend({ devices: z.number().int() }),
});

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z.string().max(1000).url(),
  expirationTime: z.number().nullish(),
  keys: z.strictObject({ p256dh: base64url(200), auth: base64url(64) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: z.string().max(1000).url() });

export const pushKeyReplySchema = z.object({ success: z.literal(true), publicKey: z.string() });

export const unsubscribeParamsSchema = z.strictObject({ token: z.string().min(10).max(200) });
