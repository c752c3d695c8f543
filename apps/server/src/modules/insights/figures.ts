import { sql } from 'drizzle-orm';

/**
 * The admin area's figures, each defined once here and read by every page that shows it (the overview, the email
 * statistics, the metrics), so two pages never count one thing two ways. The page names each figure with its
 * definition (`figures.*` of the insights translations).
 */

/** Letters of the outbox by state: waiting for the mail server, sent, failed, or kept because there is none. */
export const LETTERS = {
  waiting: sql`status = 'pending'`,
  sent: sql`status = 'sent'`,
  failed: sql`status = 'failed'`,
  kept: sql`status = 'not_sent'`,
} as const;
export type LetterFigure = keyof typeof LETTERS;

/**
 * Who was active in a day, from the analytics events: signed-in accounts by their id, and guests by the anonymous
 * session id of events without an account. A visitor is either; a guest who signs in that day counts once as each.
 */
export const ACTIVE = {
  accounts: sql`count(distinct user_id)::int`,
  guests: sql`count(distinct session_id) filter (where user_id is null)::int`,
} as const;
export const VISITORS = sql`(${ACTIVE.accounts} + ${ACTIVE.guests})`;
