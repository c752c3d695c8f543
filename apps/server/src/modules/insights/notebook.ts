import {
  type AdminNotebookCourse,
  type AdminNotebookRow,
  adminNotebookQuerySchema,
  adminNotebookResponseSchema,
} from '@hunab/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows } from '../../db/client.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import { type InsightsService, orderBy } from './service.ts';

const errors = errorResponses(400, 401, 403);
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

const SORTS = {
  updatedAt: 'updatedAt',
  completedAt: 'completedAt',
  enrolledAt: 'enrolledAt',
  email: 'email',
  course: 'courseId',
  lesson: 'lessonNumber',
  status: 'status',
  position: 'position',
};

/**
 * The education notebook: one line per reader and lesson they opened (edu_lesson_progress), with the course, the
 * lesson, how far they read, when they enrolled, last read and completed it.
 */
export const adminNotebookRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  insights: InsightsService;
}> = async (app, { db, auth, insights }) => {
  const session = sessionHooks(auth);

  app.get(
    '/admin/education/notebook',
    {
      schema: {
        summary: 'What each reader did in each lesson, by course, lesson and reader (format=csv for a CSV download)',
        tags: ['admin'],
        querystring: adminNotebookQuerySchema,
        response: { 200: adminNotebookResponseSchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request, reply) => {
      const query = request.query;
      const { lang } = query;
      const lessonTitle = (lesson: ReturnType<typeof sql>) =>
        sql`coalesce((select x.title from edu_lesson_texts x where x.lesson_id = ${lesson}
                        order by (x.lang = ${lang}) desc, (x.lang = 'en') desc, x.lang limit 1), '')`;
      // The course's title in the language asked for, else English, else its first language (the intro: Russian).
      const courseTitle = sql`coalesce(c.titles->>${lang}, c.titles->>'en',
                                       (select value from jsonb_each_text(c.titles) limit 1), c.id)`;
      const conditions = [sql`true`];
      if (query.course) conditions.push(sql`l.course_id = ${query.course}`);
      if (query.lesson) conditions.push(sql`l.slug = ${query.lesson}`);
      if (query.email) conditions.push(sql`position(lower(${query.email}) in lower(u.email)) > 0`);
      if (query.status) conditions.push(sql`p.status = ${query.status}`);
      const rows = sql`
          select p.user_id::text as "userId", u.email, l.course_id as "courseId",
                 ${courseTitle} as "courseTitle",
                 l.id as "lessonId", l.slug as "lessonSlug", l.lesson_number as "lessonNumber",
                 ${lessonTitle(sql`l.id`)} as "lessonTitle",
                 p.status, p.position, e.enrolled_at as "enrolledAt", p.updated_at as "updatedAt",
                 p.completed_at as "completedAt"
          from edu_lesson_progress p
          join users u on u.id = p.user_id
          join edu_lessons l on l.id = p.lesson_id
          join edu_courses c on c.id = l.course_id
          left join edu_enrolments e on e.user_id = p.user_id and e.course_id = l.course_id
          where ${sql.join(conditions, sql` and `)}`;
      const { rows: page, pagination } = await insights.list<Record<string, unknown>>(
        rows,
        query,
        orderBy(query, SORTS, 'updatedAt'),
      );
      const data: AdminNotebookRow[] = page.map((row) => ({
        userId: String(row.userId),
        email: String(row.email),
        courseId: String(row.courseId),
        courseTitle: String(row.courseTitle),
        lessonId: Number(row.lessonId),
        lessonSlug: String(row.lessonSlug),
        lessonNumber: Number(row.lessonNumber),
        lessonTitle: String(row.lessonTitle),
        status: row.status === 'completed' ? 'completed' : 'viewed',
        position: Number(row.position),
        enrolledAt: isoOrNull(row.enrolledAt),
        updatedAt: iso(row.updatedAt),
        completedAt: isoOrNull(row.completedAt),
      }));
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'education-notebook',
          toCsv(data, [
            ['user_id', (row) => row.userId],
            ['email', (row) => row.email],
            ['course', (row) => row.courseId],
            ['course_title', (row) => row.courseTitle],
            ['lesson', (row) => row.lessonSlug],
            ['lesson_number', (row) => row.lessonNumber],
            ['lesson_title', (row) => row.lessonTitle],
            ['status', (row) => row.status],
            ['position', (row) => row.position],
            ['enrolled_at', (row) => row.enrolledAt ?? ''],
            ['updated_at', (row) => row.updatedAt],
            ['completed_at', (row) => row.completedAt ?? ''],
          ]),
        );
      const lessons = await queryRows<Record<string, unknown>>(
        db,
        sql`select c.id as "courseId", ${courseTitle} as "courseTitle",
                     l.slug, l.lesson_number as number, ${lessonTitle(sql`l.id`)} as title
              from edu_courses c left join edu_lessons l on l.course_id = c.id
              order by c.rank, c.id, l.rank, l.lesson_number, l.id`,
      );
      const courses = new Map<string, AdminNotebookCourse>();
      for (const row of lessons) {
        const id = String(row.courseId);
        const course = courses.get(id) ?? { id, title: String(row.courseTitle), lessons: [] };
        courses.set(id, course);
        if (row.slug !== null && row.slug !== undefined)
          course.lessons.push({ slug: String(row.slug), number: Number(row.number), title: String(row.title) });
      }
      return { success: true as const, data, pagination, courses: [...courses.values()] };
    },
  );
};
