import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTopicConsents } from '../../db/schema.ts';

/** For the reader's data export: the email topics they chose. */
export async function emailPreferencesForExport(db: Db, userId: string) {
  return db
    .select({
      list_id: emailTopicConsents.listId,
      topic: emailTopicConsents.topic,
      subscribed: emailTopicConsents.subscribed,
      updated_at: emailTopicConsents.updatedAt,
    })
    .from(emailTopicConsents)
    .where(eq(emailTopicConsents.userId, userId));
}

/** For the reader's data export: the consent they gave to each email topic, and when they withdrew it. */
export async function topicConsentsForExport(db: Db, userId: string) {
  return db
    .select({
      list_id: emailTopicConsents.listId,
      topic: emailTopicConsents.topic,
      consent_version: emailTopicConsents.consentVersion,
      consented_at: emailTopicConsents.consentedAt,
      withdrawn_at: emailTopicConsents.withdrawnAt,
    })
    .from(emailTopicConsents)
    .where(eq(emailTopicConsents.userId, userId));
}
