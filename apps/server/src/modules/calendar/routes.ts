import { calendarDay, kinEntity, parseDate } from '@hunab/calendar';
import {
  calendarDayParamsSchema,
  calendarDayResponseSchema,
  errorBodySchema,
  kinParamsSchema,
  kinResponseSchema,
  langQuerySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Day records never change, so answers may be cached by browsers and proxies for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/day/:date',
    {
      schema: {
        summary: 'The kin, moon, day and year of a date',
        tags: ['calendar'],
        params: calendarDayParamsSchema,
        querystring: langQuerySchema,
        response: { 200: calendarDayResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const day = calendarDay(parseDate(request.params.date), request.query.lang);
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return { success: true as const, data: day };
    },
  );

  app.get(
    '/calendar/kin/:n',
    {
      schema: {
        summary: 'The Kin entity of a kin number',
        tags: ['calendar'],
        params: kinParamsSchema,
        querystring: langQuerySchema,
        response: { 200: kinResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return { success: true as const, data: kinEntity(request.params.n, request.query.lang) };
    },
  );
};
