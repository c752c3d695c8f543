import { createHash } from 'node:crypto';
import {
  type Experiment,
  errorBodySchema,
  experimentAssignmentQuerySchema,
  experimentAssignmentResponseSchema,
  experimentConversionBodySchema,
  experimentConversionResponseSchema,
  experimentCreateBodySchema,
  experimentIdParamsSchema,
  experimentKeyParamsSchema,
  experimentResponseSchema,
  experimentsQuerySchema,
  experimentsResponseSchema,
  experimentUpdateBodySchema,
} from '@hunab/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows } from '../../db/client.ts';
import { analyticsEvents, experimentConversions, experimentExposures, experiments } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import { createSharedRateLimiter } from '../../lib/shared-rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { InsightsService } from '../insights/service.ts';
import { orderBy } from '../insights/service.ts';

const errors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errors, 409: errorBodySchema, 429: errorBodySchema };
/** New exposures counted from one client address an hour. */
export const EXPOSURES_PER_ADDRESS_PER_HOUR = 20;
/** How recent the page view that makes an anonymous id a visitor must be. */
const SEEN_WITHIN_MS = 30 * 86_400_000;
/** The changes check the session in a hook of their own (`adminChange`), so their description says it here. */
const security = [{ bearer: [] }];
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/**
 * A subject's variant: the first 32 bits of SHA-256 of `{key}:{subject}` placed on the sum of the weights, so one
 * subject keeps its variant while the weights stay, and the shares follow the weights.
 */
export function pickVariant(key: string, subject: string, variants: readonly { key: string; weight: number }[]) {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  const point = (createHash('sha256').update(`${key}:${subject}`).digest().readUInt32BE(0) / 2 ** 32) * total;
  let edge = 0;
  for (const variant of variants) {
    edge += variant.weight;
    if (point < edge) return variant.key;
  }
  return variants.findLast((variant) => variant.weight > 0)?.key ?? variants[0]?.key ?? '';
}

/** A/B tests: the administrators' list and changes, and the app's assignment and conversion calls. */
export const experimentRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService; insights: InsightsService }> = async (
  app,
  { db, auth, insights },
) => {
  const session = sessionHooks(auth);
  const admin = [session.required, session.admin];
  const hits = createRateLimiter({ limit: 60, windowMs: 60_000 });
  // The exposures one client address adds to the figures, counted across processes; more are answered, not counted.
  const exposuresByAddress = createSharedRateLimiter(db, {
    name: 'experiment-exposures',
    limit: EXPOSURES_PER_ADDRESS_PER_HOUR,
    windowMs: 3_600_000,
  });
  /**
   * Whether a subject's first exposure is counted: a signed-in reader always, a guest's anonymous id only once a page
   * view of it has been seen (an id made up for the call is not a visitor), and no more than the address's share.
   */
  const counts = async (experimentId: number, subject: string, anonymousId: string | undefined, ip: string) => {
    const [known] = await db
      .select({ id: experimentExposures.id })
      .from(experimentExposures)
      .where(and(eq(experimentExposures.experimentId, experimentId), eq(experimentExposures.subject, subject)));
    if (known) return false;
    if (subject.startsWith('anon:')) {
      const [seen] = await db
        .select({ id: analyticsEvents.id })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.event, 'page_view'),
            gt(analyticsEvents.createdAt, new Date(Date.now() - SEEN_WITHIN_MS)),
            eq(analyticsEvents.sessionId, anonymousId ?? ''),
          ),
        )
        .limit(1);
      if (!seen) return false;
    }
    return (await exposuresByAddress.hit(ip)) === 0;
  };
  const changes = createRateLimiter({ limit: 30, windowMs: 60_000 });
  /** A change: an administrator's, counted against their changes of the minute before its body is read. */
  const adminChange = async (request: FastifyRequest, reply: FastifyReply) => {
    await session.required(request, reply);
    if (reply.sent) return;
    await session.admin(request);
    limitOrThrow(changes, sessionOf(request).user.id);
  };

  const subjectOf = (request: FastifyRequest, anonymousId: string | undefined) => {
    if (request.session) return `user:${request.session.user.id}`;
    if (anonymousId) return `anon:${anonymousId}`;
    throw new ApiError(400, 'VALIDATION_ERROR', 'Sign in or send an anonymousId.');
  };
  const byKey = async (key: string) => {
    const [row] = await db.select().from(experiments).where(eq(experiments.key, key));
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'There is no such experiment.');
    return row;
  };

  /** The experiments with each variant's exposures, conversions and rate. */
  const figures = (where = sql`true`) => sql`
    select e.id, e.key, e.name, e.status, e.created_at as "createdAt", e.stopped_at as "stoppedAt",
           e.variants,
           (select coalesce(jsonb_object_agg(x.variant, x.n), '{}'::jsonb) from
              (select variant, count(*)::int as n from experiment_exposures where experiment_id = e.id group by 1) x)
             as exposures,
           (select coalesce(jsonb_object_agg(x.variant, x.n), '{}'::jsonb) from
              (select variant, count(*)::int as n from experiment_conversions where experiment_id = e.id group by 1) x)
             as conversions
    from experiments e where ${where}`;
  const toExperiment = (row: Record<string, unknown>): Experiment => {
    const exposures = (row.exposures ?? {}) as Record<string, number>;
    const conversions = (row.conversions ?? {}) as Record<string, number>;
    return {
      id: Number(row.id),
      key: String(row.key),
      name: String(row.name),
      status: row.status === 'stopped' ? 'stopped' : 'running',
      createdAt: iso(row.createdAt),
      stoppedAt: row.stoppedAt ? iso(row.stoppedAt) : null,
      variants: (row.variants as { key: string; weight: number }[]).map((variant) => {
        const seen = Number(exposures[variant.key] ?? 0);
        const converted = Number(conversions[variant.key] ?? 0);
        return { ...variant, exposures: seen, conversions: converted, rate: seen ? converted / seen : 0 };
      }),
    };
  };
  const readOne = async (tx: Db, id: number) => {
    const [row] = await queryRows<Record<string, unknown>>(tx, figures(sql`e.id = ${id}`));
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'There is no such experiment.');
    return toExperiment(row);
  };

  app.get(
    '/experiments/:key/assignment',
    {
      schema: {
        summary: 'The variant of an A/B test for the signed-in reader or an anonymous id (the same every time)',
        description:
          'The first answer to a subject counts as its exposure: always for a signed-in reader, for an anonymous id ' +
          'only once a page view with it as session_id was tracked, and at most ' +
          `${EXPOSURES_PER_ADDRESS_PER_HOUR} new exposures an hour from one client address.`,
        tags: ['experiments'],
        params: experimentKeyParamsSchema,
        querystring: experimentAssignmentQuerySchema,
        response: { 200: experimentAssignmentResponseSchema, ...writeErrors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      const subject = subjectOf(request, request.query.anonymousId);
      limitOrThrow(hits, request.ip);
      const experiment = await byKey(request.params.key);
      // A stopped test shows everyone its first variant (the control) and counts nobody.
      if (experiment.status !== 'running')
        return {
          success: true as const,
          data: { key: experiment.key, variant: experiment.variants[0]?.key ?? '', running: false },
        };
      const variant = pickVariant(experiment.key, subject, experiment.variants);
      if (await counts(experiment.id, subject, request.query.anonymousId, request.ip)) {
        await db
          .insert(experimentExposures)
          .values({ experimentId: experiment.id, subject, variant })
          .onConflictDoNothing();
      }
      return { success: true as const, data: { key: experiment.key, variant, running: true } };
    },
  );

  app.post(
    '/experiments/:key/conversion',
    {
      schema: {
        summary: 'Count a conversion of an exposed subject in its variant (once per subject)',
        tags: ['experiments'],
        params: experimentKeyParamsSchema,
        body: experimentConversionBodySchema,
        response: { 200: experimentConversionResponseSchema, ...writeErrors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      const subject = subjectOf(request, request.body.anonymousId);
      limitOrThrow(hits, request.ip);
      const experiment = await byKey(request.params.key);
      if (experiment.status !== 'running') return { success: true as const, data: { recorded: false, variant: null } };
      const [exposure] = await queryRows<{ variant: string }>(
        db,
        sql`select variant from experiment_exposures where experiment_id = ${experiment.id} and subject = ${subject}`,
      );
      if (!exposure) return { success: true as const, data: { recorded: false, variant: null } };
      const inserted = await db
        .insert(experimentConversions)
        .values({ experimentId: experiment.id, subject, variant: exposure.variant })
        .onConflictDoNothing()
        .returning({ id: experimentConversions.id });
      return { success: true as const, data: { recorded: inserted.length > 0, variant: exposure.variant } };
    },
  );

  app.get(
    '/admin/experiments',
    {
      schema: {
        summary: 'A/B tests with exposures, conversions and rate per variant (format=csv for a CSV download)',
        tags: ['admin'],
        querystring: experimentsQuerySchema,
        response: { 200: experimentsResponseSchema, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const query = request.query;
      const rows = figures(query.status ? sql`e.status = ${query.status}` : sql`true`);
      const order = orderBy(query, { createdAt: 'createdAt', key: 'key', name: 'name', status: 'status' }, 'createdAt');
      const { rows: page, pagination } = await insights.list<Record<string, unknown>>(rows, query, order);
      const data = page.map(toExperiment);
      if (query.format === 'csv')
        return sendCsv(
          reply,
          'experiments',
          toCsv(
            data.flatMap((experiment) => experiment.variants.map((variant) => ({ experiment, variant }))),
            [
              ['key', (row) => row.experiment.key],
              ['name', (row) => row.experiment.name],
              ['status', (row) => row.experiment.status],
              ['variant', (row) => row.variant.key],
              ['weight', (row) => row.variant.weight],
              ['exposures', (row) => row.variant.exposures],
              ['conversions', (row) => row.variant.conversions],
              ['rate', (row) => row.variant.rate.toFixed(4)],
            ],
          ),
        );
      return { success: true as const, data, pagination };
    },
  );

  app.post(
    '/admin/experiments',
    {
      schema: {
        summary: 'Start an A/B test',
        tags: ['admin'],
        security,
        body: experimentCreateBodySchema,
        response: { 200: experimentResponseSchema, ...writeErrors },
      },
      onRequest: adminChange,
    },
    async (request) => {
      const actorId = sessionOf(request).user.id;
      const { reason, ...values } = request.body;
      const data = await db.transaction(async (tx) => {
        const [created] = await tx.insert(experiments).values(values).onConflictDoNothing().returning();
        if (!created) throw new ApiError(409, 'EXPERIMENT_EXISTS', 'An experiment with this key exists.');
        await recordAudit(tx, {
          actorId,
          action: 'experiment.create',
          targetType: 'experiment',
          targetId: created.id,
          after: values,
          reason: reason ?? null,
        });
        return readOne(tx, created.id);
      });
      return { success: true as const, data };
    },
  );

  app.patch(
    '/admin/experiments/:id',
    {
      schema: {
        summary: 'Rename an A/B test, change its variants’ weights, stop or restart it',
        tags: ['admin'],
        security,
        params: experimentIdParamsSchema,
        body: experimentUpdateBodySchema,
        response: { 200: experimentResponseSchema, ...writeErrors },
      },
      onRequest: adminChange,
    },
    async (request) => {
      const actorId = sessionOf(request).user.id;
      const { reason, ...change } = request.body;
      const { id } = request.params;
      const data = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
        if (!before) throw new ApiError(404, 'NOT_FOUND', 'There is no such experiment.');
        await tx
          .update(experiments)
          .set({
            ...change,
            updatedAt: new Date(),
            ...(change.status === 'stopped' && before.status !== 'stopped' ? { stoppedAt: new Date() } : {}),
            ...(change.status === 'running' ? { stoppedAt: null } : {}),
          })
          .where(eq(experiments.id, id));
        await recordAudit(tx, {
          actorId,
          action: change.status === 'stopped' ? 'experiment.stop' : 'experiment.update',
          targetType: 'experiment',
          targetId: id,
          before: { name: before.name, variants: before.variants, status: before.status },
          after: change,
          reason: reason ?? null,
        });
        return readOne(tx, id);
      });
      return { success: true as const, data };
    },
  );
};
