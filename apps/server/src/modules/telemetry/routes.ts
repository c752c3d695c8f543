import {
  acceptedResponseSchema,
  analyticsEventBodySchema,
  frontendErrorBodySchema,
  keptAddress,
  storableJson,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, frontendErrors } from '../../db/schema.ts';
import { errorResponses } from '../../lib/errors.ts';
import { assertStorableJson } from '../../lib/json-limits.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';

const MAX_STORED_STRING = 4000;
const MAX_STORED_JSON = 8_000;
/** What a client may ask to have stored as free-form JSON: a few levels and a few kilobytes. */
const STORED_ERROR = { maxDepth: 8, maxBytes: 16_000 };
const STORED_CUSTOM_DATA = { maxDepth: 6, maxBytes: 4_000 };

/** An error report's `url` as analytics keep addresses: the path and the kept parameters, never a link's token. */
function withKeptAddress(error: unknown): unknown {
  if (!error || typeof error !== 'object' || Array.isArray(error)) return error;
  const { url } = error as { url?: unknown };
  return typeof url === 'string' ? { ...error, url: keptAddress(url) } : error;
}

/** Keeps what can be stored, with every string cut to a size worth keeping. */
function capped(value: unknown): unknown {
  const clean = storableJson(value);
  const cut = (v: unknown): unknown => {
    if (typeof v === 'string') return v.length > MAX_STORED_STRING ? `${v.slice(0, MAX_STORED_STRING)}…` : v;
    if (Array.isArray(v)) return v.slice(0, 50).map(cut);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .slice(0, 50)
          .map(([k, x]) => [k.slice(0, 100), cut(x)]),
      );
    return v;
  };
  const result = cut(clean);
  return JSON.stringify(result).length > MAX_STORED_JSON
    ? { truncated: JSON.stringify(result).slice(0, MAX_STORED_JSON) }
    : result;
}

const tags = ['telemetry'];
/** What a report or an event answers: accepted, or refused for its shape or its rate. */
const response = { 200: acceptedResponseSchema, ...errorResponses(400, 429) };

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : 'Unknown error';
}

export const telemetryRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService }> = async (app, { db, auth }) => {
  const session = sessionHooks(auth);
  const errorReports = createRateLimiter({ limit: 30, windowMs: 60_000 });
  const events = createRateLimiter({ limit: 120, windowMs: 60_000 });
  /** Guests share their address with everyone behind it (a carrier's NAT holds thousands), so it takes more. */
  const guestEvents = createRateLimiter({ limit: 600, windowMs: 60_000 });

  app.post(
    '/frontend-error/log-error',
    {
      bodyLimit: 32 * 1024,
      schema: {
        summary: 'Report an error seen in the web app',
        tags,
        body: frontendErrorBodySchema,
        response,
      },
      preHandler: session.optional,
    },
    async (request) => {
      // As the analytics events: a signed-in reader's reports count apart from the address they share.
      limitOrThrow(errorReports, request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`);
      const { error, errorInfo } = request.body;
      assertStorableJson(error, 'error', STORED_ERROR);
      if (errorInfo) assertStorableJson(errorInfo, 'errorInfo', STORED_ERROR);
      await db.insert(frontendErrors).values({
        userId: request.session?.user.id ?? null,
        ip: request.ip,
        message: (storableJson(messageOf(error)) as string).slice(0, 1000),
        error: capped(withKeptAddress(error)),
        errorInfo: errorInfo === undefined || errorInfo === null ? null : capped(errorInfo),
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      return { success: true as const };
    },
  );

  app.post(
    '/analytics/track',
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Record an analytics event',
        tags,
        body: analyticsEventBodySchema,
        response,
      },
      preHandler: session.optional,
    },
    async (request) => {
      // A signed-in reader has their own budget, so readers behind one address (an office, a carrier's NAT) do not
      // share one; guests share their address's larger one.
      if (request.session) limitOrThrow(events, request.session.user.id);
      else limitOrThrow(guestEvents, request.ip);
      const body = request.body;
      if (body.customData) assertStorableJson(body.customData, 'customData', STORED_CUSTOM_DATA);
      const clientTime = body.timestamp === undefined || body.timestamp === null ? null : new Date(body.timestamp);
      await db.insert(analyticsEvents).values({
        userId: request.session?.user.id ?? null,
        event: body.event,
        category: body.category ?? null,
        label: body.label ?? null,
        value: body.value === undefined || body.value === null ? null : String(body.value),
        customData: body.customData ? capped(body.customData) : null,
        platform: body.platform ?? null,
        // The path and the kept parameters only: a one-time link's token never reaches the table.
        url: body.url ? keptAddress(body.url) : null,
        sessionId: body.session_id ?? null,
        clientTimestamp:
          clientTime && !Number.isNaN(clientTime.getTime()) && Math.abs(clientTime.getFullYear() - 2000) < 1000
            ? clientTime
            : null,
      });
      return { success: true as const };
    },
  );
};
