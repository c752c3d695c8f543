import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, uuidId } from './columns.ts';
import { ownerId, users } from './users.ts';

/**
 * A reader's copy of their data: asked for, prepared in the background into a zip kept here (so any server process
 * can hand it out), downloaded once through a link that works for 24 hours. Only the link token's hash is kept; the
 * archive is dropped after the download or when the link expires.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuidId(),
    userId: ownerId(),
    status: text('status', { enum: ['preparing', 'ready', 'downloaded', 'expired'] })
      .notNull()
      .default('preparing'),
    tokenHash: text('token_hash'),
    archive: bytea('archive'),
    bytes: integer('bytes'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_created').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_token').on(t.tokenHash),
    index('data_exports_preparing').on(t.createdAt).where(sql`${t.status} = 'preparing'`),
  ],
);

/**
 * A deletion of an account. `awaiting_confirmation`: an account without a password was sent a confirmation
 * letter; `closed`: the account is closed and waits for its erasure at `erase_after`, unless it is restored with the
 * token of the deletion letter; `erased` keeps only the dates (the user is gone, `user_id` null).
 * `parked` holds what the closing took away (feed address, push devices, reminders ...), put back by a restore.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuidId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['awaiting_confirmation', 'closed', 'restored', 'erased', 'cancelled'] }).notNull(),
    /** Whether the reader's comments lose their text at erasure (they always lose their author). */
    removeComments: boolean('remove_comments').notNull().default(false),
    /** Who asked: the reader from the account page, or an administrator for an owner who wrote in. */
    requestedBy: text('requested_by', { enum: ['owner', 'admin'] })
      .notNull()
      .default('owner'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    restoreTokenHash: text('restore_token_hash'),
    parked: jsonb('parked').$type<Record<string, unknown>>().notNull().default({}),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_deletions_due').on(t.eraseAfter).where(sql`${t.status} = 'closed'`),
    index('account_deletions_user').on(t.userId),
    uniqueIndex('account_deletions_restore_token').on(t.restoreTokenHash),
    uniqueIndex('account_deletions_confirm_token').on(t.confirmTokenHash),
  ],
);
