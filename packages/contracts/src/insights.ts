import { z } from 'zod';
import { adminListQuerySchema } from './admin-lists.ts';

/** A calendar day, YYYY-MM-DD (UTC days: the admin figures count by the server's UTC day). */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const label = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}_.:\- ]+$/u, 'letters, digits, spaces and _ . : -');

/** The widest range a statistics query may ask for. */
export const INSIGHTS_MAX_RANGE_DAYS = 731;

/** One day's count of a 30-day (or any) series. */
export const dayCountSchema = z.object({ day: z.string(), count: z.number() });
export type DayCount = z.infer<typeof dayCountSchema>;

/** The overview of /admin: the product's pulse in numbers and 30-day series. */
export const adminOverviewSchema = z.object({
  users: z.object({ total: z.number(), today: z.number(), week: z.number(), month: z.number() }),
  subscriptionsByPlan: z.array(z.object({ planId: z.string(), count: z.number() })),
  /** Paid orders less refunds, in minor units of each currency. */
  revenue: z.array(z.object({ currency: z.string(), thisMonth: z.number(), lastMonth: z.number() })),
  /** Signed-in accounts, and guests by their anonymous session, with an analytics event today (UTC). */
  activeToday: z.object({ accounts: z.number(), guests: z.number() }),
  commentsToday: z.number(),
  /** The outbox's letters by state: waiting for the mail server, sent, failed, kept because there is none. */
  letters: z.object({ waiting: z.number(), sent: z.number(), failed: z.number(), kept: z.number() }),
  series: z.object({
    registrations: z.array(dayCountSchema),
    /** Accounts plus guests active each day: the sum of `activeToday`'s two figures. */
    visitors: z.array(dayCountSchema),
    comments: z.array(dayCountSchema),
    /** Revenue per day in minor units, all currencies by their own figures (one series per currency). */
    revenue: z.array(z.object({ currency: z.string(), days: z.array(dayCountSchema) })),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewResponseSchema = z.object({ success: z.literal(true), data: adminOverviewSchema });

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** A date range: from and to inclusive; both default to the last 30 days. */
export const dateRangeQuerySchema = z.strictObject({
  from: isoDay.optional(),
  to: isoDay.optional(),
});

/** The analytics chart: events over time, by event and by platform. */
export const analyticsChartQuerySchema = dateRangeQuerySchema.extend({
  granularity: z.enum(GRANULARITIES).default('day'),
  event: label.optional(),
  platform: label.optional(),
});
export type AnalyticsChartQuery = z.infer<typeof analyticsChartQuerySchema>;

export const analyticsChartSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(GRANULARITIES),
  /** Every bucket of the range (the first day of each), with the total of events. */
  series: z.array(z.object({ bucket: z.string(), count: z.number() })),
  byEvent: z.array(z.object({ event: z.string(), count: z.number() })),
  byPlatform: z.array(z.object({ platform: z.string(), count: z.number() })),
  total: z.number(),
});
export type AnalyticsChart = z.infer<typeof analyticsChartSchema>;
export const analyticsChartResponseSchema = z.object({ success: z.literal(true), data: analyticsChartSchema });

/** The raw events list: the list parameters plus the chart's filters. */
export const analyticsEventsListQuerySchema = adminListQuerySchema.extend({
  from: isoDay.optional(),
  to: isoDay.optional(),
  event: label.optional(),
  platform: label.optional(),
});

const paginationSchema = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

export const analyticsEventRowSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  event: z.string(),
  category: z.string().nullable(),
  label: z.string().nullable(),
  platform: z.string().nullable(),
  url: z.string().nullable(),
  userId: z.string().nullable(),
  sessionId: z.string().nullable(),
});
export const analyticsEventsListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(analyticsEventRowSchema),
  pagination: paginationSchema,
});

/** /admin/stats/users. */
export const userStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  registrations: z.array(z.object({ day: z.string(), source: z.string(), lang: z.string(), count: z.number() })),
  bySource: z.array(z.object({ source: z.string(), count: z.number() })),
  byLanguage: z.array(z.object({ lang: z.string(), count: z.number() })),
  total: z.number(),
  verified: z.number(),
  /** Cohorts by the week of sign-up: how many of them came back (an analytics event) in each later week. */
  retention: z.array(z.object({ week: z.string(), size: z.number(), weeks: z.array(z.number()) })),
});
export type UserStats = z.infer<typeof userStatsSchema>;
export const userStatsResponseSchema = z.object({ success: z.literal(true), data: userStatsSchema });

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'not_sent'] as const;

export const emailOverviewSchema = z.object({
  kinds: z.array(
    z.object({ kind: z.string(), sent: z.number(), failed: z.number(), pending: z.number(), notSent: z.number() }),
  ),
});
export const emailOverviewResponseSchema = z.object({ success: z.literal(true), data: emailOverviewSchema });

export const emailListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(EMAIL_STATUSES).optional(),
  kind: label.optional(),
});
export const emailRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  kind: z.string(),
  lang: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.string(),
  error: z.string().nullable(),
});
export const emailListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(emailRowSchema),
  pagination: paginationSchema,
});

/** Retry failed emails: the ones named, or every failed one of a kind (at most 500 at a time). */
export const emailRetryBodySchema = z
  .strictObject({
    ids: z.array(z.string().uuid()).min(1).max(500).optional(),
    kind: label.optional(),
  })
  .refine((body) => body.ids !== undefined || body.kind !== undefined, 'name the emails (ids) or their kind');
export const emailRetryResponseSchema = z.object({ success: z.literal(true), retried: z.number() });

/** Where tracked clicks came from: referral links and the tracked chat-bot links. */
export const CLICK_KINDS = ['referral', 'bot'] as const;
export const clickStatsQuerySchema = dateRangeQuerySchema.extend({ kind: z.enum(CLICK_KINDS).optional() });
export const clickStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  series: z.array(z.object({ day: z.string(), count: z.number() })),
  bySource: z.array(z.object({ kind: z.enum(CLICK_KINDS), source: z.string(), count: z.number() })),
  total: z.number(),
});
export type ClickStats = z.infer<typeof clickStatsSchema>;
export const clickStatsResponseSchema = z.object({ success: z.literal(true), data: clickStatsSchema });

export const clickListQuerySchema = adminListQuerySchema.extend({
  from: isoDay.optional(),
  to: isoDay.optional(),
  kind: z.enum(CLICK_KINDS).optional(),
});
export const clickRowSchema = z.object({
  kind: z.enum(CLICK_KINDS),
  createdAt: z.string(),
  source: z.string(),
  target: z.string(),
  referrer: z.string().nullable(),
});
export const clickListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(clickRowSchema),
  pagination: paginationSchema,
});

/** The source a tracked bot link carries: `banner13moons`, `landing`... */
export const botLinkQuerySchema = z.strictObject({
  source: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/)
    .optional(),
});
