import { addDays, calendarDay, formatDate, kinEntity, localDateOf, parseDate } from '@hunab/calendar';
import {
  acceptedResponseSchema,
  contentQuerySchema,
  contentResponseSchema,
  errorBodySchema,
  freeDateOf,
  GUEST_DATE_COOKIE,
  GUEST_DATE_COOKIE_DAYS,
  guestDateOpen,
  hunabmathQuerySchema,
  kinSchema,
  processQuerySchema,
  processResponseSchema,
  responsesQuerySchema,
  responsesResponseSchema,
  sealParamsSchema,
  shortcodesBodySchema,
  shortcodesResponseSchema,
  submitResponseBodySchema,
  toneParamsSchema,
} from '@hunab/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentResponses, processItems, users } from '../../db/schema.ts';
import { cookieOf } from '../../lib/cookies.ts';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { dateDenial, processAccess, readerToday } from '../subscriptions/access.ts';

/**
 * The number of accounts as a page may show it: rounded down to its first two digits with a plus (12,345 is
 * "12,000+"), so the exact count and its day-to-day growth are not published.
 */
function roughCount(n: number, language: string): string {
  if (n < 10) return new Intl.NumberFormat(language).format(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return `${new Intl.NumberFormat(language).format(Math.floor(n / step) * step)}+`;
}

/** The days a plan below premium can open around the reader's today (basic: a day either side). */
const windowAround = (today: string): string[] =>
  [-1, 0, 1].map((offset) => formatDate(addDays(parseDate(today), offset)));

import type { PlanDeps } from '../subscriptions/service.ts';
import type { ContentKind } from './files.ts';
import { readingOf } from './service.ts';

const errors = errorResponses(400, 401, 404);

export const contentRoutes: FastifyPluginAsyncZod<PlanDeps & { auth: AuthService; secureCookies: boolean }> = async (
  app,
  { db, auth, subscriptions, now, secureCookies },
) => {
  const session = sessionHooks(auth);

  /**
   * Whether a signed-in reader may open a reading: the seal or tone asked for must be that of a day their plan
   * opens (the date sent, or, without one, any day of their window around today), whatever the client sends.
   */
  async function checkDate(request: FastifyRequest, reply: FastifyReply, kind: 'seal' | 'tone', number: number) {
    const { date, today } = request.query as { date?: string; today?: string };
    const numberOf = (day: string) => {
      const kin = calendarDay(parseDate(day)).kin;
      return kind === 'seal' ? kin.sign.number : kin.tone.number;
    };
    if (date && numberOf(date) !== number) {
      throw new ApiError(400, 'VALIDATION_ERROR', `The ${kind} of ${date} is ${numberOf(date)}, not ${number}.`);
    }
    const user = request.session?.user;
    if (!user) {
      if (date) guestDate(request, reply, date, readerToday(today, now()));
      return;
    }
    const access = await subscriptions.accessOf(user);
    const readerDay = readerToday(today, now());
    const asked = date ? [date] : windowAround(readerDay).filter((day) => numberOf(day) === number);
    const denials = asked.map((day) => dateDenial(access, day, readerDay));
    if (asked.length > 0 && denials.some((denial) => denial === null)) return;
    // No day of the window has this number: answered as a date beyond the window would be (premium opens all).
    const beyond = formatDate(addDays(parseDate(readerDay), 2));
    const reason = denials.find((denial) => denial !== null) ?? dateDenial(access, beyond, readerDay);
    if (reason === null) return;
    throw new ApiError(403, 'ACCESS_DENIED', 'Your plan does not open the content of this date.', { reason });
  }

  /**
   * A guest's one free date (spec 000 section 4.8), decided here rather than trusted to the device: today always
   * opens; the first other date a guest opens becomes the device's free date (a cookie) and stays open; any further
   * date is refused with `guest_date_limit`, which the page answers with the sign-in prompt.
   */
  function guestDate(request: FastifyRequest, reply: FastifyReply, date: string, today: string) {
    const freeDate = freeDateOf(cookieOf(request, GUEST_DATE_COOKIE));
    if (!guestDateOpen(freeDate, date, today)) {
      throw new ApiError(403, 'ACCESS_DENIED', 'A guest opens one date besides today: sign in to open others.', {
        reason: 'guest_date_limit',
      });
    }
    if (freeDate === null && date !== today) {
      const cookie = [
        `${GUEST_DATE_COOKIE}=${date}`,
        'Path=/',
        `Max-Age=${GUEST_DATE_COOKIE_DAYS * 86_400}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secureCookies ? ['Secure'] : []),
      ].join('; ');
      reply.header('set-cookie', cookie).header('cache-control', 'private, no-store');
    }
  }

  /** The items of one tone day of a process. */
  const ofProcessDay = (cycleType: string, tone: number) =>
    and(eq(processItems.cycleType, cycleType), eq(processItems.tone, tone));

  /** Whether a reader (null: a guest) may open the day of `tone` of the 13-day process, on the reader's today. */
  const processDayAccess = async (user: { id: string; isAdmin: boolean } | null, tone: number, today?: string) =>
    processAccess(db, await subscriptions.accessOf(user), user?.id ?? null, tone, readerToday(today, now()));

  async function reading(kind: ContentKind, number: number, lang: string) {
    const row = await readingOf(db, kind, number, lang);
    if (!row) throw new ApiError(404, 'CONTENT_NOT_FOUND', `No content available for ${kind} ${number} in ${lang}.`);
    return {
      success: true as const,
      data: {
        content_id: `${kind}_${number}`,
        title: row.title,
        content_text: row.body,
        metadata: { kind, number, lang: row.lang, keywords: row.keywords, summary: row.summary },
      },
    };
  }

  const tags = ['content'];
  for (const [kind, params] of [
    ['seal', sealParamsSchema],
    ['tone', toneParamsSchema],
  ] as const) {
    app.get(
      `/content/${kind}/:n`,
      {
        schema: {
          summary: `The reading of a ${kind}`,
          tags,
          params,
          querystring: contentQuerySchema,
          response: { 200: contentResponseSchema, 403: errorBodySchema, ...errors },
        },
        preHandler: session.optional,
      },
      async (request, reply) => {
        await checkDate(request, reply, kind, request.params.n);
        return reading(kind, request.params.n, request.query.lang);
      },
    );
  }

  app.get(
    '/content/process',
    {
      schema: {
        summary: 'The assignment, questions and polls of a day of the 13-day process',
        tags,
        querystring: processQuerySchema,
        response: { 200: processResponseSchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      const { cycleType, cycleValue, lang } = request.query;
      const user = request.session?.user ?? null;
      const access = await processDayAccess(user, cycleValue, request.query.today);
      const rows =
        access.status !== 'allowed'
          ? []
          : await db
              .select()
              .from(processItems)
              .where(and(ofProcessDay(cycleType, cycleValue), eq(processItems.lang, lang)))
              .orderBy(asc(processItems.position));
      return {
        success: true as const,
        cycleType,
        cycleValue,
        lang,
        access,
        content: rows.map((row) => ({
          content_id: row.contentId,
          type_app: row.typeApp,
          text: row.text,
          options: row.options ?? null,
          position: row.position,
        })),
      };
    },
  );

  app.post(
    '/content/submit-response',
    {
      schema: {
        summary: 'Keep the signed-in user’s answer to a question or poll',
        tags,
        body: submitResponseBodySchema,
        response: { 200: acceptedResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { questionId, response, cycleType, cycleValue, lang } = request.body;
      const { user } = sessionOf(request);
      const access = await processDayAccess(user, cycleValue, request.body.today);
      if (access.status !== 'allowed') {
        throw new ApiError(403, 'ACCESS_DENIED', 'This day of the process is not open to you.', {
          reason: access.status,
        });
      }
      const [question] = await db
        .select()
        .from(processItems)
        .where(and(ofProcessDay(cycleType, cycleValue), eq(processItems.contentId, questionId)))
        .limit(1);
      if (!question || question.typeApp === 'other')
        throw new ApiError(400, 'UNKNOWN_QUESTION', 'There is no such question for this day.');
      if (question.typeApp === 'poll' && !(question.options ?? []).includes(response)) {
        // Polls are answered with one of their options, in whichever language the user saw them.
        const [anyLanguage] = await db
          .select({ n: count() })
          .from(processItems)
          .where(and(eq(processItems.contentId, questionId), sql`${processItems.options} ? ${response}`));
        if (!anyLanguage?.n) throw new ApiError(400, 'VALIDATION_ERROR', 'Choose one of the poll’s options.');
      }
      const userId = sessionOf(request).user.id;
      await db
        .insert(contentResponses)
        .values({ userId, questionId, cycleType, cycleValue, lang, response, createdAt: now(), updatedAt: now() })
        .onConflictDoUpdate({
          target: [contentResponses.userId, contentResponses.questionId],
          set: { response, lang, updatedAt: now() },
        });
      return { success: true as const };
    },
  );

  app.get(
    '/content/responses',
    {
      schema: {
        summary: 'The signed-in user’s kept answers for a day',
        tags,
        querystring: responsesQuerySchema,
        response: { 200: responsesResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const rows = await db
        .select()
        .from(contentResponses)
        .where(
          and(
            eq(contentResponses.userId, sessionOf(request).user.id),
            eq(contentResponses.cycleType, request.query.cycleType),
            eq(contentResponses.cycleValue, request.query.cycleValue),
          ),
        );
      return {
        success: true as const,
        responses: rows.map((r) => ({
          questionId: r.questionId,
          response: r.response,
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/bot-stats/process-shortcodes',
    {
      schema: {
        summary: 'Replace [shortcodes] in a text with live values',
        tags,
        body: shortcodesBodySchema,
        response: { 200: shortcodesResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { content, language } = request.body;
      const [people] = await db.select({ n: count() }).from(users);
      const todayKin = calendarDay(localDateOf(now()), language).kin;
      const values: Record<string, string> = {
        users_count: roughCount(people?.n ?? 0, language),
        people_count: roughCount(people?.n ?? 0, language),
        today_kin: String(todayKin.number),
        today_kin_name: todayKin.name,
        year: String(now().getFullYear()),
      };
      const replaced = new Set<string>();
      const processed = content.replace(/\[([a-z_]+)\]/g, (whole, name: string) => {
        const value = values[name];
        if (value === undefined) return whole;
        replaced.add(name);
        return value;
      });
      return {
        success: true as const,
        processedContent: { processedContent: processed, replacedShortcodes: [...replaced] },
      };
    },
  );

  app.get(
    '/debug/hunabmath',
    {
      schema: {
        summary: 'The kin and tone of a day (today by default)',
        tags,
        querystring: hunabmathQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            hunabmath: z.object({
              date: z.string(),
              kin: kinSchema,
              tone: z.object({ number: z.number(), name: z.string() }),
            }),
          }),
          400: errorBodySchema,
        },
      },
    },
    async (request) => {
      const day = calendarDay(
        request.query.date ? parseDate(request.query.date) : localDateOf(now()),
        request.query.lang,
      );
      const kin = kinEntity(day.kin.number, request.query.lang);
      return { success: true as const, hunabmath: { date: day.date, kin, tone: kin.tone } };
    },
  );
};
