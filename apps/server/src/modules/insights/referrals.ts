import {
  type AdminReferrerRow,
  adminReferrerParamsSchema,
  adminReferrerQuerySchema,
  adminReferrerResponseSchema,
  adminReferrersQuerySchema,
  adminReferrersResponseSchema,
} from '@hunab/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows } from '../../db/client.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import { addDays, type InsightsService, orderBy, resolveRange } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

const SORTS = {
  clicks: 'clicks',
  signups: 'signups',
  purchases: 'purchases',
  rewardsGranted: 'rewardsGranted',
  rewardsReversed: 'rewardsReversed',
  daysGranted: 'daysGranted',
  email: 'email',
  source: 'source',
};

/** The referral programme as administrators read it: referrers by source, and one referrer's link, users and rewards. */
export const adminReferralRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  insights: InsightsService;
  now: () => Date;
}> = async (app, { db, auth, insights, now }) => {
  const session = sessionHooks(auth);
  const admin = [session.required, session.admin];

  app.get(
    '/admin/referrals',
    {
      schema: {
        summary: 'Referrers by source: clicks, sign-ups, purchases and rewards (format=csv for a CSV download)',
        tags: ['admin'],
        querystring: adminReferrersQuerySchema,
        response: { 200: adminReferrersResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const query = request.query;
      const filter = query.source ? sql`l.source = ${query.source}` : sql`true`;
      // One row per referrer and source; each figure counted in its own subquery so the joins do not multiply.
      const rows = sql`
        select l.user_id::text as "referrerId", u.email, l.source,
               count(*)::int as links,
               coalesce(sum((select count(*) from referral_clicks c where c.link_id = l.id)), 0)::int as clicks,
               coalesce(sum((select count(*) from referrals r where r.link_id = l.id)), 0)::int as signups,
               coalesce(sum((select count(*) from referrals r join purchases p on p.user_id = r.referred_user_id
                             where r.link_id = l.id)), 0)::int as purchases,
               coalesce(sum((select count(*) from referrals r join referral_rewards w on w.referral_id = r.id
                             where r.link_id = l.id and w.status = 'granted')), 0)::int as "rewardsGranted",
               coalesce(sum((select count(*) from referrals r join referral_rewards w on w.referral_id = r.id
                             where r.link_id = l.id and w.status = 'reversed')), 0)::int as "rewardsReversed",
               coalesce(sum((select sum(w.days) from referrals r join referral_rewards w on w.referral_id = r.id
                             where r.link_id = l.id and w.status = 'granted')), 0)::int as "daysGranted"
        from referral_links l join users u on u.id = l.user_id
        where ${filter}
        group by l.user_id, u.email, l.source`;
      const order = orderBy(query, SORTS, 'signups');
      const { rows: page, pagination } = await insights.list<Record<string, unknown>>(rows, query, order);
      const data: AdminReferrerRow[] = page.map((row) => ({
        referrerId: String(row.referrerId),
        email: String(row.email),
        source: String(row.source),
        links: Number(row.links),
        clicks: Number(row.clicks),
        signups: Number(row.signups),
        purchases: Number(row.purchases),
        rewardsGranted: Number(row.rewardsGranted),
        rewardsReversed: Number(row.rewardsReversed),
        daysGranted: Number(row.daysGranted),
      }));
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'referrers',
          toCsv(data, [
            ['referrer_id', (row) => row.referrerId],
            ['email', (row) => row.email],
            ['source', (row) => row.source],
            ['links', (row) => row.links],
            ['clicks', (row) => row.clicks],
            ['signups', (row) => row.signups],
            ['purchases', (row) => row.purchases],
            ['rewards_granted', (row) => row.rewardsGranted],
            ['rewards_reversed', (row) => row.rewardsReversed],
            ['days_granted', (row) => row.daysGranted],
          ]),
        );
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/admin/referrals/referrer/:referrerId/:source',
    {
      schema: {
        summary: 'One referrer’s links of a source: clicks per day, the users they brought and the rewards',
        tags: ['admin'],
        params: adminReferrerParamsSchema,
        querystring: adminReferrerQuerySchema,
        response: { 200: adminReferrerResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const { referrerId, source } = request.params;
      const { from, to } = resolveRange(request.query, now());
      const [referrer] = await queryRows<{ id: string; email: string }>(
        db,
        sql`select id::text as id, email from users where id = ${referrerId}`,
      );
      if (!referrer) throw new ApiError(404, 'NOT_FOUND', 'There is no such user.');
      const links = await queryRows<{ id: number; slug: string; target: string; lang: string }>(
        db,
        sql`select id, slug, target, lang from referral_links
            where user_id = ${referrerId} and source = ${source} order by id`,
      );
      if (links.length === 0) throw new ApiError(404, 'NOT_FOUND', 'This user has no link of that source.');
      const ids = sql.join(
        links.map((link) => sql`${Number(link.id)}`),
        sql`, `,
      );
      const counted = await queryRows<{ day: string; count: number }>(
        db,
        sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as count
            from referral_clicks where link_id in (${ids})
              and created_at >= (${from}::date::timestamp at time zone 'UTC')
              and created_at < (${to}::date::timestamp at time zone 'UTC') + interval '1 day'
            group by 1`,
      );
      const byDay = new Map(counted.map((row) => [row.day, Number(row.count)]));
      const clicksPerDay: { day: string; count: number }[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) clicksPerDay.push({ day, count: byDay.get(day) ?? 0 });
      const referred = await queryRows<Record<string, unknown>>(
        db,
        sql`select r.referred_user_id::text as "userId", u.email, r.created_at as "signedUpAt",
                   (select count(*) from purchases p where p.user_id = r.referred_user_id)::int as purchases,
                   (select count(*) from referrals o where o.address_hash = r.address_hash
                      and o.id <> r.id)::int as "sameAddress"
            from referrals r join users u on u.id = r.referred_user_id
            where r.link_id in (${ids}) order by r.created_at desc limit 1000`,
      );
      const rewards = await queryRows<Record<string, unknown>>(
        db,
        sql`select w.id, u.email as "referredEmail", w.days, w.status, w.granted_at as "grantedAt",
                   w.reversed_at as "reversedAt", w.reason
            from referral_rewards w join referrals r on r.id = w.referral_id
            join users u on u.id = r.referred_user_id
            where r.link_id in (${ids}) order by w.granted_at desc limit 1000`,
      );
      return {
        success: true as const,
        data: {
          referrer,
          source,
          from,
          to,
          links: links.map((link) => ({ ...link, id: Number(link.id) })),
          clicksPerDay,
          referred: referred.map((row) => ({
            userId: String(row.userId),
            email: String(row.email),
            signedUpAt: iso(row.signedUpAt),
            purchases: Number(row.purchases),
            sameAddress: Number(row.sameAddress),
          })),
          rewards: rewards.map((row) => ({
            id: Number(row.id),
            referredEmail: String(row.referredEmail),
            days: Number(row.days),
            status: row.status as 'granted' | 'reversed',
            grantedAt: iso(row.grantedAt),
            reversedAt: row.reversedAt ? iso(row.reversedAt) : null,
            reason: (row.reason as string | null) ?? null,
          })),
        },
      };
    },
  );
};
