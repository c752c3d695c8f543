import { calendarDay, kinEntity, parseDate } from '@hunab/calendar';
import {
  calendarDayParamsSchema,
  calendarDayResponseSchema,
  kinParamsSchema,
  kinResponseSchema,
  langQuerySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boundedCache, type CacheRegistry } from '../../lib/caches.ts';
import { errorResponses } from '../../lib/errors.ts';

/** Day records never change, so answers may be cached by browsers and proxies for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';
const tags = ['calendar'];
/** A date or a kin number that is not one. */
const errors = errorResponses(400);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answer as JSON, checked against its schema once: the answers of these routes never change, so they are kept
 * already written and sent as they are, without the schema check and serialisation of every request.
 */
function written<T>(schema: { encode(value: T): unknown }, value: T): string {
  return JSON.stringify(schema.encode(value));
}

export const calendarRoutes: FastifyPluginAsyncZod<{ caches: CacheRegistry }> = async (app, { caches }) => {
  // Day records of the dates people open most (today, birthdays) are kept in memory; the admin tool empties it.
  const days = boundedCache<string>(5000, 24 * 3600_000);
  const kins = boundedCache<string>(260 * 8, 24 * 3600_000);
  caches.register('calculations', () => days.clear() + kins.clear());

  app.get(
    '/calendar/day/:date',
    {
      schema: {
        summary: 'The kin, moon, day and year of a date',
        tags,
        params: calendarDayParamsSchema,
        querystring: langQuerySchema,
        response: { 200: calendarDayResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = `${request.params.date}|${request.query.lang}`;
      let day = days.get(key);
      if (!day) {
        const data = calendarDay(parseDate(request.params.date), request.query.lang);
        day = written(calendarDayResponseSchema, { success: true as const, data });
        days.set(key, day);
      }
      return reply
        .header('cache-control', CACHE_FOR_A_DAY)
        .type(JSON_TYPE)
        .send(day as never);
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
    async (request, reply) => {
      const key = `${request.params.n}|${request.query.lang}`;
      let kin = kins.get(key);
      if (!kin) {
        const data = kinEntity(request.params.n, request.query.lang);
        kin = written(kinResponseSchema, { success: true as const, data });
        kins.set(key, kin);
      }
      return reply
        .header('cache-control', CACHE_FOR_A_DAY)
        .type(JSON_TYPE)
        .send(kin as never);
    },
  );
};
