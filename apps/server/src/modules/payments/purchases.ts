import {
  errorBodySchema,
  grantParamsSchema,
  grantPurchaseBodySchema,
  type OwnedProgrammeDto,
  ownedProgrammesQuerySchema,
  ownedProgrammesResponseSchema,
  programmeStateOn,
  purchaseCheckResponseSchema,
  purchaseQuerySchema,
} from '@hunab/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products, purchases } from '../../db/schema.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { pick } from '../products/service.ts';
import { readerToday, utcDay } from '../subscriptions/access.ts';
import { assertUserExists } from '../subscriptions/service.ts';
import { programmeDates, programmeOf } from './programme-dates.ts';

const errors = errorResponses(400, 401, 404, 409);

type PurchaseRow = typeof purchases.$inferSelect;

/** The user's programmes (product "main"), newest first. */
const programmeRows = (db: Db, userId: string) =>
  db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.productName, 'main')))
    .orderBy(desc(purchases.id))
    .limit(50);

/**
 * Whether the user holds a programme of this level that has not ended (waiting for its first day or under way): such
 * a programme is not sold again. The 13 Moons variations share their level, so either counts as owning 13 Moons.
 */
export async function holdsProgramme(db: Db, userId: string, level: number, today: string): Promise<boolean> {
  const rows = await programmeRows(db, userId);
  return rows.some((row) => row.productLevel === level && programmeDates(row).endsOn >= today);
}

/**
 * The access record of one purchase (spec 001 section 3): whether it still opens its content (bought and not ended),
 * its level, and when and how it activates. A grant without a catalogue product activates on its date, or at once.
 */
async function accessRecordOf(db: Db, row: PurchaseRow | undefined, today: string) {
  if (!row) {
    return {
      hasPurchase: false,
      hasAccess: false,
      productLevel: null,
      activationDate: null,
      activationType: null,
      isActive: false,
    };
  }
  const [product] = row.productId
    ? await db.select({ type: products.activationType }).from(products).where(eq(products.id, row.productId))
    : [];
  const started = !row.activationDate || row.activationDate <= today;
  const ended = row.expiresAt !== null && utcDay(row.expiresAt) <= today;
  return {
    hasPurchase: true,
    hasAccess: !ended,
    productLevel: row.productLevel,
    activationDate: row.activationDate,
    activationType: product?.type ?? (row.activationDate ? ('date' as const) : ('immediate' as const)),
    isActive: started && !ended,
  };
}

/** The user's programmes with their dates and where each stands on the reader's `today`, in the reader's language. */
export async function ownedProgrammes(
  db: Db,
  userId: string,
  lang: string,
  today: string,
): Promise<OwnedProgrammeDto[]> {
  const rows = await programmeRows(db, userId);
  const ids = [...new Set(rows.map((row) => row.productId ?? programmeOf(row).id))];
  const names = ids.length
    ? await db.select({ id: products.id, names: products.nameI18n }).from(products).where(inArray(products.id, ids))
    : [];
  return rows.map((row) => {
    const productId = row.productId ?? programmeOf(row).id;
    const { startsOn, endsOn, days } = programmeDates(row);
    const state = programmeStateOn(startsOn, endsOn, today);
    return {
      id: row.id,
      product_id: productId,
      name: pick(names.find((name) => name.id === productId)?.names, lang, productId),
      level: row.productLevel,
      days,
      starts_on: startsOn,
      ends_on: endsOn,
      state: state.state,
      day: state.day,
      days_to_start: state.daysToStart,
    };
  });
}

/** Purchases of products such as the 13-day programme: the buyer's check, and the administrators' grant. */
export const purchaseRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService; now: () => Date }> = async (
  app,
  { db, auth, now },
) => {
  const session = sessionHooks(auth);

  app.get(
    '/bot/payments/by-product',
    {
      schema: {
        summary: 'Whether the signed-in user bought a product (by name and level), and when its content opens',
        tags: ['purchases'],
        querystring: purchaseQuerySchema,
        response: { 200: purchaseCheckResponseSchema, ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { product_name, product_level } = request.query;
      const [row] = await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, sessionOf(request).user.id),
            eq(purchases.productName, product_name),
            product_level === undefined ? undefined : eq(purchases.productLevel, product_level),
          ),
        )
        .orderBy(desc(purchases.id))
        .limit(1);
      const today = utcDay(now());
      return { success: true as const, data: await accessRecordOf(db, row, today) };
    },
  );

  app.get(
    '/purchases/programmes',
    {
      schema: {
        summary: "The signed-in user's programmes: name, first and last day, and the day under way or the days to wait",
        tags: ['purchases'],
        security: [{ bearer: [] }],
        querystring: ownedProgrammesQuerySchema,
        response: { 200: ownedProgrammesResponseSchema, ...errors },
      },
      preValidation: session.required,
    },
    async (request, reply) => {
      const today = readerToday(request.query.today, now());
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        programmes: await ownedProgrammes(db, sessionOf(request).user.id, request.query.lang, today),
      };
    },
  );

  app.post(
    '/admin/users/:id/purchases',
    {
      schema: {
        summary: 'Record a product for a user, such as the 13-day programme (administrators only)',
        tags: ['admin'],
        params: grantParamsSchema,
        body: grantPurchaseBodySchema,
        response: { 200: z.object({ success: z.literal(true), id: z.number() }), 403: errorBodySchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => {
      await assertUserExists(db, request.params.id);
      const { product_name, product_level, activation_date } = request.body;
      const [row] = await db
        .insert(purchases)
        .values({
          userId: request.params.id,
          productName: product_name,
          productLevel: product_level,
          activationDate: activation_date ?? null,
          createdAt: now(),
        })
        .returning({ id: purchases.id });
      if (!row) throw new Error('the purchase was not written');
      return { success: true as const, id: row.id };
    },
  );
};
