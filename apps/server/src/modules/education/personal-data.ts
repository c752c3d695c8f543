import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eduEnrolments, eduLessonProgress } from '../../db/schema.ts';

/** For the reader's data export: the courses they enrolled in and their progress through the lessons. */
export async function educationForExport(db: Db, userId: string) {
  return {
    courses: await db
      .select({ course_id: eduEnrolments.courseId, enrolled_at: eduEnrolments.enrolledAt })
      .from(eduEnrolments)
      .where(eq(eduEnrolments.userId, userId)),
    lessons: await db
      .select({
        lesson_id: eduLessonProgress.lessonId,
        status: eduLessonProgress.status,
        position: eduLessonProgress.position,
        completed_at: eduLessonProgress.completedAt,
        updated_at: eduLessonProgress.updatedAt,
      })
      .from(eduLessonProgress)
      .where(eq(eduLessonProgress.userId, userId)),
  };
}
