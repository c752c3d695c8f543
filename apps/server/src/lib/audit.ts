import type { Db } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';

/** One administrator's change, as the audit page lists it. */
export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Records an administrator's change. Call it with the transaction that makes the change, so the change and its
 * audit row land together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
