import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentResponses } from '../../db/schema.ts';

/** For the reader's data export: their answers to the process's questions. */
export async function processAnswersForExport(db: Db, userId: string) {
  return db
    .select({
      question_id: contentResponses.questionId,
      cycle_type: contentResponses.cycleType,
      cycle_value: contentResponses.cycleValue,
      language: contentResponses.lang,
      answer: contentResponses.response,
      updated_at: contentResponses.updatedAt,
    })
    .from(contentResponses)
    .where(eq(contentResponses.userId, userId));
}
