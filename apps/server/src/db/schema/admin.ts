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
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
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
