import { z } from 'zod';
import { dateTextSchema, languageSchema } from './calendar.ts';
import { safeText } from './text.ts';

export const CONTENT_KINDS = ['seal', 'tone', 'moon', 'plasma', 'castle'] as const;
export const CYCLE_TYPES = ['13days'] as const;

const numberText = (max: number, what: string) =>
  z
    .string()
    .regex(/^\d{1,3}$/, `The ${what} number must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `The ${what} number must be a whole number from 1 to ${max}`);

export const sealParamsSchema = z.strictObject({ n: numberText(20, 'seal') });
export const toneParamsSchema = z.strictObject({ n: numberText(13, 'tone') });
export const contentQuerySchema = z.strictObject({
  lang: languageSchema.default('ru'),
  /** The date being read; when given, the seal or tone must be that date's, and the reader's plan must open it. */
  date: dateTextSchema.optional(),
  /** The reader's own date (their time zone), within a day of the server's UTC date. */
  today: dateTextSchema.optional(),
});

/** A content API record (spec 001 section 3). */
export const contentRecordSchema = z.object({
  content_id: z.string(),
  title: z.string(),
  content_text: z.string(),
  metadata: z.object({
    kind: z.enum(CONTENT_KINDS),
    number: z.number().int(),
    lang: z.string(),
    keywords: z.array(z.string()),
    summary: z.string(),
  }),
});
export const contentResponseSchema = z.object({ success: z.literal(true), data: contentRecordSchema });

export const processQuerySchema = z.strictObject({
  cycleType: z.enum(CYCLE_TYPES),
  cycleValue: numberText(13, 'tone'),
  lang: languageSchema.default('ru'),
  /** The reader's own date (their time zone); within a day of the server's UTC date. The server's when absent. */
  today: dateTextSchema.optional(),
});

/** A process content item: content_id starts with 13days_{tone}_ (spec 001 section 3). */
export const processItemSchema = z.object({
  content_id: z.string(),
  type_app: z.enum(['question', 'poll', 'other']),
  text: z.string(),
  options: z.array(z.string()).nullable(),
  position: z.number().int(),
});
export const processResponseSchema = z.object({
  success: z.literal(true),
  cycleType: z.enum(CYCLE_TYPES),
  cycleValue: z.number().int(),
  lang: z.string(),
  /** Whether this reader may open this day, and why not (spec 001 section 4); content is empty unless allowed. */
  access: z.object({
    status: z.enum(['allowed', 'waiting_activation', 'cycle_ended', 'free_user_tone_restriction', 'no_access']),
    /** The tone days a reader without a subscription may open: today's and yesterday's. */
    openTones: z.array(z.number().int()),
    activationDate: z.string().nullable(),
    targetDate: z.string().nullable(),
  }),
  content: z.array(processItemSchema),
});

export const submitResponseBodySchema = z.strictObject({
  questionId: z.string().regex(/^13days_\d{1,2}_[a-z0-9_]{1,40}$/, 'Unknown question'),
  response: safeText(5000).pipe(z.string().trim().min(1, 'The answer is empty')),
  cycleType: z.enum(CYCLE_TYPES),
  cycleValue: z.number().int().min(1).max(13),
  lang: languageSchema.default('ru'),
  today: dateTextSchema.optional(),
});

export const responsesQuerySchema = z.strictObject({
  cycleType: z.enum(CYCLE_TYPES),
  cycleValue: numberText(13, 'tone'),
});
export const responsesResponseSchema = z.object({
  success: z.literal(true),
  responses: z.array(z.object({ questionId: z.string(), response: z.string(), updatedAt: z.string() })),
});

export const shortcodesBodySchema = z.strictObject({
  content: z.string({ error: 'Content must be a string' }).max(100_000, 'Content is too long'),
  language: languageSchema.default('ru'),
});
export const shortcodesResponseSchema = z.object({
  success: z.literal(true),
  processedContent: z.object({ processedContent: z.string(), replacedShortcodes: z.array(z.string()) }),
});

export const hunabmathQuerySchema = z.strictObject({
  date: dateTextSchema.optional(),
  lang: languageSchema.default('ru'),
});

/** The fields a reading's front matter gives, and the text after it. */
export interface FrontMatter {
  title: string;
  keywords: string[];
  summary: string;
  body: string;
}

const unquote = (value: string) => value.trim().replace(/^(["'])(.*)\1$/, '$2');

/**
 * The front matter of the simple form the content files use (`key: value` lines and `[a, b, c]` lists between two
 * `---` lines) and the text after it; null for a text without front matter. The server reads content/ with it, the
 * web app the static files.
 */
export function readFrontMatter(text: string): FrontMatter | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return null;
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const list = (fields.keywords ?? '').replace(/^\[|\]$/g, '');
  return {
    title: unquote(fields.title ?? ''),
    keywords: list ? list.split(',').map(unquote).filter(Boolean) : [],
    summary: unquote(fields.summary ?? ''),
    body: (match[2] ?? '').trim(),
  };
}
