import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, contentItems, processItems } from '../../db/schema.ts';
import { contentFingerprint, readProcess, readReadings } from './files.ts';

/**
 * Loads content/ into the database: new rows are added, unedited rows take the files' text, rows an editor has
 * changed (edited_at set) are kept. Skipped when the folder has not changed since the last load.
 */
export async function seedContent(
  db: Db,
  dir: string,
): Promise<{ readings: number; processItems: number; skipped: boolean }> {
  const readings = readReadings(dir);
  const process = readProcess(dir);
  const fingerprint = contentFingerprint(readings, process);
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'content_fingerprint'));
  if ((meta?.value as { fingerprint?: string } | undefined)?.fingerprint === fingerprint) {
    return { readings: readings.length, processItems: 0, skipped: true };
  }

  const items = process.flatMap(({ lang, days }) =>
    Object.entries(days).flatMap(([toneText, day]) => {
      const tone = Number(toneText);
      const id = (name: string) => `13days_${tone}_${name}`;
      return [
        { contentId: id('title'), tone, lang, typeApp: 'other' as const, text: day.title, options: null, position: 0 },
        {
          contentId: id('assignment'),
          tone,
          lang,
          typeApp: 'other' as const,
          text: day.assignment,
          options: null,
          position: 1,
        },
        ...day.questions.map((text, i) => ({
          contentId: id(`question_${i + 1}`),
          tone,
          lang,
          typeApp: 'question' as const,
          text,
          options: null,
          position: 10 + i,
        })),
        ...day.polls.map((poll, i) => ({
          contentId: id(`poll_${i + 1}`),
          tone,
          lang,
          typeApp: 'poll' as const,
          text: poll.question,
          options: poll.options,
          position: 50 + i,
        })),
      ];
    }),
  );

  await db.transaction(async (tx) => {
    for (let i = 0; i < readings.length; i += 100) {
      await tx
        .insert(contentItems)
        .values(readings.slice(i, i + 100))
        .onConflictDoUpdate({
          target: [contentItems.kind, contentItems.number, contentItems.lang],
          set: {
            title: sql`excluded.title`,
            keywords: sql`excluded.keywords`,
            summary: sql`excluded.summary`,
            body: sql`excluded.body`,
            updatedAt: sql`now()`,
          },
          setWhere: isNull(contentItems.editedAt),
        });
    }
    for (let i = 0; i < items.length; i += 200) {
      await tx
        .insert(processItems)
        .values(items.slice(i, i + 200))
        .onConflictDoUpdate({
          target: [processItems.contentId, processItems.lang],
          set: {
            text: sql`excluded.text`,
            options: sql`excluded.options`,
            typeApp: sql`excluded.type_app`,
            position: sql`excluded.position`,
          },
          setWhere: isNull(processItems.editedAt),
        });
    }
    await tx
      .insert(appMeta)
      .values({ key: 'content_fingerprint', value: { fingerprint } })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: { fingerprint }, updatedAt: sql`now()` } });
  });
  return { readings: readings.length, processItems: items.length, skipped: false };
}
