import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidId } from './columns.ts';
import { ownerId, users } from './users.ts';

/**
 * Letters an administrator wrote to the readers of one topic of one language's list. `audience` is the number of
 * readers when it was sent; each reader's delivery is a row of `topic_letter_recipients`.
 */
export const topicLetters = pgTable(
  'topic_letters',
  {
    id: uuidId(),
    topic: text('topic').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['sending', 'sent'] })
      .notNull()
      .default('sending'),
    audience: integer('audience').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('topic_letters_created').on(t.createdAt)],
);

/**
 * One reader's copy of a letter: written for every reader when the letter is sent, then claimed in batches by
 * whichever server process runs the sender (SKIP LOCKED), so each reader gets it once. A reader who left the topic
 * or the list before their turn is skipped.
 */
export const topicLetterRecipients = pgTable(
  'topic_letter_recipients',
  {
    letterId: uuid('letter_id')
      .notNull()
      .references(() => topicLetters.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    status: text('status', { enum: ['pending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.letterId, t.userId] }),
    index('topic_letter_recipients_pending').on(t.letterId).where(sql`${t.status} = 'pending'`),
  ],
);
