import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serialId, updatedAt } from './columns.ts';
import { ownerId } from './users.ts';

/**
 * Courses of the education area, loaded from content/education/ at boot (docs/decisions/024-education.md). Titles
 * and summaries are per language. A reader opens a course's lessons with `required_level` or a purchase of one of
 * `unlock_products` (the 13-day programme opens its course).
 */
export const eduCourses = pgTable('edu_courses', {
  id: text('id').primaryKey(),
  rank: integer('rank').notNull().default(0),
  requiredLevel: integer('required_level').notNull().default(0),
  unlockProducts: jsonb('unlock_products').$type<string[]>().notNull().default([]),
  /** The languages the course is written in; other readers get the first of English, then these. */
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
  summaries: jsonb('summaries').$type<Record<string, string>>().notNull().default({}),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const eduSections = pgTable(
  'edu_sections',
  {
    id: serialId(),
    courseId: text('course_id')
      .notNull()
      .references(() => eduCourses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    rank: integer('rank').notNull().default(0),
    titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [uniqueIndex('edu_sections_course_slug').on(t.courseId, t.slug)],
);

/** A lesson of a course: its place, whether anyone may read it, the level it needs and its release after enrolment. */
export const eduLessons = pgTable(
  'edu_lessons',
  {
    id: serialId(),
    courseId: text('course_id')
      .notNull()
      .references(() => eduCourses.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' }).references(() => eduSections.id, { onDelete: 'set null' }),
    /** The lesson's address in its course: `intro`, `lesson-1` ... */
    slug: text('slug').notNull(),
    lessonNumber: integer('lesson_number').notNull(),
    rank: integer('rank').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
    /** Overrides the course's level when set. */
    requiredLevel: integer('required_level'),
    /** Days after the reader's enrolment before the lesson opens; null opens it at once. */
    dripDays: integer('drip_days'),
    /** Set when an administrator changes the settings; the seed then keeps them. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('edu_lessons_course_slug').on(t.courseId, t.slug)],
);

/** A lesson's title and Markdown text in one language. */
export const eduLessonTexts = pgTable(
  'edu_lesson_texts',
  {
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => eduLessons.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.lang] })],
);

/** A reader's start of a course: written at their first step in it; drip lessons count from it. */
export const eduEnrolments = pgTable(
  'edu_enrolments',
  {
    userId: ownerId(),
    courseId: text('course_id')
      .notNull()
      .references(() => eduCourses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** A reader's progress in one lesson: viewed or completed, and where they stopped reading (per cent). */
export const eduLessonProgress = pgTable(
  'edu_lesson_progress',
  {
    userId: ownerId(),
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => eduLessons.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['viewed', 'completed'] }).notNull(),
    position: smallint('position').notNull().default(0),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('edu_lesson_progress_user_updated').on(t.userId, t.updatedAt),
  ],
);
