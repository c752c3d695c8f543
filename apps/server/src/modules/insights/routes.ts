import {
  adminOverviewResponseSchema,
  adminSettingsResponseSchema,
  analyticsChartQuerySchema,
  analyticsChartResponseSchema,
  analyticsEventsListQuerySchema,
  analyticsEventsListResponseSchema,
  botLinkQuerySchema,
  clickListQuerySchema,
  clickListResponseSchema,
  clickStatsQuerySchema,
  clickStatsResponseSchema,
  dateRangeQuerySchema,
  emailListQuerySchema,
  emailListResponseSchema,
  emailOverviewResponseSchema,
  emailRetryBodySchema,
  emailRetryResponseSchema,
  publicSettingsResponseSchema,
  SETTING_DEFAULTS,
  SETTINGS_LANGUAGES,
  settingsUpdateBodySchema,
  userStatsResponseSchema,
} from '@hunab/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { type InsightsService, orderBy, resolveRange } from './service.ts';
import type { SettingsService } from './settings.ts';

const errors = errorResponses(400, 401, 403, 429);
const tags = ['admin'];
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/** The admin figures (overview, analytics, statistics) and the application settings. */
export const insightsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  insights: InsightsService;
  settings: SettingsService;
  /** A CRM is configured (modules/crm): the app notes page views for it only then. */
  crmConfigured: boolean;
}> = async (app, { auth, insights, settings, crmConfigured }) => {
  const session = sessionHooks(auth);
  const admin = [session.required, session.admin];
  const changes = createRateLimiter({ limit: 30, windowMs: 60_000 });

  app.get(
    '/admin/overview',
    {
      schema: {
        summary: 'Users, subscriptions, revenue, activity and mail at a glance, with 30-day series',
        tags,
        response: { 200: adminOverviewResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async () => ({ success: true as const, data: await insights.overview() }),
  );

  app.get(
    '/admin/analytics/chart',
    {
      schema: {
        summary: 'Analytics events over time, by event and by platform',
        tags,
        querystring: analyticsChartQuerySchema,
        response: { 200: analyticsChartResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => ({ success: true as const, data: await insights.analyticsChart(request.query) }),
  );

  app.get(
    '/admin/analytics/events',
    {
      schema: {
        summary: 'The analytics events, newest first (format=csv for a CSV download)',
        tags,
        querystring: analyticsEventsListQuerySchema,
        response: { 200: analyticsEventsListResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const query = request.query;
      const { from, to } = resolveRange(query, new Date());
      const filters: SQL[] = [
        sql`created_at >= (${from}::date::timestamp at time zone 'UTC')`,
        sql`created_at < (${to}::date::timestamp at time zone 'UTC') + interval '1 day'`,
      ];
      if (query.event) filters.push(sql`event = ${query.event}`);
      if (query.platform) filters.push(sql`coalesce(platform, '') = ${query.platform}`);
      const rows = sql`select id, created_at as "createdAt", event, category, label, platform, url,
                              user_id::text as "userId", session_id as "sessionId"
                       from analytics_events where ${sql.join(filters, sql` and `)}`;
      const order = orderBy(query, { createdAt: 'createdAt', event: 'event', platform: 'platform' }, 'createdAt');
      const { rows: page, pagination } = await insights.list<Record<string, unknown>>(rows, query, order);
      const data = page.map((row) => ({
        id: Number(row.id),
        createdAt: iso(row.createdAt),
        event: String(row.event),
        category: (row.category as string | null) ?? null,
        label: (row.label as string | null) ?? null,
        platform: (row.platform as string | null) ?? null,
        url: (row.url as string | null) ?? null,
        userId: (row.userId as string | null) ?? null,
        sessionId: (row.sessionId as string | null) ?? null,
      }));
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'analytics-events',
          toCsv(data, [
            ['created_at', (row) => row.createdAt],
            ['event', (row) => row.event],
            ['category', (row) => row.category],
            ['label', (row) => row.label],
            ['platform', (row) => row.platform],
            ['url', (row) => row.url],
            ['user_id', (row) => row.userId],
            ['session_id', (row) => row.sessionId],
          ]),
        );
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/admin/stats/users',
    {
      schema: {
        summary: 'Sign-ups per day by source and language, verification and retention by week of sign-up',
        tags,
        querystring: dateRangeQuerySchema,
        response: { 200: userStatsResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => ({ success: true as const, data: await insights.userStats(request.query) }),
  );

  app.get(
    '/admin/stats/email',
    {
      schema: {
        summary: 'Outbox emails sent, failed, pending and not sent, per kind',
        tags,
        response: { 200: emailOverviewResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async () => ({ success: true as const, data: { kinds: await insights.emailOverview() } }),
  );

  app.get(
    '/admin/stats/email/messages',
    {
      schema: {
        summary: 'The outbox, newest first, by status and kind (format=csv for a CSV download)',
        tags,
        querystring: emailListQuerySchema,
        response: { 200: emailListResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const query = request.query;
      const filters: SQL[] = [sql`true`];
      if (query.status) filters.push(sql`status = ${query.status}`);
      if (query.kind) filters.push(sql`kind = ${query.kind}`);
      const rows = sql`select id::text as id, created_at as "createdAt", sent_at as "sentAt", kind, lang,
                              to_address as "toAddress", subject, status, error
                       from outbox_emails where ${sql.join(filters, sql` and `)}`;
      const order = orderBy(query, { createdAt: 'createdAt', kind: 'kind', status: 'status' }, 'createdAt');
      const { rows: page, pagination } = await insights.list<Record<string, unknown>>(rows, query, order);
      const data = page.map((row) => ({
        id: String(row.id),
        createdAt: iso(row.createdAt),
        sentAt: isoOrNull(row.sentAt),
        kind: String(row.kind),
        lang: String(row.lang),
        toAddress: String(row.toAddress),
        subject: String(row.subject),
        status: String(row.status),
        error: (row.error as string | null) ?? null,
      }));
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'emails',
          toCsv(data, [
            ['created_at', (row) => row.createdAt],
            ['sent_at', (row) => row.sentAt],
            ['kind', (row) => row.kind],
            ['lang', (row) => row.lang],
            ['to', (row) => row.toAddress],
            ['subject', (row) => row.subject],
            ['status', (row) => row.status],
            ['error', (row) => row.error],
          ]),
        );
      return { success: true as const, data, pagination };
    },
  );

  app.post(
    '/admin/stats/email/retry',
    {
      schema: {
        summary: 'Send failed emails again: the ones named, or every failed one of a kind',
        tags,
        body: emailRetryBodySchema,
        response: { 200: emailRetryResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const actor = sessionOf(request).user.id;
      limitOrThrow(changes, actor);
      return { success: true as const, retried: await insights.retryEmails(actor, request.body) };
    },
  );

  app.get(
    '/admin/stats/clicks',
    {
      schema: {
        summary: 'Clicks of referral links and of the tracked chat-bot links, per day and by source',
        tags,
        querystring: clickStatsQuerySchema,
        response: { 200: clickStatsResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => ({ success: true as const, data: await insights.clickStats(request.query) }),
  );

  app.get(
    '/admin/stats/clicks/list',
    {
      schema: {
        summary: 'Every tracked click, newest first (format=csv for a CSV download)',
        tags,
        querystring: clickListQuerySchema,
        response: { 200: clickListResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const query = request.query;
      const order = orderBy(query, { createdAt: 'created_at', source: 'source', kind: 'kind' }, 'createdAt');
      const { rows: page, pagination } = await insights.list<Record<string, unknown>>(
        insights.clicksQuery(query),
        query,
        order,
      );
      const data = page.map((row) => ({
        kind: row.kind as 'referral' | 'bot',
        createdAt: iso(row.created_at),
        source: String(row.source ?? ''),
        target: String(row.target ?? ''),
        referrer: (row.referrer as string | null) ?? null,
      }));
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'clicks',
          toCsv(data, [
            ['created_at', (row) => row.createdAt],
            ['kind', (row) => row.kind],
            ['source', (row) => row.source],
            ['target', (row) => row.target],
            ['referrer', (row) => row.referrer],
          ]),
        );
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        summary:
          'The public application settings (the 13-moons date, the chat-bot links), and whether a CRM is configured',
        tags: ['system'],
        response: { 200: publicSettingsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { ...(await settings.publicSettings()), crm: crmConfigured } }),
  );

  app.get(
    '/admin/settings',
    {
      schema: {
        summary: 'Every application setting, with who changed it last',
        tags,
        response: { 200: adminSettingsResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async () => {
      const { settings: data, changes: stored } = await settings.read();
      return { success: true as const, data, changes: stored };
    },
  );

  app.put(
    '/admin/settings',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Change application settings (only the keys given)',
        tags,
        body: settingsUpdateBodySchema,
        response: { 200: adminSettingsResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const actor = sessionOf(request).user.id;
      limitOrThrow(changes, actor);
      const { reason, ...values } = request.body;
      const { settings: data, changes: stored } = await settings.update(
        actor,
        Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
        reason,
      );
      return { success: true as const, data, changes: stored };
    },
  );
};

const BOT_TARGETS = [...SETTINGS_LANGUAGES, '13moons'] as const;
const botParamsSchema = z.strictObject({ target: z.enum(BOT_TARGETS) });

/**
 * `/go/bot/{language|13moons}?source=...`: the product's chat-bot links, counted, then sent on to the bot of the
 * settings. A flood from one address is sent on without being counted.
 */
export function registerBotLinks(
  app: FastifyInstance,
  insights: InsightsService,
  settings: SettingsService,
  /** The product's own bot, when the server runs one: links no administrator has set lead to it. */
  ownBot: () => Promise<string | null> = async () => null,
) {
  const clicks = createRateLimiter({ limit: 60, windowMs: 60_000 });
  const schema = {
    summary: 'A chat-bot link of the settings: counts the click and redirects to the bot',
    tags: ['system'],
  };
  app.get('/go/bot/:target', { schema }, async (request: FastifyRequest, reply: FastifyReply) => {
    const params = botParamsSchema.safeParse(request.params);
    const query = botLinkQuerySchema.safeParse(request.query);
    if (!params.success) return reply.redirect('/', 302);
    const { settings: current, changes } = await settings
      .read()
      .catch(() => ({ settings: SETTING_DEFAULTS, changes: [] as { key: string }[] }));
    const target = params.data.target;
    const key = target === '13moons' ? 'thirteenMoonsBotUrl' : 'chatBotLinks';
    const username = changes.some((change) => change.key === key) ? null : await ownBot();
    const location = username
      ? `https://t.me/${username}?start=${target === '13moons' ? '13moons' : target}`
      : target === '13moons'
        ? current.thirteenMoonsBotUrl
        : current.chatBotLinks[target];
    if (clicks.hit(request.ip) === 0) {
      const source = (query.success ? query.data.source : undefined) ?? 'direct';
      await insights.recordBotClick(target, source, request.headers.referer).catch((error: unknown) => {
        request.log.warn({ err: error }, 'a bot link click could not be recorded');
      });
    }
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });
}
