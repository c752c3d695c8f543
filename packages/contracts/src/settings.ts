import { z } from 'zod';
import { SETTINGS_LANGUAGES } from './settings-rules.ts';

const botUrl = z
  .string()
  .max(300)
  .url()
  .regex(/^https:\/\/t\.me\/[A-Za-z0-9_]{3,64}(\?start=[A-Za-z0-9_-]{1,64})?$/, 'a https://t.me/... bot link');

/** How each setting's value is checked before it is stored. */
export const settingValueSchemas = {
  thirteenMoonsTarget: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().slice(0, 10) === value &&
        value >= '2000-01-01' &&
        value <= '2100-12-31'
      );
    }, 'a real date between 2000 and 2100'),
  thirteenMoonsBotUrl: botUrl,
  chatBotLinks: z.strictObject(
    Object.fromEntries(SETTINGS_LANGUAGES.map((lang) => [lang, botUrl])) as Record<
      (typeof SETTINGS_LANGUAGES)[number],
      typeof botUrl
    >,
  ),
  referralRewardsPerMonth: z.number().int().min(0).max(1000),
};

/** A change of some settings: only the keys given change. */
export const settingsUpdateBodySchema = z.strictObject({
  thirteenMoonsTarget: settingValueSchemas.thirteenMoonsTarget.optional(),
  thirteenMoonsBotUrl: settingValueSchemas.thirteenMoonsBotUrl.optional(),
  chatBotLinks: settingValueSchemas.chatBotLinks.optional(),
  referralRewardsPerMonth: settingValueSchemas.referralRewardsPerMonth.optional(),
  reason: z.string().trim().max(500).optional(),
});

const settingsSchema = z.object({
  thirteenMoonsTarget: z.string(),
  thirteenMoonsBotUrl: z.string(),
  chatBotLinks: z.record(z.string(), z.string()),
  referralRewardsPerMonth: z.number(),
});
export const publicSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: settingsSchema.partial().extend({
    /** A CRM is configured: only then does the app note the pages a signed-in reader opens for it. */
    crm: z.boolean().optional(),
  }),
});
export const adminSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: settingsSchema,
  /** Who changed each stored key last, and when (keys at their default have none). */
  changes: z.array(z.object({ key: z.string(), updatedBy: z.string().nullable(), updatedAt: z.string() })),
});
