import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  REFERRAL_LINKS_MAX,
  REFERRAL_REWARD_DAYS,
  REFUND_WINDOW_DAYS,
  type ReferralLinkDto,
  type ReferralSummary,
} from '@hunab/contracts';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { purchases, referralClicks, referralLinks, referralRewards, referrals, users } from '../../db/schema.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';

const DAY_MS = 86_400_000;
/** The plan a reward opens for a referrer without a subscription. */
const REWARD_PLAN = 'premium';
/**
 * A purchase earns its referrer a reward only when it was paid through a provider: an order (an administrator's grant
 * has none) whose net amount, refunds taken off, is at least the cheapest programme's price in its currency; never
 * an order a 100 % promo code paid, nor (in production) one of the built-in test provider, which moves no money.
 */
function qualifyingPurchase(rewardTestPayments: boolean, column: 'id' | 'created_at') {
  return sql.raw(`(
        select p.${column} from purchases p join orders o on o.id = p.order_id
        where p.user_id = referrals.referred_user_id
          and o.status in ('paid', 'partially_refunded')
          and o.provider <> 'free' and coalesce(o.discount_percentage, 0) < 100
          ${rewardTestPayments ? '' : "and o.provider <> 'test'"}
          and o.amount - o.refunded_amount >= (
            select min(case when o.currency = 'RUB' then pr.price_rub else pr.price_usd end)
            from products pr where pr.type = 'program' and pr.is_active)
        order by p.created_at asc, p.id asc limit 1)`);
}
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/**
 * The same person behind two addresses: the referrer's and the new user's addresses are equal once case, dots in
 * a Gmail name and a "+tag" are set aside. Such a sign-up is not a referral.
 */
export function isSelfReferral(referrerEmail: string, referredEmail: string): boolean {
  const canonical = (email: string) => {
    const [name = '', domain = ''] = email.trim().toLowerCase().split('@');
    const base = name.split('+')[0] ?? '';
    const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
    return `${gmail ? base.replaceAll('.', '') : base}@${gmail ? 'gmail.com' : domain}`;
  };
  return canonical(referrerEmail) === canonical(referredEmail);
}

/** A payment is past its refund window `REFUND_WINDOW_DAYS` after it was made. */
export const pastRefundWindow = (paidAt: Date, at: Date): boolean =>
  at.getTime() - paidAt.getTime() >= REFUND_WINDOW_DAYS * DAY_MS;

/**
 * Grants the rewards that fell due as of `at`: for every referral without a reward whose referred user's first paid
 * purchase is past the refund window, REFERRAL_REWARD_DAYS of access to the referrer, the reward row and the days in
 * one transaction. A referral whose referrer is the buyer earns nothing. Safe to run in several processes: the
 * unique reward per referral keeps a second grant out.
 */
export async function grantDueReferralRewards(
  db: Db,
  subscriptions: SubscriptionService,
  at: Date,
  rules: { rewardTestPayments: boolean; perMonth: number } = { rewardTestPayments: true, perMonth: 5 },
): Promise<number> {
  const due = await db
    .select({
      referralId: referrals.id,
      referrerId: referrals.referrerId,
      referredUserId: referrals.referredUserId,
      purchaseId: sql<number>`${qualifyingPurchase(rules.rewardTestPayments, 'id')}`.mapWith(Number),
      paidAt: sql<Date>`${qualifyingPurchase(rules.rewardTestPayments, 'created_at')}`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(referrals)
    .leftJoin(referralRewards, eq(referralRewards.referralId, referrals.id))
    .where(and(isNull(referralRewards.id), ne(referrals.referrerId, referrals.referredUserId)))
    .orderBy(asc(referrals.id))
    .limit(500);
  let granted = 0;
  for (const row of due) {
    if (!row.purchaseId || !pastRefundWindow(row.paidAt, at)) continue;
    try {
      await db.transaction(async (tx) => {
        // The referrer's row is locked so that parallel runs count this month's rewards one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.referrerId)).for('update');
        const monthStart = `${at.toISOString().slice(0, 7)}-01T00:00:00Z`;
        const [earned] = await tx
          .select({ n: count() })
          .from(referralRewards)
          .where(
            and(
              eq(referralRewards.referrerId, row.referrerId),
              sql`${referralRewards.grantedAt} >= ${monthStart}::timestamptz`,
            ),
          );
        // Over the monthly cap the reward waits for the next month.
        if ((earned?.n ?? 0) >= rules.perMonth) return;
        const [claimed] = await tx
          .insert(referralRewards)
          .values({
            referralId: row.referralId,
            referrerId: row.referrerId,
            purchaseId: row.purchaseId,
            days: REFERRAL_REWARD_DAYS,
            status: 'granted',
            grantedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: referralRewards.id });
        if (!claimed) return;
        const subscriptionId = await subscriptions.addAccessDays(
          tx,
          row.referrerId,
          REFERRAL_REWARD_DAYS,
          REWARD_PLAN,
          `referral reward for purchase ${row.purchaseId}`,
        );
        await tx.update(referralRewards).set({ subscriptionId }).where(eq(referralRewards.id, claimed.id));
        granted++;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return granted;
}

/** Takes back one granted reward and its days, in one transaction; false when it was not granted (any more). */
async function reverseReward(
  db: Db,
  subscriptions: SubscriptionService,
  rewardId: number,
  at: Date,
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [reward] = await tx
      .update(referralRewards)
      .set({ status: 'reversed', reversedAt: at, reason })
      .where(and(eq(referralRewards.id, rewardId), eq(referralRewards.status, 'granted')))
      .returning();
    if (!reward) return false;
    if (reward.subscriptionId) {
      await subscriptions.removeAccessDays(
        tx,
        reward.subscriptionId,
        reward.days,
        `referral reward reversed: ${reason}`,
      );
    }
    return true;
  });
}

/** The payments module's call when a payment is refunded: the reward it earned, if any, is taken back. */
export async function reverseReferralRewardForPurchase(
  db: Db,
  subscriptions: SubscriptionService,
  purchaseId: number,
  at: Date,
): Promise<boolean> {
  const [reward] = await db
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(and(eq(referralRewards.purchaseId, purchaseId), eq(referralRewards.status, 'granted')));
  return reward ? reverseReward(db, subscriptions, reward.id, at, 'payment refunded') : false;
}

/** Rewards whose purchase row is gone (a refund removes it) are taken back. */
export async function reverseRefundedReferralRewards(
  db: Db,
  subscriptions: SubscriptionService,
  at: Date,
): Promise<number> {
  const orphaned = await db
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(and(eq(referralRewards.status, 'granted'), isNull(referralRewards.purchaseId)))
    .limit(500);
  let reversed = 0;
  for (const reward of orphaned) {
    if (await reverseReward(db, subscriptions, reward.id, at, 'payment refunded')) reversed++;
  }
  return reversed;
}

/** The signed value of the attribution cookie: the link and the click, so a visitor cannot name another's link. */
function cookieSigner(secret: Uint8Array) {
  const sign = (value: string) => createHmac('sha256', secret).update(`referral:${value}`).digest('base64url');
  return {
    make: (linkId: number, clickId: number) => {
      const value = `${linkId}.${clickId}`;
      return `${value}.${sign(value)}`;
    },
    read(cookie: string | undefined): { linkId: number; clickId: number } | null {
      const match = /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(cookie ?? '');
      if (!match) return null;
      const expected = Buffer.from(sign(`${match[1]}.${match[2]}`));
      const given = Buffer.from(match[3] ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { linkId: Number(match[1]), clickId: Number(match[2]) };
    },
  };
}

const cut = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null);

export function createReferralService(options: {
  db: Db;
  subscriptions: SubscriptionService;
  now: () => Date;
  secret: Uint8Array;
  publicUrl: string;
  /** Whether a test provider's payment earns a reward (not in production). */
  rewardTestPayments?: boolean;
  /** The monthly cap of rewards per referrer (a setting). */
  rewardsPerMonth?: () => Promise<number>;
}) {
  const { db, subscriptions, now, publicUrl } = options;
  /** A keyed digest of a client address: equal addresses give equal digests, and the address cannot be read back. */
  const addressHash = (ip: string) =>
    createHmac('sha256', options.secret).update(`referral-address:${ip}`).digest('base64url').slice(0, 22);
  const signer = cookieSigner(options.secret);

  const localized = (lang: string, path: string) => (lang === 'ru' ? path : `/${lang}${path}`);

  async function linkStats(linkIds: number[]) {
    if (linkIds.length === 0) return { clicks: new Map<number, number>(), signups: new Map(), buyers: new Map() };
    const clickRows = await db
      .select({ linkId: referralClicks.linkId, n: count() })
      .from(referralClicks)
      .where(inArray(referralClicks.linkId, linkIds))
      .groupBy(referralClicks.linkId);
    const signupRows = await db
      .select({
        linkId: referrals.linkId,
        n: count(),
        buyers: sql<number>`count(*) filter (where exists (
          select 1 from ${purchases} p where p.user_id = ${referrals.referredUserId}
          and p.source not in ('admin', 'referral')))`.mapWith(Number),
      })
      .from(referrals)
      .where(inArray(referrals.linkId, linkIds))
      .groupBy(referrals.linkId);
    return {
      clicks: new Map(clickRows.map((row) => [row.linkId, Number(row.n)])),
      signups: new Map(signupRows.map((row) => [row.linkId, Number(row.n)])),
      buyers: new Map(signupRows.map((row) => [row.linkId, Number(row.buyers)])),
    };
  }

  function toDto(
    link: typeof referralLinks.$inferSelect,
    stats: Awaited<ReturnType<typeof linkStats>>,
  ): ReferralLinkDto {
    return {
      id: link.id,
      slug: link.slug,
      source: link.source,
      target: link.target,
      lang: link.lang,
      url: `${publicUrl}/r/${link.slug}`,
      clicks: stats.clicks.get(link.id) ?? 0,
      signups: stats.signups.get(link.id) ?? 0,
      purchases: stats.buyers.get(link.id) ?? 0,
      created_at: link.createdAt.toISOString(),
    };
  }

  return {
    /** The user's links with what each brought, their rewards and the rules, for /account/referrals. */
    async summary(userId: string): Promise<ReferralSummary> {
      const links = await db
        .select()
        .from(referralLinks)
        .where(eq(referralLinks.userId, userId))
        .orderBy(asc(referralLinks.id));
      const stats = await linkStats(links.map((link) => link.id));
      const dtos = links.map((link) => toDto(link, stats));
      const rewards = await db
        .select()
        .from(referralRewards)
        .where(eq(referralRewards.referrerId, userId))
        .orderBy(desc(referralRewards.grantedAt));
      return {
        success: true,
        links: dtos,
        totals: {
          clicks: dtos.reduce((sum, link) => sum + link.clicks, 0),
          signups: dtos.reduce((sum, link) => sum + link.signups, 0),
          purchases: dtos.reduce((sum, link) => sum + link.purchases, 0),
          reward_days: rewards.filter((r) => r.status === 'granted').reduce((sum, r) => sum + r.days, 0),
        },
        rewards: rewards.map((reward) => ({
          days: reward.days,
          status: reward.status,
          granted_at: reward.grantedAt.toISOString(),
          reversed_at: reward.reversedAt?.toISOString() ?? null,
        })),
        reward_days_per_purchase: REFERRAL_REWARD_DAYS,
        refund_window_days: REFUND_WINDOW_DAYS,
      };
    },

    /** A new link for a source; one per source, at most REFERRAL_LINKS_MAX. */
    async createLink(
      userId: string,
      input: { source: string; target: string; lang?: string },
    ): Promise<ReferralLinkDto> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ lang: users.lang }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw new ApiError(404, 'NOT_FOUND', 'There is no such user.');
        const existing = await tx.select().from(referralLinks).where(eq(referralLinks.userId, userId));
        if (existing.some((link) => link.source.toLowerCase() === input.source.toLowerCase())) {
          throw new ApiError(409, 'REFERRAL_LINK_EXISTS', 'You already have a link for this source.');
        }
        if (existing.length >= REFERRAL_LINKS_MAX) {
          throw new ApiError(409, 'REFERRAL_LINK_LIMIT', `A user keeps at most ${REFERRAL_LINKS_MAX} links.`);
        }
        const [link] = await tx
          .insert(referralLinks)
          .values({
            userId,
            slug: randomBytes(6).toString('base64url'),
            source: input.source,
            target: input.target,
            lang: input.lang ?? user.lang,
            createdAt: now(),
          })
          .returning();
        if (!link) throw new Error('the referral link was not written');
        return toDto(link, { clicks: new Map(), signups: new Map(), buyers: new Map() });
      });
    },

    /**
     * A visit through /r/{slug}: the click is recorded (its source, UTM tags and referring page, never the
     * visitor's address) and the page to land on and the attribution cookie are returned; null for an unknown slug.
     */
    async recordClick(
      slug: string,
      query: Record<string, unknown>,
      referrer: string | undefined,
    ): Promise<{ location: string; cookie: string } | null> {
      const [link] = await db.select().from(referralLinks).where(sql`lower(${referralLinks.slug}) = lower(${slug})`);
      if (!link) return null;
      const utm: Record<string, string> = {};
      for (const key of UTM_KEYS) {
        const value = query[key];
        if (typeof value === 'string' && value) utm[key] = value.slice(0, 100);
      }
      const source = typeof query.source === 'string' ? query.source : (utm.utm_source ?? link.source);
      const [click] = await db
        .insert(referralClicks)
        .values({ linkId: link.id, source: cut(source, 100), utm, referrer: cut(referrer, 500), createdAt: now() })
        .returning({ id: referralClicks.id });
      if (!click) throw new Error('the referral click was not written');
      const params = new URLSearchParams({ ref: link.slug, ...utm });
      return { location: `${localized(link.lang, link.target)}?${params}`, cookie: signer.make(link.id, click.id) };
    },

    /**
     * Attribution at sign-up: the new user is recorded as brought by the link in the cookie, unless the cookie is
     * missing, forged or names a link of the same person. Never fails the registration.
     */
    async attributeSignUp(referredUserId: string, cookie: string | undefined, ip?: string): Promise<boolean> {
      const read = signer.read(cookie);
      if (!read) return false;
      const [link] = await db
        .select({ id: referralLinks.id, userId: referralLinks.userId, email: users.email })
        .from(referralLinks)
        .innerJoin(users, eq(users.id, referralLinks.userId))
        .where(eq(referralLinks.id, read.linkId));
      const [referred] = await db.select({ email: users.email }).from(users).where(eq(users.id, referredUserId));
      if (!link || !referred) return false;
      if (link.userId === referredUserId || isSelfReferral(link.email, referred.email)) return false;
      const [click] = await db
        .select({ id: referralClicks.id })
        .from(referralClicks)
        .where(and(eq(referralClicks.id, read.clickId), eq(referralClicks.linkId, link.id)));
      const inserted = await db
        .insert(referrals)
        .values({
          referrerId: link.userId,
          referredUserId,
          linkId: link.id,
          clickId: click?.id ?? null,
          addressHash: ip ? addressHash(ip) : null,
          createdAt: now(),
        })
        .onConflictDoNothing()
        .returning({ id: referrals.id });
      return inserted.length > 0;
    },

    /** The scheduler's work: rewards that fell due are granted, those of refunded payments taken back. */
    async runDue(at: Date = now()): Promise<{ granted: number; reversed: number }> {
      const reversed = await reverseRefundedReferralRewards(db, subscriptions, at);
      const granted = await grantDueReferralRewards(db, subscriptions, at, {
        rewardTestPayments: options.rewardTestPayments ?? true,
        perMonth: (await options.rewardsPerMonth?.()) ?? 5,
      });
      return { granted, reversed };
    },

    reverseForPurchase: (purchaseId: number, at: Date = now()) =>
      reverseReferralRewardForPurchase(db, subscriptions, purchaseId, at),
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
