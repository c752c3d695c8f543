import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { inertText } from '../mail/inert-text.ts';

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
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: users.username,
      displayName: users.displayName,
      firstName: users.firstName,
    })
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

  // Rows that name the reader without a foreign key, by every address the account used.
  const traces = await tracesOf(tx, user);
  const addresses = traces.addresses;
  await tx.execute(sql`delete from login_attempts where lower(email) in ${list(addresses)}`);
  await tx.execute(sql`delete from mailing_subscriptions where lower(email) in ${list(addresses)}`);
  await tx.execute(sql`delete from outbox_emails where user_id = ${userId} or lower(to_address) in ${list(addresses)}`);
  // Invitations the reader sent to others: letters quoting both the reader's name and one of their teams'.
  const quoting = (names: readonly string[]) =>
    sql.join(
      names.map((name) => sql`text_body ilike ${`%${name}%`}`),
      sql` or `,
    );
  if (traces.quotedNames.length > 0 && traces.quotedTeams.length > 0) {
    await tx.execute(sql`delete from outbox_emails where kind = 'teamInvite'
      and (${quoting(traces.quotedNames)}) and (${quoting(traces.quotedTeams)})`);
  }
  // The reader's Telegram chats, and the updates those chats sent the bot (their messages, their Telegram name).
  for (const chatId of traces.chats) {
    await tx.execute(sql`delete from telegram_inbox
      where jsonb_path_exists(payload, '$.**.id ? (@ == $chat)', jsonb_build_object('chat', ${chatId}::bigint))`);
  }
  await tx.execute(sql`delete from telegram_chats where user_id = ${userId}`);
  // Rate-limit counters kept under the reader's id or address.
  await tx.execute(sql`delete from rate_limit_counters where key ilike ${`%${userId}%`}
    or lower(key) in ${list(addresses)}`);
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
  // Free-text reasons keep their row, not the reader: no id or address in any of them, and not their name in the
  // rows about them.
  await redactReasons(tx, userId, [userId, ...addresses], traces.names);
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

const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** Names shorter than this are too common to find the reader by in others' texts. */
const NAME_MIN = 3;

/**
 * What names the reader outside their own rows: every address the account used (the current one, those it changed
 * from and to, as its letters and links show), their names as chosen and as letters quote them, their teams' names,
 * and their Telegram chats (linked still, or parked by the account's closing).
 */
async function tracesOf(
  tx: Transaction,
  user: {
    id: string;
    email: string;
    name: string | null;
    username: string | null;
    displayName: string | null;
    firstName: string | null;
  },
) {
  const used = await queryRows<{ address: string }>(
    tx,
    sql`select lower(to_address) as address from outbox_emails where user_id = ${user.id}
      union select lower(email) from email_tokens where user_id = ${user.id}`,
  );
  const addresses = [...new Set([user.email.toLowerCase(), ...used.map((row) => row.address)])];
  const names = [
    ...new Set(
      [user.name, user.username, user.displayName, user.firstName]
        .map((name) => name?.trim() ?? '')
        .filter((name) => [...name].length >= NAME_MIN),
    ),
  ];
  const teams = await queryRows<{ name: string }>(tx, sql`select name from teams where owner_id = ${user.id}`);
  const quoted = (values: readonly string[]) => [
    ...new Set(
      values
        .map((value) => value.trim())
        .filter((value) => [...value].length >= NAME_MIN)
        .flatMap((value) => [value, inertText(value)]),
    ),
  ];
  const chats = await queryRows<{ chatId: string }>(
    tx,
    sql`select chat_id::text as "chatId" from telegram_chats where user_id = ${user.id}
      union select chat ->> 'chat_id' from account_deletions d,
        jsonb_array_elements(case when jsonb_typeof(d.parked -> 'telegram_chats') = 'array'
          then d.parked -> 'telegram_chats' else '[]'::jsonb end) chat
        where d.user_id = ${user.id}`,
  );
  return {
    addresses,
    names,
    quotedNames: quoted(names),
    quotedTeams: quoted(teams.map((team) => team.name)),
    chats: chats.map((chat) => chat.chatId),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces in the audit trail's reasons every whole-word mention of `everywhere` (the reader's id and addresses) and,
 * in the rows whose target is the reader or that mention them so, of `names`, with "[erased]". A name alone is not
 * looked for in rows about others: another reader may share it.
 */
async function redactReasons(tx: Transaction, userId: string, everywhere: readonly string[], names: readonly string[]) {
  const mentions = sql.join(
    everywhere.map((word) => sql`reason ilike ${`%${word}%`}`),
    sql` or `,
  );
  const rows = await queryRows<{ id: string; reason: string }>(
    tx,
    sql`select id::text as id, reason from admin_audit
      where reason is not null and (target_id = ${userId} or ${mentions})`,
  );
  const pattern = (words: readonly string[]) =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${[...words]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|')})(?![\\p{L}\\p{N}])`,
      'giu',
    );
  const all = pattern([...everywhere, ...names]);
  for (const row of rows) {
    const reason = row.reason.replace(all, '[erased]');
    if (reason !== row.reason) await tx.execute(sql`update admin_audit set reason = ${reason} where id = ${row.id}`);
  }
}
