import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { outboxEmails, users } from '../../../db/schema.ts';
import { listPage, type Page } from './shared.ts';

/** The letters kept in the outbox because no mail server is configured (status not_sent). */
const kept = eq(outboxEmails.status, 'not_sent');

/** The outbox as the server keeps it without SMTP. */
export function createOutboxRepository(db: Db) {
  return {
    listKept(page: Page) {
      return listPage(
        db.select({ total: count() }).from(outboxEmails).where(kept),
        db
          .select({
            id: outboxEmails.id,
            to: outboxEmails.toAddress,
            kind: outboxEmails.kind,
            lang: outboxEmails.lang,
            subject: outboxEmails.subject,
            status: outboxEmails.status,
            createdAt: outboxEmails.createdAt,
            html: outboxEmails.htmlBody,
            text: outboxEmails.textBody,
            /** The administrator the letter is for (by account or by address), or null for a reader's letter. */
            adminRecipient: sql<string | null>`(select ${users.id} from ${users} where ${users.isAdmin}
              and (${users.id} = ${outboxEmails.userId} or lower(${users.email}) = lower(${outboxEmails.toAddress}))
              order by ${users.id} = ${outboxEmails.userId} desc limit 1)`,
          })
          .from(outboxEmails)
          .where(kept)
          .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)),
        page,
      );
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
