import { calendarDay, isLanguage, isValidDateText, kinEntity, parseDate } from '@hunab/calendar';
import {
  calendarDayParamsSchema,
  calendarDayResponseSchema,
  kinParamsSchema,
  kinResponseSchema,
  langQuerySchema,
} from '@hunab/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boundedCache, type CacheRegistry } from '../../lib/caches.ts';
import { errorResponses } from '../../lib/errors.ts';
import { holdsOnly, precheck } from '../../lib/validation.ts';

/** Day records never change, so answers may be cached by browsers and proxies for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';
const tags = ['calendar'];
/** A date or a kin number that is not one. */
const errors = errorResponses(400);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answers of these routes never change, so they are kept as written JSON, checked against their schema once when
 * made, and sent as they are, without the schema check and serialisation of every request. They are kept as UTF-8
 * bytes: a string with non-Latin letters (most languages' names of the kin) would be encoded again on every answer,
 * and joined with the headers into one new string first.
 */
function keptAnswers<T>(schema: { encode(value: { success: true; data: T }): unknown }, max: number) {
  const answers = boundedCache<Buffer>(max, 24 * 3600_000);
  return {
    clear: () => answers.clear(),
    /** Sends the answer kept under `key`, made by `make` the first time. */
    send(reply: FastifyReply, key: string, make: () => T): FastifyReply {
      let answer = answers.get(key);
      if (!answer) {
        answer = Buffer.from(JSON.stringify(schema.encode({ success: true, data: make() })));
        answers.set(key, answer);
      }
      return reply.header('cache-control', CACHE_FOR_A_DAY).type(JSON_TYPE).send(answer);
    },
  };
}

// Quick checks of the calendar's path and query schemas, for every route that declares them: the usual valid input
// passes without zod; zod checks the rest and gives bad input the same answers (codes and messages) as before.
precheck(langQuerySchema, (query) => {
  if (!holdsOnly(query, 'lang', true)) return undefined;
  const lang = query.lang ?? 'ru';
  return isLanguage(lang) ? { lang } : undefined;
});
precheck(calendarDayParamsSchema, (params) =>
  holdsOnly(params, 'date') && typeof params.date === 'string' && isValidDateText(params.date)
    ? { date: params.date }
    : undefined,
);
precheck(kinParamsSchema, (params) => {
  if (!holdsOnly(params, 'n') || typeof params.n !== 'string' || !/^\d{1,3}$/.test(params.n)) return undefined;
  const n = Number(params.n);
  return n >= 1 && n <= 260 ? { n } : undefined;
});

export const calendarRoutes: FastifyPluginAsyncZod<{ caches: CacheRegistry }> = async (app, { caches }) => {
  // Day records of the dates people open most (today, birthdays) are kept in memory; the admin tool empties it.
  const days = keptAnswers(calendarDayResponseSchema, 5000);
  const kins = keptAnswers(kinResponseSchema, 260 * 8);
  caches.register('calculations', () => days.clear() + kins.clear());

  app.get(
    '/calendar/day/:date',
    {
      schema: {
        summary: 'The kin, moon, day and year of a date, with its synchronometer and the Moon in the sky',
        description:
          'The day record of the 13-moon calendar: the kin with its oracle, fifth-force kin, harmonic and chromatic; ' +
          'the moon, day, week and plasma; the PSI chrono kin, the New Sirius date and the heptad gate; and the true ' +
          'Moon at noon UTC (phase image 1-30, next new and full moon). Rules and sources: ' +
          'packages/calendar/SYNCHRONOMETER.md.',
        tags,
        params: calendarDayParamsSchema,
        querystring: langQuerySchema,
        response: { 200: calendarDayResponseSchema, ...errors },
      },
    },
    // Not async: the answer is sent before the handler returns, with no promise to settle.
    (request, reply) => {
      const { date } = request.params;
      const { lang } = request.query;
      days.send(reply, `${date}|${lang}`, () => calendarDay(parseDate(date), lang));
    },
  );

  app.get(
    '/calendar/kin/:n',
    {
      schema: {
        summary: 'The Kin entity of a kin number',
        tags,
        params: kinParamsSchema,
        querystring: langQuerySchema,
        response: { 200: kinResponseSchema, ...errors },
      },
    },
    (request, reply) => {
      const { n } = request.params;
      const { lang } = request.query;
      kins.send(reply, `${n}|${lang}`, () => kinEntity(n, lang));
    },
  );
};
