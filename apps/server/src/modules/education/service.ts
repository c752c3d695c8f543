import type {
  CourseDetail,
  CourseSummary,
  LessonDetail,
  LessonLock,
  LessonStatus,
  LessonSummary,
  LockReason,
  MyProgress,
} from '@hunab/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  eduCourses,
  eduEnrolments,
  eduLessonProgress,
  eduLessons,
  eduLessonTexts,
  eduSections,
  purchases,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import type { PlanDeps } from '../subscriptions/service.ts';
import { createLessonEditor } from './editing.ts';

type CourseRow = typeof eduCourses.$inferSelect;
type LessonRow = typeof eduLessons.$inferSelect;
type ProgressRow = typeof eduLessonProgress.$inferSelect;
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** What decides the locks: the reader's level, the programmes they bought and when they started each course. */
interface Reader {
  userId: string | null;
  level: number;
  isAdmin: boolean;
  products: Set<string>;
  enrolments: Map<string, Date>;
  progress: Map<number, ProgressRow>;
}

const DAY_MS = 86_400_000;

/** The language a course is read in: the asked one, else English, else the course's first (the intro: Russian). */
export function textLanguage(course: Pick<CourseRow, 'languages'>, lang: string): string {
  if (course.languages.includes(lang)) return lang;
  if (course.languages.includes('en')) return 'en';
  return course.languages[0] ?? lang;
}

const pick = (texts: Record<string, string>, lang: string) => texts[lang] ?? texts.en ?? Object.values(texts)[0] ?? '';

export function createEducationService({ db, subscriptions, now }: PlanDeps) {
  async function readerOf(viewer: Viewer | null, lessonIds: number[] = []): Promise<Reader> {
    const access = await subscriptions.accessOf(viewer);
    if (!viewer) {
      return {
        userId: null,
        level: 0,
        isAdmin: false,
        products: new Set(),
        enrolments: new Map(),
        progress: new Map(),
      };
    }
    const [bought, enrolled, progress] = await Promise.all([
      db
        .selectDistinct({ name: purchases.productName, id: purchases.productId, level: purchases.productLevel })
        .from(purchases)
        .where(eq(purchases.userId, viewer.id)),
      db.select().from(eduEnrolments).where(eq(eduEnrolments.userId, viewer.id)),
      lessonIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(eduLessonProgress)
            .where(and(eq(eduLessonProgress.userId, viewer.id), inArray(eduLessonProgress.lessonId, lessonIds))),
    ]);
    return {
      userId: viewer.id,
      level: access.level,
      isAdmin: access.isAdmin,
      // A paid programme names its catalogue product; a grant names only "main" and a level (main 1 is 13days).
      products: new Set(
        bought.flatMap((row) => [row.name, row.id ?? (row.name === 'main' && row.level === 1 ? '13days' : row.name)]),
      ),
      enrolments: new Map(enrolled.map((row) => [row.courseId, row.enrolledAt])),
      progress: new Map(progress.map((row) => [row.lessonId, row])),
    };
  }

  function courseOpen(course: CourseRow, reader: Reader): boolean {
    return (
      reader.isAdmin ||
      reader.level >= course.requiredLevel ||
      course.unlockProducts.some((product) => reader.products.has(product))
    );
  }

  /** Why a lesson is closed to the reader, and when a released-later lesson opens; null when it is open. */
  function lockOf(
    course: CourseRow,
    lesson: LessonRow,
    reader: Reader,
  ): { reason: LockReason; availableAt: Date | null } | null {
    if (reader.isAdmin || lesson.freePreview) return null;
    const required = lesson.requiredLevel ?? course.requiredLevel;
    const bought =
      required <= course.requiredLevel && course.unlockProducts.some((product) => reader.products.has(product));
    if (reader.level < required && !bought) return { reason: 'subscription', availableAt: null };
    if (lesson.dripDays) {
      const enrolledAt = reader.enrolments.get(course.id);
      const availableAt = enrolledAt ? new Date(enrolledAt.getTime() + lesson.dripDays * DAY_MS) : null;
      if (!availableAt || availableAt > now()) return { reason: 'drip', availableAt };
    }
    return null;
  }

  async function findCourse(courseId: string): Promise<CourseRow> {
    const [course] = await db.select().from(eduCourses).where(eq(eduCourses.id, courseId));
    if (!course) throw new ApiError(404, 'COURSE_NOT_FOUND', 'There is no such course.');
    return course;
  }

  async function lessonsOf(courseIds: string[]): Promise<LessonRow[]> {
    if (courseIds.length === 0) return [];
    return db
      .select()
      .from(eduLessons)
      .where(inArray(eduLessons.courseId, courseIds))
      .orderBy(eduLessons.courseId, eduLessons.rank, eduLessons.id);
  }

  /** Titles (and, when asked, texts) of lessons in a language, each falling back to any language it has. */
  async function textsOf(lessonIds: number[], lang: string, withBody = false) {
    if (lessonIds.length === 0) return new Map<number, { title: string; body: string; lang: string }>();
    const rows = await db
      .select({
        lessonId: eduLessonTexts.lessonId,
        lang: eduLessonTexts.lang,
        title: eduLessonTexts.title,
        body: withBody ? eduLessonTexts.body : sql<string>`''`,
      })
      .from(eduLessonTexts)
      .where(inArray(eduLessonTexts.lessonId, lessonIds));
    const texts = new Map<number, { title: string; body: string; lang: string }>();
    const rank = (code: string) => (code === lang ? 0 : code === 'en' ? 1 : code === 'ru' ? 2 : 3);
    for (const row of rows) {
      const kept = texts.get(row.lessonId);
      if (!kept || rank(row.lang) < rank(kept.lang)) texts.set(row.lessonId, row);
    }
    return texts;
  }

  function summaryOf(
    course: CourseRow,
    lessons: LessonRow[],
    reader: Reader,
    lang: string,
  ): CourseSummary & { lang: string } {
    return {
      id: course.id,
      title: pick(course.titles, lang),
      summary: pick(course.summaries, lang),
      lang,
      languages: course.languages,
      required_level: course.requiredLevel,
      is_unlocked: courseOpen(course, reader),
      lesson_count: lessons.length,
      completed_count: lessons.filter((lesson) => reader.progress.get(lesson.id)?.status === 'completed').length,
    };
  }

  async function lessonList(course: CourseRow, lessons: LessonRow[], reader: Reader, lang: string) {
    const [texts, sections] = await Promise.all([
      textsOf(
        lessons.map((lesson) => lesson.id),
        lang,
      ),
      db.select().from(eduSections).where(eq(eduSections.courseId, course.id)),
    ]);
    const sectionTitles = new Map(sections.map((section) => [section.id, pick(section.titles, lang)]));
    return lessons.map((lesson): LessonSummary => {
      const lock = lockOf(course, lesson, reader);
      return {
        id: lesson.id,
        slug: lesson.slug,
        lesson_number: lesson.lessonNumber,
        title: texts.get(lesson.id)?.title ?? lesson.slug,
        section: lesson.sectionId ? (sectionTitles.get(lesson.sectionId) ?? null) : null,
        free_preview: lesson.freePreview,
        is_unlocked: lock === null,
        lock_reason: lock?.reason ?? null,
        available_at: lock?.availableAt?.toISOString() ?? null,
        status: reader.progress.get(lesson.id)?.status ?? null,
      };
    });
  }

  /** The lesson a reference names: its slug (`lesson-3`), or its numeric id. */
  function findLesson(lessons: LessonRow[], ref: string): LessonRow {
    const lesson = lessons.find((row) => row.slug === ref) ?? lessons.find((row) => String(row.id) === ref);
    if (!lesson) throw new ApiError(404, 'LESSON_NOT_FOUND', 'There is no such lesson in this course.');
    return lesson;
  }

  return {
    /** Courses readable in the language (the Russian-only intro is listed for Russian readers only). */
    async courses(viewer: Viewer | null, lang: string): Promise<CourseSummary[]> {
      const all = await db.select().from(eduCourses).orderBy(eduCourses.rank, eduCourses.id);
      const shown = all.filter((course) => course.languages.includes(lang) || course.languages.includes('en'));
      const lessons = await lessonsOf(shown.map((course) => course.id));
      const reader = await readerOf(
        viewer,
        lessons.map((lesson) => lesson.id),
      );
      return shown.map((course) =>
        summaryOf(
          course,
          lessons.filter((lesson) => lesson.courseId === course.id),
          reader,
          textLanguage(course, lang),
        ),
      );
    },

    async course(viewer: Viewer | null, courseId: string, lang: string): Promise<CourseDetail> {
      const course = await findCourse(courseId);
      const lessons = await lessonsOf([course.id]);
      const reader = await readerOf(
        viewer,
        lessons.map((lesson) => lesson.id),
      );
      const textLang = textLanguage(course, lang);
      return {
        ...summaryOf(course, lessons, reader, textLang),
        lessons: await lessonList(course, lessons, reader, textLang),
      };
    },

    /**
     * One lesson with its text, or, for a lesson closed to the reader, why and the way in: a closed lesson is an
     * expected answer (the page shows the way in), so it is not an error status.
     */
    async lesson(
      viewer: Viewer | null,
      courseId: string,
      ref: string,
      lang: string,
    ): Promise<{ data: LessonDetail; locked: null } | { data: null; locked: LessonLock }> {
      const course = await findCourse(courseId);
      const lessons = await lessonsOf([course.id]);
      const lesson = findLesson(lessons, ref);
      const reader = await readerOf(
        viewer,
        lessons.map((row) => row.id),
      );
      const lock = lockOf(course, lesson, reader);
      if (lock) {
        return {
          data: null,
          locked: {
            reason: lock.reason,
            course_id: course.id,
            required_level: lesson.requiredLevel ?? course.requiredLevel,
            available_at: lock.availableAt?.toISOString() ?? null,
            signed_in: viewer !== null,
          },
        };
      }
      const textLang = textLanguage(course, lang);
      const list = await lessonList(course, lessons, reader, textLang);
      const index = list.findIndex((item) => item.id === lesson.id);
      const summary = list[index];
      const text = (await textsOf([lesson.id], textLang, true)).get(lesson.id);
      if (!summary || !text) throw new ApiError(404, 'LESSON_NOT_FOUND', 'This lesson has no text yet.');
      const neighbour = (item: LessonSummary | undefined) => (item ? { slug: item.slug, title: item.title } : null);
      return {
        data: {
          ...summary,
          course_id: course.id,
          course_title: pick(course.titles, textLang),
          body: text.body,
          lang: text.lang,
          position: reader.progress.get(lesson.id)?.position ?? 0,
          previous: neighbour(list[index - 1]),
          next: neighbour(list[index + 1]),
        },
        locked: null,
      };
    },

    /** Marks a lesson viewed or completed for its reader (completion is kept), and enrols them in the course. */
    async saveProgress(
      viewer: Viewer,
      input: { course_id: string; lesson_id: string; status: LessonStatus; position?: number | undefined },
    ) {
      const course = await findCourse(input.course_id);
      const lessons = await lessonsOf([course.id]);
      const lesson = findLesson(lessons, input.lesson_id);
      const reader = await readerOf(viewer, [lesson.id]);
      const lock = lockOf(course, lesson, reader);
      if (lock) throw new ApiError(403, 'LESSON_LOCKED', 'This lesson is not open to you.', { reason: lock.reason });
      const at = now();
      const completed = input.status === 'completed';
      const row = await db.transaction(async (tx) => {
        await tx
          .insert(eduEnrolments)
          .values({ userId: viewer.id, courseId: course.id, enrolledAt: at })
          .onConflictDoNothing();
        const [saved] = await tx
          .insert(eduLessonProgress)
          .values({
            userId: viewer.id,
            lessonId: lesson.id,
            status: input.status,
            position: input.position ?? (completed ? 100 : 0),
            updatedAt: at,
            completedAt: completed ? at : null,
          })
          .onConflictDoUpdate({
            target: [eduLessonProgress.userId, eduLessonProgress.lessonId],
            set: {
              // A completed lesson stays completed when it is opened again.
              status: completed ? 'completed' : sql`${eduLessonProgress.status}`,
              position: input.position ?? sql`${eduLessonProgress.position}`,
              updatedAt: at,
              completedAt: completed ? sql`coalesce(${eduLessonProgress.completedAt}, ${at})` : undefined,
            },
          })
          .returning();
        return saved;
      });
      if (!row) throw new Error('the progress row was not written');
      return {
        course_id: course.id,
        lesson_id: lesson.slug,
        status: row.status,
        position: row.position,
        updated_at: row.updatedAt.toISOString(),
        completed_at: row.completedAt?.toISOString() ?? null,
      };
    },

    /** The reader's progress: per course, every lesson touched, and the lesson to continue with. */
    async myProgress(viewer: Viewer, lang: string): Promise<MyProgress> {
      const [courses, rows, enrolled] = await Promise.all([
        db.select().from(eduCourses).orderBy(eduCourses.rank, eduCourses.id),
        db
          .select()
          .from(eduLessonProgress)
          .where(eq(eduLessonProgress.userId, viewer.id))
          .orderBy(desc(eduLessonProgress.updatedAt)),
        db.select().from(eduEnrolments).where(eq(eduEnrolments.userId, viewer.id)),
      ]);
      const lessons = await lessonsOf(courses.map((course) => course.id));
      const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
      const progress = new Map(rows.map((row) => [row.lessonId, row]));
      const shown = courses.filter(
        (course) =>
          course.languages.includes(lang) ||
          course.languages.includes('en') ||
          enrolled.some((row) => row.courseId === course.id),
      );
      const titles = await textsOf(
        rows.map((row) => row.lessonId),
        lang,
      );
      const entries = rows.flatMap((row) => {
        const lesson = byId.get(row.lessonId);
        if (!lesson) return [];
        return [
          {
            course_id: lesson.courseId,
            lesson_id: lesson.slug,
            lesson_title: titles.get(lesson.id)?.title ?? lesson.slug,
            status: row.status,
            position: row.position,
            updated_at: row.updatedAt.toISOString(),
            completed_at: row.completedAt?.toISOString() ?? null,
          },
        ];
      });

      let next: { course: CourseRow; lesson: LessonRow; position: number } | null = null;
      const latest = rows[0] && byId.get(rows[0].lessonId);
      const latestCourse = latest && courses.find((course) => course.id === latest.courseId);
      if (rows[0] && latest && latestCourse) {
        if (rows[0].status === 'viewed') {
          next = { course: latestCourse, lesson: latest, position: rows[0].position };
        } else {
          const inCourse = lessons.filter((lesson) => lesson.courseId === latestCourse.id);
          const after = inCourse.slice(inCourse.indexOf(latest) + 1);
          const upcoming = [...after, ...inCourse].find((lesson) => progress.get(lesson.id)?.status !== 'completed');
          if (upcoming)
            next = { course: latestCourse, lesson: upcoming, position: progress.get(upcoming.id)?.position ?? 0 };
        }
      }
      const nextTitle = next
        ? ((await textsOf([next.lesson.id], textLanguage(next.course, lang))).get(next.lesson.id)?.title ??
          next.lesson.slug)
        : '';

      return {
        courses: shown.map((course) => {
          const own = lessons.filter((lesson) => lesson.courseId === course.id);
          const touched = own.map((lesson) => progress.get(lesson.id)).filter((row) => row !== undefined);
          const last = touched.reduce<Date | null>(
            (latestAt, row) => (!latestAt || row.updatedAt > latestAt ? row.updatedAt : latestAt),
            null,
          );
          return {
            course_id: course.id,
            title: pick(course.titles, textLanguage(course, lang)),
            lesson_count: own.length,
            completed_count: touched.filter((row) => row.status === 'completed').length,
            viewed_count: touched.length,
            enrolled_at: enrolled.find((row) => row.courseId === course.id)?.enrolledAt.toISOString() ?? null,
            last_activity_at: last?.toISOString() ?? null,
          };
        }),
        continue: next
          ? {
              course_id: next.course.id,
              course_title: pick(next.course.titles, textLanguage(next.course, lang)),
              lesson_id: next.lesson.slug,
              lesson_title: nextTitle,
              position: next.position,
            }
          : null,
        lessons: entries,
      };
    },

    ...createLessonEditor({ db, now }),
  };
}

export type EducationService = ReturnType<typeof createEducationService>;
