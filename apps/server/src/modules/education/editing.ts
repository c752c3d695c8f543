import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eduLessons, eduLessonTexts } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';

/** The administrators' side of the lessons: their texts in each language and their settings. */
export function createLessonEditor({ db, now }: { db: Db; now: () => Date }) {
  return {
    /** An administrator's change to a lesson's text in one language and its settings; the seed then keeps them. */
    async updateLesson(
      id: number,
      input: {
        lang?: string | undefined;
        title?: string | undefined;
        body?: string | undefined;
        free_preview?: boolean | undefined;
        required_level?: number | null | undefined;
        drip_days?: number | null | undefined;
        rank?: number | undefined;
      },
    ) {
      return db.transaction(async (tx) => {
        const [lesson] = await tx.select().from(eduLessons).where(eq(eduLessons.id, id)).for('update');
        if (!lesson) throw new ApiError(404, 'LESSON_NOT_FOUND', 'There is no such lesson.');
        const at = now();
        const settings = {
          ...(input.free_preview === undefined ? {} : { freePreview: input.free_preview }),
          ...(input.required_level === undefined ? {} : { requiredLevel: input.required_level }),
          ...(input.drip_days === undefined ? {} : { dripDays: input.drip_days }),
          ...(input.rank === undefined ? {} : { rank: input.rank }),
        };
        const [updated] =
          Object.keys(settings).length > 0
            ? await tx
                .update(eduLessons)
                .set({ ...settings, editedAt: at })
                .where(eq(eduLessons.id, id))
                .returning()
            : [lesson];
        if (input.lang && (input.title !== undefined || input.body !== undefined)) {
          const [existing] = await tx
            .select()
            .from(eduLessonTexts)
            .where(and(eq(eduLessonTexts.lessonId, id), eq(eduLessonTexts.lang, input.lang)));
          if (!existing && (input.title === undefined || input.body === undefined)) {
            throw new ApiError(400, 'VALIDATION_ERROR', 'A new translation needs both a title and a text.');
          }
          await tx
            .insert(eduLessonTexts)
            .values({
              lessonId: id,
              lang: input.lang,
              title: input.title ?? existing?.title ?? '',
              body: input.body ?? existing?.body ?? '',
              editedAt: at,
              updatedAt: at,
            })
            .onConflictDoUpdate({
              target: [eduLessonTexts.lessonId, eduLessonTexts.lang],
              set: {
                ...(input.title === undefined ? {} : { title: input.title }),
                ...(input.body === undefined ? {} : { body: input.body }),
                editedAt: at,
                updatedAt: at,
              },
            });
        }
        const row = updated ?? lesson;
        return {
          id: row.id,
          course_id: row.courseId,
          slug: row.slug,
          free_preview: row.freePreview,
          required_level: row.requiredLevel,
          drip_days: row.dripDays,
          rank: row.rank,
        };
      });
    },
  };
}
