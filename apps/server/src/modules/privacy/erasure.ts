import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The pseudonymous label an erased account keeps in the audit trail: its deletion's, stable and never null. */
export const erasedLabel = (deletionId: string) => `erased-${deletionId}`;

/**
 * Erases one account inside the caller's transaction. What accounting law keeps (orders with their amount, date and
 * provider's receipt reference; the purchases they paid for) and what other readers' pages hold (comments, votes,
 * the referral that earned someone their reward) moves to a new anonymous account with a fresh id, stripped of
 * names, addresses and provider payloads; every other row of the reader goes, most of them with the user row by
 * its foreign keys. Rows that name the reader without a foreign key (sign-in attempts, mailing lists, the outbox,
 * telemetry, experiments, the audit trail) are found by id and address here.
 *
 * The anonymous account is also the erased reader's tombstone in the audit trail: the rows they made and the rows
 * made about them point at it, and its address gives the stable pseudonymous label the audit list shows
 * (`erasedLabel` of the deletion).
 *
 * Answers false when the account is gone already (erased by another process).
 */
export async function eraseAccount(
  tx: Transaction,
  userId: string,
  options: { removeComments: boolean; at: Date; deletionId: string },
): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return false;
  const { at } = options;
  const [anonymous] = await tx
    .insert(users)
    .values({
      id: randomUUID(),
      email: `${erasedLabel(options.deletionId)}@erased.invalid`,
      passwordHash: '!',
      closedAt: at,
      erasedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: users.id });
  if (!anonymous) throw new Error('the anonymous account was not written');
  const to = anonymous.id;
  const email = user.email.toLowerCase();

  // What stays, under the anonymous account.
  await tx.execute(sql`update payment_inbox set payload = '{}'::jsonb
    where provider_payment_id in (select provider_payment_id from orders where user_id = ${userId})`);
  await tx.execute(sql`update order_events set data = null
    where order_id in (select id from orders where user_id = ${userId})`);
  await tx.execute(sql`update test_provider_payments set return_url = '', description = ''
    where order_id in (select id from orders where user_id = ${userId})`);
  await tx.execute(sql`update orders set user_id = ${to}, receipt = null, payer_id = null, confirmation_url = null,
    failure_reason = null, updated_at = ${at} where user_id = ${userId}`);
  await tx.execute(sql`update purchases set user_id = ${to} where user_id = ${userId}`);
  await tx.execute(
    options.removeComments
      ? sql`update comments set user_id = ${to}, content = '', content_html = '', is_deleted = true,
          deleted_at = coalesce(deleted_at, ${at}) where user_id = ${userId}`
      : sql`update comments set user_id = ${to} where user_id = ${userId}`,
  );
  await tx.execute(sql`update comment_votes set user_id = ${to} where user_id = ${userId}`);
  await tx.execute(sql`update comment_reports set user_id = ${to}, note = null where user_id = ${userId}`);
  await tx.execute(sql`update referrals set referred_user_id = ${to} where referred_user_id = ${userId}`);

  // Rows that name the reader without a foreign key.
  await tx.execute(sql`delete from login_attempts where lower(email) = ${email}`);
  await tx.execute(sql`delete from mailing_subscriptions where lower(email) = ${email}`);
  await tx.execute(sql`delete from outbox_emails where user_id = ${userId} or lower(to_address) = ${email}`);
  await tx.execute(sql`delete from analytics_events where user_id = ${userId}`);
  await tx.execute(sql`delete from frontend_errors where user_id = ${userId}`);
  await tx.execute(sql`delete from crm_events where user_id = ${userId}`);
  await tx.execute(sql`delete from experiment_exposures where subject = ${`user:${userId}`}`);
  await tx.execute(sql`delete from experiment_conversions where subject = ${`user:${userId}`}`);
  await tx.execute(sql`update team_invites set email = null where lower(email) = ${email}`);
  // The audit trail keeps who did what and when: the reader's rows, made by them or about them, name the tombstone;
  // their address and the recorded states that held them go. This is the one rewrite the audit rows allow.
  await tx.execute(sql`select set_config('hunab.audit_rewrite', 'erasure', true)`);
  await tx.execute(sql`update admin_audit set actor_id = ${to} where actor_id = ${userId}`);
  await tx.execute(sql`update admin_audit set
      target_id = case when target_id = ${userId} then ${to} else target_id end,
      before = null, after = null,
      reason = replace(replace(reason, ${userId}, '[erased]'), ${user.email}, '[erased]')
    where target_id = ${userId} or before::text ilike ${`%${userId}%`} or after::text ilike ${`%${userId}%`}
      or before::text ilike ${`%${email}%`} or after::text ilike ${`%${email}%`}
      or reason ilike ${`%${userId}%`} or reason ilike ${`%${email}%`}`);
  await tx.execute(sql`select set_config('hunab.audit_rewrite', '', true)`);

  // Everything else goes with the user row (cards, journal, game, teams, subscriptions, exports, tokens ...).
  await tx.delete(users).where(eq(users.id, userId));
  return true;
}
