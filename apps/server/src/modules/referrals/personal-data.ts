import { eq, sql } from 'drizzle-orm';
import { type Db, outer } from '../../db/client.ts';
import { referralClicks, referralLinks, referralRewards, referrals } from '../../db/schema.ts';

/**
 * For the reader's data export: their links with the count of clicks, the sign-ups and rewards they brought
 * (without the referred readers), and whether a link brought them.
 */
export async function referralsForExport(db: Db, userId: string) {
  const links = await db
    .select({
      id: referralLinks.id,
      slug: referralLinks.slug,
      source: referralLinks.source,
      target: referralLinks.target,
      language: referralLinks.lang,
      created_at: referralLinks.createdAt,
      clicks: sql<number>`(select count(*)::int from ${referralClicks} where ${referralClicks.linkId} = ${outer(referralLinks.id)})`,
    })
    .from(referralLinks)
    .where(eq(referralLinks.userId, userId));
  return {
    links,
    sign_ups: await db
      .select({ link_id: referrals.linkId, created_at: referrals.createdAt })
      .from(referrals)
      .where(eq(referrals.referrerId, userId)),
    rewards: await db
      .select({
        days: referralRewards.days,
        status: referralRewards.status,
        granted_at: referralRewards.grantedAt,
        reversed_at: referralRewards.reversedAt,
      })
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, userId)),
    brought_by_a_link:
      (
        await db.select({ created_at: referrals.createdAt }).from(referrals).where(eq(referrals.referredUserId, userId))
      )[0] ?? null,
  };
}
