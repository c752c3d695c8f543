import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';
import { users } from './users.ts';

/**
 * Every change an administrator makes: who did it, to what, the state before and after, and why. Written in the same
 * transaction as the change, so a change without its row cannot exist.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serialId(),
    /**
     * Never null: an erased actor's rows point at the anonymous account the erasure leaves (its tombstone), and a
     * user with rows here cannot be deleted otherwise. The rows are append-only (a trigger refuses updates and
     * deletes), except the erasure's own rewrite, which it announces with the `hunab.audit_rewrite` setting.
     */
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A dotted verb in the product's words: `user.block`, `subscription.grant`, `payment.refund`, `setting.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created').on(t.createdAt),
    index('admin_audit_actor').on(t.actorId, t.createdAt),
    index('admin_audit_target').on(t.targetType, t.targetId),
  ],
);
