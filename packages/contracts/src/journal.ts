import { isValidDateText } from '@hunab/calendar';
import { z } from 'zod';
import {
  JOURNAL_EXPORT_FORMATS,
  JOURNAL_MAX_PAGE_SIZE,
  JOURNAL_MOODS,
  JOURNAL_PAGE_SIZE,
  JOURNAL_SEARCH_MAX,
  JOURNAL_TAG_MAX,
  JOURNAL_TAGS_MAX,
  JOURNAL_TEXT_MAX,
  normalizeTag,
} from './journal-rules.ts';
import { PLAN_TIERS } from './plans.ts';
import { hasForbiddenCharacters } from './text.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters other than tab and newline are dropped
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/** The text of an entry: line breaks made \n, control and direction-override characters removed, trimmed. */
export const journalTextSchema = z
  .string()
  .max(JOURNAL_TEXT_MAX, `text must be at most ${JOURNAL_TEXT_MAX} characters`)
  .refine((value) => !hasForbiddenCharacters(value), 'text contains characters that are not allowed')
  .transform((value) => value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim());

const tagSchema = z
  .string()
  .max(JOURNAL_TAG_MAX * 2, `a tag must be at most ${JOURNAL_TAG_MAX} characters`)
  .refine((value) => !hasForbiddenCharacters(value), 'a tag contains characters that are not allowed')
  .transform((value) => normalizeTag(value.replace(CONTROL_CHARACTERS, '')));

/** Tags as typed: normalised, blanks and repeats dropped. */
export const journalTagsSchema = z
  .array(tagSchema)
  .max(JOURNAL_TAGS_MAX, `at most ${JOURNAL_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags.filter(Boolean))]);

export const journalMoodSchema = z
  .number()
  .int()
  .refine((value) => (JOURNAL_MOODS as readonly number[]).includes(value), 'mood must be 1 to 5');

export const journalDateSchema = z
  .string()
  .max(10)
  .refine(isValidDateText, 'the date must be YYYY-MM-DD between 1000-01-01 and 9999-12-31');

export const journalDateParamsSchema = z.strictObject({ date: journalDateSchema });

export const saveJournalEntryBodySchema = z.strictObject({
  text: journalTextSchema,
  mood: journalMoodSchema.nullish(),
  tags: journalTagsSchema.optional(),
});
export type SaveJournalEntryBody = z.infer<typeof saveJournalEntryBodySchema>;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Filters of the list and of the exports: the day's seal, tone, wavespell, moon (0: the days out of the moons). */
export const journalFilterSchema = z.strictObject({
  seal: int(1, 20).optional(),
  tone: int(1, 13).optional(),
  wavespell: int(1, 20).optional(),
  moon: int(0, 13).optional(),
  kin: int(1, 260).optional(),
  mood: int(1, 5).optional(),
  tag: z
    .string()
    .max(JOURNAL_TAG_MAX * 2)
    .refine((value) => !hasForbiddenCharacters(value))
    .transform(normalizeTag)
    .optional(),
  q: z
    .string()
    .max(JOURNAL_SEARCH_MAX)
    .refine((value) => !hasForbiddenCharacters(value), 'the search contains characters that are not allowed')
    .transform((value) => value.trim())
    .optional(),
});
export type JournalFilter = z.infer<typeof journalFilterSchema>;

export const journalListQuerySchema = journalFilterSchema.extend({
  page: int(1, 100_000).default(1),
  limit: int(1, JOURNAL_MAX_PAGE_SIZE).default(JOURNAL_PAGE_SIZE),
});
export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

export const journalExportQuerySchema = journalFilterSchema.extend({
  format: z.enum(JOURNAL_EXPORT_FORMATS).default('md'),
});

export const journalEntrySchema = z.object({
  date: z.string(),
  kin: z.number().int(),
  seal: z.number().int(),
  tone: z.number().int(),
  wavespell: z.number().int(),
  /** 1-13; null on the Day Out of Time and on 0.0 Hunab Ku. */
  moon: z.number().int().nullable(),
  text: z.string(),
  mood: z.number().int().nullable(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalLimitsSchema = z.object({
  plan: z.enum(PLAN_TIERS),
  limit: z.number().int().nullable(),
  count: z.number().int(),
  canAdd: z.boolean(),
});

export const journalListReplySchema = z.object({
  success: z.literal(true),
  data: z.array(journalEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limits: journalLimitsSchema,
});

export const journalEntryReplySchema = z.object({
  success: z.literal(true),
  data: journalEntrySchema,
  limits: journalLimitsSchema,
});

/** GET of one day: the entry, or null for a day without one (an expected state, answered with 200). */
export const journalDayReplySchema = z.object({
  success: z.literal(true),
  data: journalEntrySchema.nullable(),
  limits: journalLimitsSchema,
});

export const journalDeletedReplySchema = z.object({ success: z.literal(true), deleted: z.number().int() });

/** Counts a statistics page draws: entries in all, per mood, per seal and tone of the day, per month written. */
export const journalSummarySchema = z.object({
  total: z.number().int(),
  streak: z.number().int(),
  bySeal: z.array(z.number().int()),
  byTone: z.array(z.number().int()),
  byMood: z.array(z.number().int()),
  /** The last 12 months, oldest first: { month: YYYY-MM, count }. */
  byMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type JournalSummary = z.infer<typeof journalSummarySchema>;
export const journalSummaryReplySchema = z.object({ success: z.literal(true), data: journalSummarySchema });
