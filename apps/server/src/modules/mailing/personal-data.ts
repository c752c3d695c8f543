import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailingSubscriptions } from '../../db/schema.ts';

/** For the reader's data export: the mailing lists their address is on, found by the address without regard to case. */
export async function mailingListsForExport(db: Db, email: string) {
  return db
    .select({
      interest: mailingSubscriptions.interest,
      language: mailingSubscriptions.lang,
      confirmed_at: mailingSubscriptions.confirmedAt,
      consent_version: mailingSubscriptions.consentVersion,
      unsubscribed_at: mailingSubscriptions.unsubscribedAt,
      created_at: mailingSubscriptions.createdAt,
    })
    .from(mailingSubscriptions)
    .where(sql`lower(${mailingSubscriptions.email}) = lower(${email})`);
}
