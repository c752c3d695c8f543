import { createHash } from 'node:crypto';
import { calendarDay, isLeapYear, kinEntity, moonOfDate, parseDate, thirteenMoonYear } from '@hunab/calendar';
import {
  type CalendarDayDto,
  dateTextSchema,
  kinNumberTextSchema,
  langQuerySchema,
  type PublicMoonDto,
  type PublicYearDto,
  publicDayResponseSchema,
  publicKinResponseSchema,
  publicMoonResponseSchema,
  publicYearParamsSchema,
  publicYearResponseSchema,
} from '@hunab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedCache } from '../../lib/caches.ts';
import { errorResponses } from '../../lib/errors.ts';
import { applyQuota, createQuotas, PUBLIC_API_LIMIT, PUBLIC_API_WINDOW_S } from './limits.ts';

/** A record of the calendar never changes: browsers and proxies may keep it for a day. */
export const PUBLIC_CACHE = 'public, max-age=86400';
const JSON_TYPE = 'application/json; charset=utf-8';
const tags = ['public API v1'];
const errors = errorResponses(400, 429);
/** What a script on another site may read of an answer besides the simple fields. */
const EXPOSED = 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After';

const dayParams = z.strictObject({ date: dateTextSchema.meta({ example: '2012-12-21' }) });
const kinParams = z.strictObject({ n: kinNumberTextSchema.meta({ example: '207' }) });

/** The 13-moon year opening on 26 July of `yearStart`, with 0.0 Hunab Ku when its February has a 29th. */
export function publicYear(yearStart: number, lang: Parameters<typeof thirteenMoonYear>[1]): PublicYearDto {
  const year = thirteenMoonYear(yearStart, lang);
  return {
    yearStart: year.yearStart,
    yearKin: year.yearKin,
    moons: year.moons.map((moon) => ({ ...moon })),
    dayOutOfTime: year.dayOutOfTime,
    hunabKu: isLeapYear(yearStart + 1) ? `${yearStart + 1}-02-29` : null,
  };
}

/** The 28-day moon of a date, each day with its whole record. */
export function publicMoon(date: string, lang: Parameters<typeof moonOfDate>[1]): PublicMoonDto {
  const moon = moonOfDate(parseDate(date), lang);
  return {
    yearStart: moon.yearStart,
    moon: moon.moon,
    totem: moon.totem,
    days: moon.days.map((day) => calendarDay(parseDate(day.date), lang) as CalendarDayDto),
  };
}

// The examples of the API description, computed once from the engine.
const exampleDay = calendarDay(parseDate('2012-12-21'), 'en');
const examples = {
  day: { success: true, data: exampleDay },
  kin: { success: true, data: kinEntity(207, 'en') },
  moon: { success: true, data: { ...publicMoon('2012-12-21', 'en'), days: [exampleDay] } },
  year: { success: true, data: publicYear(2012, 'en') },
};

interface Kept {
  body: Buffer;
  etag: string;
}

/** Answers kept as written JSON with their entity tag: the same record is never computed or serialised twice. */
function keptAnswers(max: number) {
  const answers = boundedCache<Kept>(max, 24 * 3600_000);
  return (request: FastifyRequest, reply: FastifyReply, key: string, make: () => unknown): FastifyReply => {
    let answer = answers.get(key);
    if (!answer) {
      const body = Buffer.from(JSON.stringify({ success: true, data: make() }));
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      answers.set(key, answer);
    }
    reply.header('etag', answer.etag).header('cache-control', PUBLIC_CACHE);
    const asked = request.headers['if-none-match'];
    if (asked && (asked === '*' || asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag))) {
      return reply.status(304).send();
    }
    return reply.type(JSON_TYPE).send(answer.body);
  };
}

/**
 * GET /api/v1/day|kin|moon|year: the engine's records for anyone, from any origin, in a shape kept for good.
 * Every answer is open to other origins, carries its quota, and is cached with an entity tag.
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const quotas = createQuotas({ limit: PUBLIC_API_LIMIT, windowS: PUBLIC_API_WINDOW_S, now: () => now().getTime() });
  const send = keptAnswers(5000);

  // Before anything is parsed, so refusals and bad input carry the same fields and count against the quota.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED);
    try {
      applyQuota(reply, quotas.take(request.ip), PUBLIC_API_WINDOW_S);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  app.get(
    '/v1/day/:date',
    {
      schema: {
        summary: 'The day record of a date (public API v1)',
        description:
          'Everything the engine knows of a Gregorian date: the kin with its oracle, fifth force, harmonic and ' +
          'chromatic; castle, year bearer, moon, day, week, plasma; the PSI chrono kin, the New Sirius date, the ' +
          'heptad gate and the true Moon. Open to every origin, cached for a day with an ETag, ' +
          `${PUBLIC_API_LIMIT} requests a minute per address (RateLimit fields).`,
        tags,
        params: dayParams,
        querystring: langQuerySchema,
        response: { 200: publicDayResponseSchema.meta({ example: examples.day }), ...errors },
      },
    },
    (request, reply) => {
      const { date } = request.params;
      const { lang } = request.query;
      send(request, reply, `day|${date}|${lang}`, () => calendarDay(parseDate(date), lang));
    },
  );

  app.get(
    '/v1/kin/:n',
    {
      schema: {
        summary: 'A kin of the 260 (public API v1)',
        description: 'The kin with its tone, seal, wavespell, oracle, fifth force, harmonic and chromatic.',
        tags,
        params: kinParams,
        querystring: langQuerySchema,
        response: { 200: publicKinResponseSchema.meta({ example: examples.kin }), ...errors },
      },
    },
    (request, reply) => {
      const { n } = request.params;
      const { lang } = request.query;
      send(request, reply, `kin|${n}|${lang}`, () => kinEntity(n, lang));
    },
  );

  app.get(
    '/v1/moon/:date',
    {
      schema: {
        summary: 'The 28-day moon of a date (public API v1)',
        description:
          'The moon the date falls in, with the whole day record of each of its 28 days (the example shows one). ' +
          '29 February shows the Galactic Moon around it; the Day Out of Time the Cosmic Moon it closes.',
        tags,
        params: dayParams,
        querystring: langQuerySchema,
        response: { 200: publicMoonResponseSchema.meta({ example: examples.moon }), ...errors },
      },
    },
    (request, reply) => {
      const { date } = request.params;
      const { lang } = request.query;
      send(request, reply, `moon|${date}|${lang}`, () => publicMoon(date, lang));
    },
  );

  app.get(
    '/v1/year/:year',
    {
      schema: {
        summary: 'The 13-moon year opening on 26 July of a year (public API v1)',
        description: 'The year bearer, the 13 moons with their Gregorian dates, the Day Out of Time and 0.0 Hunab Ku.',
        tags,
        params: publicYearParamsSchema.extend({ year: publicYearParamsSchema.shape.year.meta({ example: '2026' }) }),
        querystring: langQuerySchema,
        response: { 200: publicYearResponseSchema.meta({ example: examples.year }), ...errors },
      },
    },
    (request, reply) => {
      const { year } = request.params;
      const { lang } = request.query;
      send(request, reply, `year|${year}|${lang}`, () => publicYear(year, lang));
    },
  );
};
