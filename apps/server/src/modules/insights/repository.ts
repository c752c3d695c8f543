import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { ACTIVE, LETTERS, VISITORS } from './figures.ts';

/** UTC midnight of a YYYY-MM-DD day, as a timestamptz in SQL. */
const at = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
/** The UTC day of a timestamptz column. */
const dayOf = (column: SQL) => sql`((${column}) at time zone 'UTC')::date`;

const num = (value: unknown) => Number(value ?? 0);

/** How long after its end a day's events may still arrive (a request under way at midnight). */
const SETTLE_TIME = '1 hour';

/** The reads and writes of the admin figures, in SQL; the service shapes them. */
export function createInsightsRepository(db: Db) {
  return {
    /**
     * Counts every closed day (before `today`) not yet in the daily tables from the raw events. Recounting a day
     * writes the same rows, so two processes doing it at once agree. The last day counted is counted again for an
     * hour after it closed: an event written by a request that began before midnight and committed just after it
     * still joins its day.
     */
    async rollUp(today: string, now: Date = new Date()): Promise<void> {
      const [state] = await queryRows<{ last: string | null; first: string | null; settled: boolean | null }>(
        db,
        sql`select last::text as last, first::text as first,
                   ${now.toISOString()}::timestamptz >= ((last + 1)::timestamp at time zone 'UTC') + ${SETTLE_TIME}::interval as settled
            from (select (select max(day) from analytics_daily_actives) as last,
                         (select (min(created_at) at time zone 'UTC')::date from analytics_events) as first) days`,
      );
      if (!state?.first) return;
      const start = !state.last
        ? sql`${state.first}::date`
        : state.settled
          ? sql`(${state.last}::date + 1)`
          : sql`${state.last}::date`;
      const startAt = sql`(${start}::timestamp at time zone 'UTC')`;
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into analytics_daily (day, event, platform, count)
          select ${dayOf(sql`created_at`)}, event, coalesce(platform, ''), count(*)::int
          from analytics_events
          where created_at >= ${startAt} and created_at < ${at(today)}
          group by 1, 2, 3
          on conflict (day, event, platform) do update set count = excluded.count`);
        await tx.execute(sql`
          insert into analytics_daily_actives (day, actives)
          select d::date, coalesce(a.actives, 0)
          from generate_series(${start}::date, ${today}::date - 1, interval '1 day') d
          left join (
            select ${dayOf(sql`created_at`)} as day, ${VISITORS} as actives
            from analytics_events
            where created_at >= ${startAt} and created_at < ${at(today)}
              and (user_id is not null or session_id is not null)
            group by 1
          ) a on a.day = d::date
          on conflict (day) do update set actives = excluded.actives`);
      });
    },

    /** Events per day, event and platform from `from` to `to`: closed days from the rollup, today from the raw rows. */
    async eventCounts(
      range: { from: string; to: string; today: string },
      filter: { event?: string; platform?: string },
    ): Promise<Array<{ day: string; event: string; platform: string; count: number }>> {
      const eventFilter = filter.event === undefined ? sql`` : sql` and event = ${filter.event}`;
      const platformFilter =
        filter.platform === undefined ? sql`` : sql` and coalesce(platform, '') = ${filter.platform}`;
      const live =
        range.to >= range.today
          ? sql`
            union all
            select ${dayOf(sql`created_at`)}::text as day, event, coalesce(platform, '') as platform, count(*)::int
            from analytics_events
            where created_at >= ${at(range.today)} and created_at < ${at(range.to)} + interval '1 day'
              ${eventFilter}${platformFilter}
            group by 1, 2, 3`
          : sql``;
      const rows = await queryRows<{ day: string; event: string; platform: string; count: number }>(
        db,
        sql`select day::text as day, event, platform, count from analytics_daily
            where day >= ${range.from}::date and day <= ${range.to}::date and day < ${range.today}::date
              ${eventFilter}${filter.platform === undefined ? sql`` : sql` and platform = ${filter.platform}`}
            ${live}`,
      );
      return rows.map((row) => ({ ...row, count: num(row.count) }));
    },

    /** Visitors per day (figures.ts): closed days from the rollup, today counted live. */
    async visitors(from: string, today: string): Promise<Array<{ day: string; count: number }>> {
      const rows = await queryRows<{ day: string; count: number }>(
        db,
        sql`select day::text as day, actives as count from analytics_daily_actives where day >= ${from}::date and day < ${today}::date
            union all
            select ${today} as day, ${VISITORS} from analytics_events where created_at >= ${at(today)}`,
      );
      return rows.map((row) => ({ day: row.day, count: num(row.count) }));
    },

    /** Today's active accounts and guests (figures.ts). */
    async activeToday(today: string): Promise<{ accounts: number; guests: number }> {
      const [row] = await queryRows<{ accounts: number; guests: number }>(
        db,
        sql`select ${ACTIVE.accounts} as accounts, ${ACTIVE.guests} as guests
            from analytics_events where created_at >= ${at(today)}`,
      );
      return { accounts: num(row?.accounts), guests: num(row?.guests) };
    },

    /** A table's rows per UTC day from `from` on. */
    async perDay(table: 'users' | 'comments', from: string): Promise<Array<{ day: string; count: number }>> {
      const rows = await queryRows<{ day: string; count: number }>(
        db,
        sql`select ${dayOf(sql`created_at`)}::text as day, count(*)::int as count from ${sql.identifier(table)}
            where created_at >= ${at(from)} group by 1`,
      );
      return rows.map((row) => ({ day: row.day, count: num(row.count) }));
    },

    async userCounts(today: string, weekStart: string, monthStart: string) {
      const [row] = await queryRows<Record<string, number>>(
        db,
        sql`select count(*)::int as total,
                   count(*) filter (where created_at >= ${at(today)})::int as today,
                   count(*) filter (where created_at >= ${at(weekStart)})::int as week,
                   count(*) filter (where created_at >= ${at(monthStart)})::int as month
            from users`,
      );
      return { total: num(row?.total), today: num(row?.today), week: num(row?.week), month: num(row?.month) };
    },

    /** Subscriptions that give access now (active, or cancelled and still in their period), by plan. */
    async subscriptionsByPlan(now: Date) {
      const rows = await queryRows<{ planId: string; count: number }>(
        db,
        sql`select plan_id as "planId", count(*)::int as count from subscriptions
            where status in ('active', 'cancelled') and current_period_end > ${now.toISOString()}::timestamptz
            group by 1 order by 2 desc, 1`,
      );
      return rows.map((row) => ({ planId: row.planId, count: num(row.count) }));
    },

    /** Paid orders less their refunds, in minor units, per currency and UTC day of payment, from `from` on. */
    async revenuePerDay(from: string) {
      const rows = await queryRows<{ currency: string; day: string; amount: number }>(
        db,
        sql`select currency, ${dayOf(sql`paid_at`)}::text as day, sum(amount - refunded_amount)::bigint as amount
            from orders
            where paid_at >= ${at(from)} and status in ('paid', 'partially_refunded', 'refunded')
            group by 1, 2`,
      );
      return rows.map((row) => ({ currency: row.currency, day: row.day, amount: num(row.amount) }));
    },

    async commentsToday(today: string): Promise<number> {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from comments where created_at >= ${at(today)}`,
      );
      return num(row?.count);
    },

    /** The outbox's letters by state (figures.ts). */
    async letters(): Promise<Record<keyof typeof LETTERS, number>> {
      const [row] = await queryRows<Record<keyof typeof LETTERS, number>>(
        db,
        sql`select count(*) filter (where ${LETTERS.waiting})::int as waiting,
                   count(*) filter (where ${LETTERS.sent})::int as sent,
                   count(*) filter (where ${LETTERS.failed})::int as failed,
                   count(*) filter (where ${LETTERS.kept})::int as kept
            from outbox_emails`,
      );
      return { waiting: num(row?.waiting), sent: num(row?.sent), failed: num(row?.failed), kept: num(row?.kept) };
    },

    /** Sign-ups per day, source and language in a range, and how many of them verified their address. */
    async registrations(from: string, to: string) {
      const rows = await queryRows<{ day: string; source: string; lang: string; count: number; verified: number }>(
        db,
        sql`select ${dayOf(sql`created_at`)}::text as day, registration_source as source, lang,
                   count(*)::int as count, count(email_verified_at)::int as verified
            from users where created_at >= ${at(from)} and created_at < ${at(to)} + interval '1 day'
            group by 1, 2, 3 order by 1, 2, 3`,
      );
      return rows.map((row) => ({ ...row, count: num(row.count), verified: num(row.verified) }));
    },

    /**
     * Sign-up cohorts by ISO week (Monday) in a range: their size, and how many of them had an analytics event in
     * each week after (0 the week of sign-up) up to `weeks`.
     */
    async retention(from: string, to: string, weeks: number) {
      const cohort = sql`select id, date_trunc('week', created_at at time zone 'UTC')::date as week from users
                         where created_at >= ${at(from)} and created_at < ${at(to)} + interval '1 day'`;
      const sizes = await queryRows<{ week: string; size: number }>(
        db,
        sql`select week::text as week, count(*)::int as size from (${cohort}) c group by 1 order by 1`,
      );
      const active = await queryRows<{ week: string; k: number; count: number }>(
        db,
        sql`select c.week::text as week,
                   ((date_trunc('week', e.created_at at time zone 'UTC')::date - c.week) / 7)::int as k,
                   count(distinct e.user_id)::int as count
            from analytics_events e join (${cohort}) c on c.id = e.user_id
            where e.created_at >= ${at(from)} - interval '7 days'
              and e.created_at < ${at(to)} + ${`${weeks * 7 + 8} days`}::interval
            group by 1, 2`,
      );
      return sizes.map(({ week, size }) => ({
        week,
        size: num(size),
        weeks: Array.from({ length: weeks }, (_, k) =>
          num(active.find((row) => row.week === week && num(row.k) === k)?.count),
        ),
      }));
    },

    async emailKinds() {
      const rows = await queryRows<Record<string, string | number>>(
        db,
        sql`select kind,
                   count(*) filter (where ${LETTERS.sent})::int as sent,
                   count(*) filter (where ${LETTERS.failed})::int as failed,
                   count(*) filter (where ${LETTERS.waiting})::int as pending,
                   count(*) filter (where ${LETTERS.kept})::int as "notSent"
            from outbox_emails group by kind order by kind`,
      );
      return rows.map((row) => ({
        kind: String(row.kind),
        sent: num(row.sent),
        failed: num(row.failed),
        pending: num(row.pending),
        notSent: num(row.notSent),
      }));
    },

    /** Clicks of referral links and of the tracked bot links in a range, one row each, as a subquery. */
    clicks(from: string, to: string, kind?: 'referral' | 'bot'): SQL {
      const referral = sql`select 'referral' as kind, rc.created_at, coalesce(rc.source, rl.source) as source,
                                  rl.slug as target, rc.referrer
                           from referral_clicks rc join referral_links rl on rl.id = rc.link_id
                           where rc.created_at >= ${at(from)} and rc.created_at < ${at(to)} + interval '1 day'`;
      const bot = sql`select 'bot' as kind, created_at, source, target, referrer from tracked_clicks
                      where kind = 'bot' and created_at >= ${at(from)} and created_at < ${at(to)} + interval '1 day'`;
      if (kind === 'referral') return referral;
      if (kind === 'bot') return bot;
      return sql`${referral} union all ${bot}`;
    },

    async clickSummary(clicks: SQL) {
      const perDay = await queryRows<{ day: string; count: number }>(
        db,
        sql`select ${dayOf(sql`created_at`)}::text as day, count(*)::int as count from (${clicks}) c group by 1`,
      );
      const bySource = await queryRows<{ kind: 'referral' | 'bot'; source: string; count: number }>(
        db,
        sql`select kind, source, count(*)::int as count from (${clicks}) c group by 1, 2 order by 3 desc, 1, 2`,
      );
      return {
        perDay: perDay.map((row) => ({ day: row.day, count: num(row.count) })),
        bySource: bySource.map((row) => ({ ...row, count: num(row.count) })),
      };
    },

    /** One page (or, for CSV, up to `limit` rows) of a subquery, with the total. */
    async page<Row extends Record<string, unknown>>(
      rows: SQL,
      order: SQL,
      limit: number,
      offset: number,
    ): Promise<{ rows: Row[]; total: number }> {
      const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${rows}) r`);
      const page = await queryRows<Row>(
        db,
        sql`select * from (${rows}) r order by ${order} limit ${limit} offset ${offset}`,
      );
      return { rows: page, total: num(count?.total) };
    },
  };
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
