import {
  ADMIN_CSV_MAX_ROWS,
  type AdminListQuery,
  type AdminOverview,
  type AnalyticsChart,
  type ClickStats,
  type DayCount,
  type Granularity,
  INSIGHTS_MAX_RANGE_DAYS,
  type UserStats,
} from '@hunab/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxEmails, trackedClicks } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import type { InsightsRepository } from './repository.ts';

const DAY_MS = 86_400_000;
/** The overview's series reach back this many days, today included. */
const SERIES_DAYS = 30;
/** Weeks after sign-up the retention table follows. */
const RETENTION_WEEKS = 8;

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Every day from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first day of the bucket a day falls in: itself, its ISO week's Monday, or the first of its month. */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** A series with a zero for every day without a count. */
function filled(from: string, to: string, counts: readonly DayCount[]): DayCount[] {
  const byDay = new Map<string, number>();
  for (const { day, count } of counts) byDay.set(day, (byDay.get(day) ?? 0) + count);
  return daysOf(from, to).map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/** A checked range: defaults to the 30 days to today, refuses a reversed or an over-long one. */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? addDays(to, -(SERIES_DAYS - 1));
  for (const day of [from, to])
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || utcDay(new Date(`${day}T00:00:00Z`)) !== day)
      throw new ApiError(400, 'VALIDATION_ERROR', `${day} is not a date.`);
  if (from > to) throw new ApiError(400, 'VALIDATION_ERROR', 'The range starts after it ends.');
  if (daysBetween(from, to) >= INSIGHTS_MAX_RANGE_DAYS)
    throw new ApiError(400, 'VALIDATION_ERROR', `A range covers at most ${INSIGHTS_MAX_RANGE_DAYS} days.`);
  return { from, to };
}

/** Sort columns a list accepts, by the name the query uses. */
export type SortColumns = Record<string, string>;
export function orderBy(query: AdminListQuery, columns: SortColumns, fallback: string): SQL {
  const column = columns[query.sort ?? fallback];
  if (!column) throw new ApiError(400, 'VALIDATION_ERROR', `Sort by one of: ${Object.keys(columns).join(', ')}.`);
  return sql`${sql.identifier(column)} ${sql.raw(query.order === 'asc' ? 'asc' : 'desc')} nulls last`;
}

export function createInsightsService(options: {
  db: Db;
  repo: InsightsRepository;
  now: () => Date;
  /** Sends failed emails again after they are put back in the queue. */
  redeliver: (ids: string[]) => void;
}) {
  const { db, repo, now, redeliver } = options;

  /** One page of a list, or up to ADMIN_CSV_MAX_ROWS rows for a CSV export. */
  async function list<Row extends Record<string, unknown>>(rows: SQL, query: AdminListQuery, order: SQL) {
    const csv = query.format === 'csv';
    const limit = csv ? ADMIN_CSV_MAX_ROWS : query.limit;
    const offset = csv ? 0 : (query.page - 1) * query.limit;
    const result = await repo.page<Row>(rows, order, limit, offset);
    return {
      rows: result.rows,
      pagination: {
        page: csv ? 1 : query.page,
        limit,
        total: result.total,
        pages: Math.max(1, Math.ceil(result.total / limit)),
      },
    };
  }

  return {
    list,

    async overview(): Promise<AdminOverview> {
      const at = now();
      const today = utcDay(at);
      const from = addDays(today, -(SERIES_DAYS - 1));
      const monthStart = `${today.slice(0, 8)}01`;
      const lastMonthStart = `${addDays(monthStart, -1).slice(0, 8)}01`;
      await repo.rollUp(today, at);
      const [users, plans, revenueDays, visitors, activeToday, registrations, comments, commentsToday, letters] =
        await Promise.all([
          repo.userCounts(today, addDays(today, -6), from),
          repo.subscriptionsByPlan(at),
          repo.revenuePerDay(lastMonthStart < from ? lastMonthStart : from),
          repo.visitors(from, today),
          repo.activeToday(today),
          repo.perDay('users', from),
          repo.perDay('comments', from),
          repo.commentsToday(today),
          repo.letters(),
        ]);
      const currencies = [...new Set(revenueDays.map((row) => row.currency))].sort();

      return {
        users,
        subscriptionsByPlan: plans,
        revenue: currencies.map((currency) => {
          const rows = revenueDays.filter((row) => row.currency === currency);
          const sum = (start: string, end: string) =>
            rows.filter((row) => row.day >= start && row.day < end).reduce((total, row) => total + row.amount, 0);
          return { currency, thisMonth: sum(monthStart, '9999'), lastMonth: sum(lastMonthStart, monthStart) };
        }),
        activeToday,
        commentsToday,
        letters,
        series: {
          registrations: filled(from, today, registrations),
          visitors: filled(from, today, visitors),
          comments: filled(from, today, comments),
          revenue: currencies.map((currency) => ({
            currency,
            days: filled(
              from,
              today,
              revenueDays
                .filter((row) => row.currency === currency && row.day >= from)
                .map((row) => ({ day: row.day, count: row.amount })),
            ),
          })),
        },
      };
    },

    async analyticsChart(query: {
      from?: string | undefined;
      to?: string | undefined;
      granularity: Granularity;
      event?: string | undefined;
      platform?: string | undefined;
    }): Promise<AnalyticsChart> {
      const at = now();
      const today = utcDay(at);
      const { from, to } = resolveRange(query, at);
      await repo.rollUp(today, at);
      const rows = await repo.eventCounts(
        { from, to, today },
        {
          ...(query.event === undefined ? {} : { event: query.event }),
          ...(query.platform === undefined ? {} : { platform: query.platform }),
        },
      );
      const buckets = new Map<string, number>();
      for (const day of daysOf(from, to)) buckets.set(bucketOf(day, query.granularity), 0);
      const byEvent = new Map<string, number>();
      const byPlatform = new Map<string, number>();
      let total = 0;
      for (const row of rows) {
        const bucket = bucketOf(row.day, query.granularity);
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + row.count);
        byEvent.set(row.event, (byEvent.get(row.event) ?? 0) + row.count);
        byPlatform.set(row.platform, (byPlatform.get(row.platform) ?? 0) + row.count);
        total += row.count;
      }
      const sorted = <K extends string>(map: Map<string, number>, key: K) =>
        [...map]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .map(([name, count]) => ({ [key]: name, count }) as { [P in K]: string } & { count: number });
      return {
        from,
        to,
        granularity: query.granularity,
        series: [...buckets].map(([bucket, count]) => ({ bucket, count })),
        byEvent: sorted(byEvent, 'event'),
        byPlatform: sorted(byPlatform, 'platform'),
        total,
      };
    },

    async userStats(query: { from?: string | undefined; to?: string | undefined }): Promise<UserStats> {
      const { from, to } = resolveRange(query, now());
      const [registrations, retention] = await Promise.all([
        repo.registrations(from, to),
        repo.retention(from, to, RETENTION_WEEKS),
      ]);
      const group = <K extends 'source' | 'lang'>(key: K) => {
        const map = new Map<string, number>();
        for (const row of registrations) map.set(row[key], (map.get(row[key]) ?? 0) + row.count);
        return [...map]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .map(([name, count]) => ({ [key]: name, count }) as { [P in K]: string } & { count: number });
      };
      return {
        from,
        to,
        registrations: registrations.map(({ day, source, lang, count }) => ({ day, source, lang, count })),
        bySource: group('source'),
        byLanguage: group('lang'),
        total: registrations.reduce((sum, row) => sum + row.count, 0),
        verified: registrations.reduce((sum, row) => sum + row.verified, 0),
        retention,
      };
    },

    emailOverview: () => repo.emailKinds(),

    /**
     * Puts failed emails back in the queue and sends them again, with the audit row in the same transaction.
     * Answers how many were put back; emails that are not failed are left alone.
     */
    async retryEmails(actorId: string, body: { ids?: string[] | undefined; kind?: string | undefined }) {
      const ids = await db.transaction(async (tx) => {
        const conditions = [eq(outboxEmails.status, 'failed')];
        if (body.ids) conditions.push(inArray(outboxEmails.id, body.ids));
        if (body.kind) conditions.push(eq(outboxEmails.kind, body.kind));
        const rows = await tx
          .select({ id: outboxEmails.id })
          .from(outboxEmails)
          .where(and(...conditions))
          .limit(500)
          .for('update');
        if (rows.length === 0) return [];
        const retried = rows.map((row) => row.id);
        await tx.update(outboxEmails).set({ status: 'pending', error: null }).where(inArray(outboxEmails.id, retried));
        await recordAudit(tx, {
          actorId,
          action: 'email.retry',
          targetType: 'outbox_email',
          targetId: retried.length === 1 ? retried[0] : (body.kind ?? null),
          before: { status: 'failed', ids: retried },
          after: { status: 'pending' },
        });
        return retried;
      });
      if (ids.length > 0) redeliver(ids);
      return ids.length;
    },

    async clickStats(query: {
      from?: string | undefined;
      to?: string | undefined;
      kind?: 'referral' | 'bot' | undefined;
    }): Promise<ClickStats> {
      const { from, to } = resolveRange(query, now());
      const summary = await repo.clickSummary(repo.clicks(from, to, query.kind));
      return {
        from,
        to,
        series: filled(from, to, summary.perDay),
        bySource: summary.bySource,
        total: summary.bySource.reduce((sum, row) => sum + row.count, 0),
      };
    },

    clicksQuery(query: { from?: string | undefined; to?: string | undefined; kind?: 'referral' | 'bot' | undefined }) {
      const { from, to } = resolveRange(query, now());
      return repo.clicks(from, to, query.kind);
    },

    /** Records a click of a tracked bot link. */
    async recordBotClick(target: string, source: string, referrer: string | undefined) {
      await db.insert(trackedClicks).values({ kind: 'bot', target, source, referrer: referrer?.slice(0, 500) ?? null });
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
