import { z } from 'zod';
import { badgeSchema } from './auth.ts';
import { languageSchema } from './calendar.ts';
import {
  COMMENT_CYCLE_TYPES,
  COMMENT_CYCLES,
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  COMMENT_SUB_VALUE_MAX,
  COMMENTS_MAX_PAGE_SIZE,
  COMMENTS_PAGE_SIZE,
  type CommentCycleType,
  type CommentTextProblem,
  commentTextProblem,
} from './comment-rules.ts';
import { hasForbiddenCharacters } from './text.ts';

export const cycleTypeSchema = z.enum(COMMENT_CYCLE_TYPES, {
  error: () => `Unknown cycle type. Use one of: ${COMMENT_CYCLE_TYPES.join(', ')}.`,
});

const PROBLEM_MESSAGES: Record<CommentTextProblem, string> = {
  COMMENT_EMPTY: 'Комментарий не может быть пустым',
  COMMENT_TOO_SHORT: `Минимум ${COMMENT_MIN_LENGTH} символов`,
  COMMENT_TOO_LONG: `Максимум ${COMMENT_MAX_LENGTH} символов`,
};

/** Comment text as it arrives: a string that can be stored, trimmed, 10 to 1000 characters. */
export const commentTextSchema = z
  .string({ error: PROBLEM_MESSAGES.COMMENT_EMPTY })
  .max(COMMENT_MAX_LENGTH * 4, PROBLEM_MESSAGES.COMMENT_TOO_LONG)
  .superRefine((value, ctx) => {
    if (hasForbiddenCharacters(value)) {
      ctx.addIssue({ code: 'custom', message: 'contains characters that are not allowed' });
      return;
    }
    const problem = commentTextProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem], params: { code: problem } });
  })
  .transform((value) => value.trim());

/** A whole number as it arrives in a query string or a path. */
const wholeNumberText = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${what} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be a whole number from ${min} to ${max}`);

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: () => 'Use true or false.' })
  .transform((value) => value === 'true' || value === '1');

function checkCycleValue(
  value: { cycleType: CommentCycleType; cycleValue: number },
  ctx: z.RefinementCtx,
  path: string,
): void {
  const { min, max } = COMMENT_CYCLES[value.cycleType];
  if (value.cycleValue < min || value.cycleValue > max) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: `A ${value.cycleType} cycle value is a whole number from ${min} to ${max}.`,
    });
  }
}

export const commentIdParamsSchema = z.strictObject({
  id: wholeNumberText('The comment id', 1, Number.MAX_SAFE_INTEGER),
});

/** A moderator's deletion of someone else's comment may say why; the reason goes to the audit log with it. */
export const commentDeleteQuerySchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
});

export const commentsQuerySchema = z
  .strictObject({
    cycleType: cycleTypeSchema,
    cycleValue: wholeNumberText('cycleValue', 1, 9999),
    cycleSubValue: wholeNumberText('cycleSubValue', 0, COMMENT_SUB_VALUE_MAX).default(0),
    page: wholeNumberText('page', 1, 10_000).default(1),
    limit: wholeNumberText('limit', 1, COMMENTS_MAX_PAGE_SIZE).default(COMMENTS_PAGE_SIZE),
    lang: languageSchema.default('ru'),
    sortBy: z.enum(['top', 'new']).default('top'),
    includeReplies: booleanText.default(true),
    isSum: booleanText.default(false),
    showBoth: booleanText.default(false),
    /** A cache buster some clients add; ignored. */
    _t: z.string().max(40).optional(),
  })
  .superRefine((query, ctx) => checkCycleValue(query, ctx, 'cycleValue'));
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

export const createCommentBodySchema = z
  .strictObject({
    cycleType: cycleTypeSchema,
    cycleValue: z.number().int().min(1).max(9999),
    cycleSubValue: z.number().int().min(0).max(COMMENT_SUB_VALUE_MAX).nullish(),
    content: commentTextSchema,
    replyToId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullish(),
    isSum: z.boolean().default(false),
    /** The language of the thread; the author's interface language when absent. */
    lang: languageSchema.optional(),
  })
  .superRefine((body, ctx) => checkCycleValue(body, ctx, 'cycleValue'));
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z.strictObject({ content: commentTextSchema });

/** The author as a comment shows them; email and birth date only reach the author and administrators. */
export const commentAuthorSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  name: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  birth_date: z.string().nullable(),
  is_admin: z.boolean(),
  badge_type: badgeSchema.shape.badge_type.nullable(),
  badge_name: z.string().nullable(),
  /** The author's account was erased (docs/decisions/033): the comment shows "deleted user". */
  deleted_user: z.boolean().optional(),
});

/** The Comment entity of spec 001 section 3; `replies` holds the thread below it, oldest first. */
export interface CommentDto {
  id: number;
  user_id: string;
  user: z.infer<typeof commentAuthorSchema>;
  content: string;
  content_html: string;
  created_at: string;
  updated_at: string;
  is_edited: boolean;
  is_deleted: boolean;
  likes_count: number;
  dislikes_count: number;
  reply_to_id: number | null;
  depth: number;
  is_sum: boolean;
  cycleType: CommentCycleType;
  cycleValue: number;
  cycleSubValue: number;
  lang: string;
  /** The signed-in viewer's vote on it. */
  user_vote: 'like' | 'dislike' | null;
  replies: CommentDto[];
}

export const commentSchema: z.ZodType<CommentDto> = z
  .object({
    id: z.number().int(),
    user_id: z.string(),
    user: commentAuthorSchema,
    content: z.string(),
    content_html: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    is_edited: z.boolean(),
    is_deleted: z.boolean(),
    likes_count: z.number().int(),
    dislikes_count: z.number().int(),
    reply_to_id: z.number().int().nullable(),
    depth: z.number().int(),
    is_sum: z.boolean(),
    cycleType: cycleTypeSchema,
    cycleValue: z.number().int(),
    cycleSubValue: z.number().int(),
    lang: z.string(),
    user_vote: z.enum(['like', 'dislike']).nullable(),
    get replies() {
      return z.array(commentSchema);
    },
  })
  .meta({ id: 'Comment' });

/** The comment list response of spec 001 section 3. */
export const commentListSchema = z.object({
  /** The page as every reader sees it: user_vote is null here, and email and birth date are not listed. */
  comments: z.array(commentSchema),
  /** The reader's votes on the page's comments, by comment id. */
  votes: z.record(z.string(), z.enum(['like', 'dislike'])),
  /** Top-level comments of the cycle. */
  total: z.number().int(),
  /** Every comment of the cycle, replies included. */
  totalWithReplies: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** How many top-level comments the viewer gets in full (a guest: at most GUEST_VISIBLE_COMMENTS). */
  visibleCount: z.number().int(),
});
export type CommentList = z.infer<typeof commentListSchema>;

export const commentListResponseSchema = z.object({ success: z.literal(true), data: commentListSchema });
export const commentResponseSchema = z.object({
  success: z.literal(true),
  data: commentSchema,
  message: z.string(),
});
