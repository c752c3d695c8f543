import { z } from 'zod';
import { adminListQuerySchema, adminListResponseSchema } from './admin-lists.ts';
import { EMAIL_TOPICS } from './email-topics.ts';
import { safeTrimmedText } from './text.ts';

/**
 * The topics an administrator writes letters for. The daily reading has a sender of its own (the daily reminder),
 * so it is not among them.
 */
export const LETTER_TOPICS = EMAIL_TOPICS.filter(
  (topic): topic is Exclude<(typeof EMAIL_TOPICS)[number], 'daily_reading'> => topic !== 'daily_reading',
);
export type LetterTopic = (typeof LETTER_TOPICS)[number];

/** How long a letter's subject and text may be, in characters. */
export const LETTER_SUBJECT_MAX = 200;
export const LETTER_BODY_MAX = 20_000;

const languageSchema = z.enum(['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar']);
const topicSchema = z.enum(['product_news', '13secrets', 'programme_reminders']);

/**
 * A letter to the readers of one topic of one language's list. The text is plain: paragraphs apart by an empty
 * line, https addresses made links; nothing in it is read as HTML. Subject and text can be stored (no NUL, no lone
 * surrogates), and the subject is one line.
 */
export const letterDraftSchema = z.strictObject({
  topic: topicSchema,
  lang: languageSchema,
  subject: safeTrimmedText(1, LETTER_SUBJECT_MAX).refine((value) => !/[\r\n]/.test(value), 'must be one line'),
  body: safeTrimmedText(1, LETTER_BODY_MAX),
});
export type LetterDraft = z.infer<typeof letterDraftSchema>;

/** Sending to every reader is deliberate: the count the administrator confirmed must still be the audience's. */
export const letterSendBodySchema = letterDraftSchema.extend({
  audience: z.number().int().min(1).max(10_000_000),
  reason: safeTrimmedText(0, 500).optional(),
});

export const letterAudienceQuerySchema = z.strictObject({ topic: topicSchema, lang: languageSchema });
export const letterAudienceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ topic: topicSchema, lang: languageSchema, audience: z.number() }),
});

export const letterTestResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ sentTo: z.string() }),
});

export const letterSchema = z.object({
  id: z.string(),
  topic: topicSchema,
  lang: languageSchema,
  subject: z.string(),
  status: z.enum(['sending', 'sent']),
  audience: z.number(),
  sent: z.number(),
  skipped: z.number(),
  createdBy: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Letter = z.infer<typeof letterSchema>;

export const letterResponseSchema = z.object({ success: z.literal(true), data: letterSchema });

export const lettersQuerySchema = adminListQuerySchema.extend({
  topic: topicSchema.optional(),
  lang: languageSchema.optional(),
});
export const lettersResponseSchema = adminListResponseSchema(letterSchema);
