import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';

/**
 * One thing closing an account takes away at once. `close` answers what it parked (kept in the deletion's row,
 * erased with it); `reopen` puts it back when the owner restores the account within the grace period. A step with
 * nothing to give back (a saved payment method forgotten) has no `reopen`.
 */
export interface ClosingStep {
  name: string;
  close(tx: Transaction, userId: string, at: Date): Promise<unknown>;
  reopen?(tx: Transaction, userId: string, parked: unknown): Promise<void>;
}

/**
 * A step that parks every row of `table` owned through `column`: the rows leave the table, so every reader of it
 * (the feed address, the push sender, the reminder and letter schedulers, an invitation link) finds nothing, and
 * come back as they were on a restore. A new link to an outside service is one more line in CLOSING_STEPS, as the
 * Telegram chats are. `byAddress` matches `column` against the account's email address instead of its id, for the
 * rows that name the reader only by address (the mailing lists).
 */
export function parkRows(table: string, column: string, { byAddress = false } = {}): ClosingStep {
  const name = sql.identifier(table);
  const owner = sql.identifier(column);
  const owned = (userId: string) =>
    byAddress
      ? sql`lower(${owner}) = (select lower(email) from users where id = ${userId})`
      : sql`${owner} = ${userId}`;
  return {
    name: table,
    async close(tx, userId) {
      const [row] = await queryRows<{ rows: unknown[] }>(
        tx,
        sql`with gone as (delete from ${name} where ${owned(userId)} returning *)
            select coalesce(jsonb_agg(to_jsonb(gone)), '[]'::jsonb) as rows from gone`,
      );
      return row?.rows ?? [];
    },
    async reopen(tx, _userId, parked) {
      if (!Array.isArray(parked) || parked.length === 0) return;
      await tx.execute(
        sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(parked)}::jsonb)
            on conflict do nothing`,
      );
    },
  };
}

/** The current subscription stops renewing and its saved payment method is forgotten, so nothing is charged. */
const stopRenewals: ClosingStep = {
  name: 'renewals',
  async close(tx, userId, at) {
    const stopped = await tx
      .update(subscriptions)
      .set({ autoRenew: false, nextChargeAt: null, paymentMethodId: null, updatedAt: at })
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
      .returning({ id: subscriptions.id });
    return stopped.map((row) => row.id);
  },
};

/**
 * What closing an account does beyond refusing sign-in and ending its sessions (the service does those): the
 * calendar feed's address, push devices, linked Telegram chats, reminders, email topics, the mailing lists its
 * address is on and team invitations stop, and renewals end.
 */
export const CLOSING_STEPS: readonly ClosingStep[] = [
  parkRows('calendar_feeds', 'user_id'),
  parkRows('push_subscriptions', 'user_id'),
  parkRows('telegram_chats', 'user_id'),
  parkRows('reminder_settings', 'user_id'),
  parkRows('email_topic_consents', 'user_id'),
  parkRows('mailing_subscriptions', 'email', { byAddress: true }),
  parkRows('team_invites', 'created_by'),
  stopRenewals,
];

export async function closeAll(tx: Transaction, userId: string, at: Date): Promise<Record<string, unknown>> {
  const parked: Record<string, unknown> = {};
  for (const step of CLOSING_STEPS) parked[step.name] = await step.close(tx, userId, at);
  return parked;
}

export async function reopenAll(tx: Transaction, userId: string, parked: Record<string, unknown>): Promise<void> {
  for (const step of CLOSING_STEPS) await step.reopen?.(tx, userId, parked[step.name]);
}
