import type { Language } from '@hunab/calendar';
import { z } from 'zod';

/** The topics of a language's mailing list that a signed-in user turns on and off one by one. */
export const EMAIL_TOPICS = ['product_news', 'daily_reading', '13secrets', 'programme_reminders'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

/** The mailing list of each language (spec 000 section 9, the language config of section 3). */
export const MAILING_LIST_IDS: Readonly<Record<Language, number>> = {
  ru: 12,
  en: 15,
  es: 16,
  pt: 18,
  ar: 19,
  ja: 20,
  zh: 21,
  de: 22,
};

/** The version of the consent text shown beside every subscription form and topic switch; stored with each consent. */
export const MAILING_CONSENT_VERSION = '2026-11-24';

const languageSchema = z.enum(['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar']);

/** Whether the address has confirmed the list (double opt-in): nothing but the confirmation goes to it before. */
export const listAddressStateSchema = z.enum(['confirmed', 'pending', 'none']);

export const emailTopicStateSchema = z.object({
  topic: z.enum(EMAIL_TOPICS),
  subscribed: z.boolean(),
  consent_version: z.string().nullable(),
  consented_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
});

export const emailListStateSchema = z.object({
  lang: languageSchema,
  list_id: z.number().int(),
  address: listAddressStateSchema,
  topics: z.array(emailTopicStateSchema),
});
export type EmailListState = z.infer<typeof emailListStateSchema>;

export const emailPreferencesReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ lang: languageSchema, lists: z.array(emailListStateSchema) }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesReplySchema>['data'];

/** Turn one topic of one language's list on or off. */
export const emailTopicBodySchema = z.strictObject({
  lang: languageSchema,
  topic: z.enum(EMAIL_TOPICS),
  subscribed: z.boolean(),
});
export type EmailTopicBody = z.infer<typeof emailTopicBodySchema>;

export const emailTopicReplySchema = z.object({
  success: z.literal(true),
  data: emailListStateSchema,
  /** True when this change sent the confirmation email of the list to the user's address. */
  confirmation_sent: z.boolean(),
});
