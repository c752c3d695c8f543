import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { outboxEmails } from '../../../db/schema.ts';
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
