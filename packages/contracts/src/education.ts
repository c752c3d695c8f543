import { z } from 'zod';
import { languageSchema } from './calendar.ts';
import { safeText } from './text.ts';

/** The courses of the education area; their lessons live in content/education/ and in the database. */
export const COURSE_IDS = ['intro', '13-days', 'subscription'] as const;
export type CourseId = (typeof COURSE_IDS)[number];

/** Why a lesson is closed to a reader: it needs a subscription (or the course's programme), or it opens later. */
export const LOCK_REASONS = ['subscription', 'drip'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const LESSON_STATUSES = ['viewed', 'completed'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

const slugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes, at most 40 characters');

export const courseParamsSchema = z.strictObject({ courseId: slugSchema });
export const lessonParamsSchema = z.strictObject({ courseId: slugSchema, lessonId: slugSchema });
export const educationQuerySchema = z.strictObject({ lang: languageSchema.default('ru') });

/** A lesson as a list shows it: enough to draw the side menu and the course page. */
export const lessonSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  lesson_number: z.number().int(),
  title: z.string(),
  section: z.string().nullable(),
  free_preview: z.boolean(),
  is_unlocked: z.boolean(),
  lock_reason: z.enum(LOCK_REASONS).nullable(),
  /** When a lesson released after enrolment opens, once the reader is enrolled. */
  available_at: z.string().nullable(),
  /** The reader's progress; null for a guest or a lesson not opened yet. */
  status: z.enum(LESSON_STATUSES).nullable(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const courseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The language the texts are in: the asked one, or English (then Russian) when it has none. */
  lang: z.string(),
  languages: z.array(z.string()),
  required_level: z.number().int(),
  is_unlocked: z.boolean(),
  lesson_count: z.number().int(),
  completed_count: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseListReplySchema = z.object({ success: z.literal(true), data: z.array(courseSummarySchema) });

export const courseDetailSchema = courseSummarySchema.extend({ lessons: z.array(lessonSummarySchema) });
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export const courseReplySchema = z.object({ success: z.literal(true), data: courseDetailSchema });

const neighbourSchema = z.object({ slug: z.string(), title: z.string() }).nullable();

export const lessonDetailSchema = lessonSummarySchema.extend({
  course_id: z.string(),
  course_title: z.string(),
  body: z.string(),
  lang: z.string(),
  /** The reader's last position in the lesson, 0-100 (per cent of its length). */
  position: z.number().int(),
  previous: neighbourSchema,
  next: neighbourSchema,
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;
/** Why a lesson is closed to its reader, and the way in: an expected answer, not an error. */
export const lessonLockSchema = z.object({
  reason: z.enum(LOCK_REASONS),
  course_id: z.string(),
  required_level: z.number().int(),
  available_at: z.string().nullable(),
  signed_in: z.boolean(),
});
export type LessonLock = z.infer<typeof lessonLockSchema>;
/** A lesson open to the reader has `data` and no lock; a closed one has no data and says why in `locked`. */
export const lessonReplySchema = z.object({
  success: z.literal(true),
  data: lessonDetailSchema.nullable(),
  locked: lessonLockSchema.nullable(),
});

/** GET /lessons/courses/subscription as spec 001 reads it: the lessons of the subscription programme. */
export const subscriptionLessonsReplySchema = z.object({
  success: z.literal(true),
  lessons: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      lesson_number: z.number().int(),
      title: z.string(),
      is_unlocked: z.boolean(),
      translation: z.object({ title_key: z.string() }),
    }),
  ),
});

export const progressBodySchema = z.strictObject({
  course_id: slugSchema,
  lesson_id: slugSchema,
  status: z.enum(LESSON_STATUSES),
  position: z.number().int().min(0).max(100).optional(),
});

export const progressEntrySchema = z.object({
  course_id: z.string(),
  lesson_id: z.string(),
  /** In the list of one's progress; absent in the reply to a change. */
  lesson_title: z.string().optional(),
  status: z.enum(LESSON_STATUSES),
  position: z.number().int(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export const progressReplySchema = z.object({ success: z.literal(true), data: progressEntrySchema });

/** Where a reader left off: the lesson to open next in a course. */
export const continueSchema = z.object({
  course_id: z.string(),
  course_title: z.string(),
  lesson_id: z.string(),
  lesson_title: z.string(),
  position: z.number().int(),
});

export const myProgressReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    courses: z.array(
      z.object({
        course_id: z.string(),
        title: z.string(),
        lesson_count: z.number().int(),
        completed_count: z.number().int(),
        viewed_count: z.number().int(),
        enrolled_at: z.string().nullable(),
        last_activity_at: z.string().nullable(),
      }),
    ),
    continue: continueSchema.nullable(),
    lessons: z.array(progressEntrySchema),
  }),
});
export type MyProgress = z.infer<typeof myProgressReplySchema>['data'];

/** An administrator's change to a lesson: its text in one language, and its settings. */
export const adminLessonBodySchema = z
  .strictObject({
    lang: languageSchema.optional(),
    title: safeText(200).pipe(z.string().trim().min(1)).optional(),
    body: safeText(50_000).pipe(z.string().trim().min(1)).optional(),
    free_preview: z.boolean().optional(),
    required_level: z.number().int().min(0).max(3).nullable().optional(),
    drip_days: z.number().int().min(0).max(366).nullable().optional(),
    rank: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((body) => (body.title === undefined && body.body === undefined) || body.lang !== undefined, {
    message: 'lang is needed to change a title or a text',
  });
export const adminLessonParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'The lesson id must be a whole number')
    .transform(Number),
});
export const adminLessonReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.number().int(),
    course_id: z.string(),
    slug: z.string(),
    free_preview: z.boolean(),
    required_level: z.number().int().nullable(),
    drip_days: z.number().int().nullable(),
    rank: z.number().int(),
  }),
});
