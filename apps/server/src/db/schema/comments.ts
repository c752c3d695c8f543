import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { ownerId, users } from './users.ts';

/**
 * Comments on a cycle (spec 001 section 3). A thread is a top-level comment (depth 0, no reply_to_id) and its
 * replies down to depth 3; every reply keeps the id of its top-level comment in root_id so a page of threads loads
 * in one indexed read. A deleted comment keeps its row and its replies (is_deleted); its text is no longer sent.
 */
export const comments = pgTable(
  'comments',
  {
    id: serialId(),
    userId: ownerId(),
    cycleType: text('cycle_type').notNull(),
    cycleValue: integer('cycle_value').notNull(),
    /** Narrows the cycle to one occurrence (the year of a moon); 0 when it does not. */
    cycleSubValue: integer('cycle_sub_value').notNull().default(0),
    lang: text('lang').notNull(),
    /** Personal cycles (counted from a birth date) rather than the general cycle of a day. */
    isSum: boolean('is_sum').notNull().default(false),
    replyToId: bigint('reply_to_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    rootId: bigint('root_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    depth: smallint('depth').notNull().default(0),
    content: text('content').notNull(),
    /** Made from the text on the server: escaped, with line breaks and links added. */
    contentHtml: text('content_html').notNull(),
    isEdited: boolean('is_edited').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set by a moderator: the comment leaves the public lists (a reply keeps its place without text). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    dislikesCount: integer('dislikes_count').notNull().default(0),
    /** The order of the "top" list. */
    score: integer('score').generatedAlwaysAs(sql`likes_count - dislikes_count`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_top_idx')
      .on(t.cycleType, t.cycleValue, t.cycleSubValue, t.lang, t.isSum, t.score.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.replyToId} is null`),
    index('comments_new_idx')
      .on(t.cycleType, t.cycleValue, t.cycleSubValue, t.lang, t.isSum, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.replyToId} is null`),
    index('comments_thread_idx').on(t.rootId, t.createdAt, t.id),
    index('comments_reply_to_idx').on(t.replyToId),
    index('comments_user_created_idx').on(t.userId, t.createdAt),
    index('comments_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * How many comments a cycle holds, kept with every new comment so a list never counts its rows, and the version of
 * its lists: raised by every post, edit, deletion and vote, so a server process knows when a list it keeps is stale.
 */
export const commentCycleCounts = pgTable(
  'comment_cycle_counts',
  {
    cycleType: text('cycle_type').notNull(),
    cycleValue: integer('cycle_value').notNull(),
    cycleSubValue: integer('cycle_sub_value').notNull(),
    lang: text('lang').notNull(),
    isSum: boolean('is_sum').notNull(),
    /** Top-level comments. */
    threads: integer('threads').notNull().default(0),
    /** Every comment, replies included. */
    comments: integer('comments').notNull().default(0),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cycleType, t.cycleValue, t.cycleSubValue, t.lang, t.isSum] })],
);

/** One vote per user per comment: 1 a like, -1 a dislike. */
export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_votes_user_idx').on(t.userId)],
);

/**
 * Readers' reports of a comment, one per reader and comment, worked off by moderators as a queue: open until resolved
 * (something was done) or dismissed (nothing to do).
 */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: serialId(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    reason: text('reason', { enum: ['spam', 'abuse', 'off_topic', 'personal_data', 'other'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comment_reports_one_per_reader').on(t.commentId, t.userId),
    index('comment_reports_status_created').on(t.status, t.createdAt),
  ],
);
