import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLanguage } from '@hunab/calendar';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, eduCourses, eduLessons, eduLessonTexts, eduSections } from '../../db/schema.ts';
import { parseReading } from '../content/files.ts';

/** content/education/courses.json: the courses, their sections and lessons, without their texts. */
export interface CoursePlan {
  id: string;
  rank: number;
  required_level: number;
  unlock_products: string[];
  languages: string[];
  title: Record<string, string>;
  summary: Record<string, string>;
  sections: { slug: string; title: Record<string, string> }[];
  lessons: {
    slug: string;
    number: number;
    section?: string;
    free_preview?: boolean;
    required_level?: number | null;
    drip_days?: number | null;
  }[];
}

export interface LessonText {
  course: string;
  slug: string;
  lang: string;
  title: string;
  body: string;
}

/** The plan and every lesson text: content/education/{course}/{lang}/{slug}.md with a `title:` front matter. */
export function readEducation(contentDir: string): { plan: CoursePlan[]; texts: LessonText[] } {
  const dir = join(contentDir, 'education');
  const planPath = join(dir, 'courses.json');
  if (!existsSync(planPath)) return { plan: [], texts: [] };
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as CoursePlan[];
  const texts: LessonText[] = [];
  for (const course of plan) {
    const courseDir = join(dir, course.id);
    if (!existsSync(courseDir)) continue;
    for (const lang of readdirSync(courseDir).filter(isLanguage)) {
      for (const file of readdirSync(join(courseDir, lang))) {
        const slug = /^([a-z0-9-]+)\.md$/.exec(file)?.[1];
        if (!slug || !course.lessons.some((lesson) => lesson.slug === slug)) continue;
        const { title, body } = parseReading(readFileSync(join(courseDir, lang, file), 'utf8'));
        texts.push({ course: course.id, slug, lang, title, body });
      }
    }
  }
  return { plan, texts };
}

/**
 * Loads the courses into the database like the readings (docs/decisions/012-content.md): new rows are added, rows
 * nobody edited take the files' values, rows an administrator changed are kept, and an unchanged folder is skipped.
 * Lessons no longer in the files stay, with their readers' progress.
 */
export async function seedEducation(db: Db, contentDir: string): Promise<{ lessons: number; skipped: boolean }> {
  const { plan, texts } = readEducation(contentDir);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([plan, texts]))
    .digest('hex');
  const lessonCount = plan.reduce((sum, course) => sum + course.lessons.length, 0);
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'education_fingerprint'));
  if ((meta?.value as { fingerprint?: string } | undefined)?.fingerprint === fingerprint) {
    return { lessons: lessonCount, skipped: true };
  }

  await db.transaction(async (tx) => {
    for (const course of plan) {
      const values = {
        id: course.id,
        rank: course.rank,
        requiredLevel: course.required_level,
        unlockProducts: course.unlock_products,
        languages: course.languages,
        titles: course.title,
        summaries: course.summary,
      };
      await tx
        .insert(eduCourses)
        .values(values)
        .onConflictDoUpdate({
          target: eduCourses.id,
          set: { ...values, updatedAt: sql`now()` },
          setWhere: isNull(eduCourses.editedAt),
        });
      const sectionIds = new Map<string, number>();
      for (const [rank, section] of course.sections.entries()) {
        const [row] = await tx
          .insert(eduSections)
          .values({ courseId: course.id, slug: section.slug, rank, titles: section.title })
          .onConflictDoUpdate({
            target: [eduSections.courseId, eduSections.slug],
            set: { rank, titles: section.title },
          })
          .returning({ id: eduSections.id });
        if (row) sectionIds.set(section.slug, row.id);
      }
      for (const [rank, lesson] of course.lessons.entries()) {
        const settings = {
          sectionId: lesson.section ? (sectionIds.get(lesson.section) ?? null) : null,
          lessonNumber: lesson.number,
          rank,
          freePreview: lesson.free_preview ?? false,
          requiredLevel: lesson.required_level ?? null,
          dripDays: lesson.drip_days ?? null,
        };
        await tx
          .insert(eduLessons)
          .values({ courseId: course.id, slug: lesson.slug, ...settings })
          .onConflictDoUpdate({
            target: [eduLessons.courseId, eduLessons.slug],
            set: settings,
            setWhere: isNull(eduLessons.editedAt),
          });
      }
    }
    const ids = new Map(
      (await tx.select({ id: eduLessons.id, course: eduLessons.courseId, slug: eduLessons.slug }).from(eduLessons)).map(
        (row) => [`${row.course}/${row.slug}`, row.id],
      ),
    );
    for (const text of texts) {
      const lessonId = ids.get(`${text.course}/${text.slug}`);
      if (lessonId === undefined) continue;
      await tx
        .insert(eduLessonTexts)
        .values({ lessonId, lang: text.lang, title: text.title, body: text.body })
        .onConflictDoUpdate({
          target: [eduLessonTexts.lessonId, eduLessonTexts.lang],
          set: { title: text.title, body: text.body, updatedAt: sql`now()` },
          setWhere: isNull(eduLessonTexts.editedAt),
        });
    }
    await tx
      .insert(appMeta)
      .values({ key: 'education_fingerprint', value: { fingerprint } })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: { fingerprint }, updatedAt: sql`now()` } });
  });
  return { lessons: lessonCount, skipped: false };
}
