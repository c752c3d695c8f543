import { LANGUAGES } from '@hunab/calendar';
import { z } from 'zod';
import { adminListQuerySchema, adminPaginationSchema } from './admin-lists.ts';

const courseId = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and -');

/** /admin/education/notebook: what each reader did in each lesson, filtered by course, lesson and reader. */
export const adminNotebookQuerySchema = adminListQuerySchema.extend({
  course: courseId.optional(),
  /** A lesson's slug (`lesson-3`, `intro`); with a course, that course's lesson. */
  lesson: courseId.optional(),
  /** Part of the reader's email, any case. */
  email: z.string().trim().min(1).max(254).optional(),
  status: z.enum(['viewed', 'completed']).optional(),
  /** The language of the course and lesson titles (English, then any, when the lesson has none in it). */
  lang: z.enum(LANGUAGES).default('en'),
});
export type AdminNotebookQuery = z.infer<typeof adminNotebookQuerySchema>;

export const adminNotebookRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lessonId: z.number(),
  lessonSlug: z.string(),
  lessonNumber: z.number(),
  lessonTitle: z.string(),
  status: z.enum(['viewed', 'completed']),
  /** Where the reader stopped reading, per cent. */
  position: z.number(),
  enrolledAt: z.string().nullable(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminNotebookRow = z.infer<typeof adminNotebookRowSchema>;

/** The courses and their lessons, for the filters. */
export const adminNotebookCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  lessons: z.array(z.object({ slug: z.string(), number: z.number(), title: z.string() })),
});
export type AdminNotebookCourse = z.infer<typeof adminNotebookCourseSchema>;

export const adminNotebookResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminNotebookRowSchema),
  pagination: adminPaginationSchema,
  courses: z.array(adminNotebookCourseSchema),
});
