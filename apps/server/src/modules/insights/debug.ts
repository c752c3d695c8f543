import { dayNumber, parseDate } from '@hunab/calendar';
import { type ProcessDebug, processDebugQuerySchema, processDebugResponseSchema } from '@hunab/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import { decideProcess, openTones, programmeOf } from '../subscriptions/access.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What each of the 13 process days shows a user on a date, and why: the outcome comes from the very function the
 * content routes call (`processAccess`, as `decideProcess`); the reason names which of its rules decided, in their order.
 */
export async function explainProcess(
  db: Db,
  subscriptions: SubscriptionService,
  handle: string,
  date: string,
): Promise<ProcessDebug> {
  const byId = UUID.test(handle);
  const [user] = await db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(byId ? eq(users.id, handle) : sql`lower(${users.email}) = lower(${handle})`)
    .limit(1);
  if (!user) throw new ApiError(404, 'NOT_FOUND', 'There is no such user.');
  const access = await subscriptions.accessOf(user);
  const open = openTones(date);
  const days: ProcessDebug['days'] = [];
  // The programme is read once; each tone is then decided by the rules the content routes use.
  const programme = await programmeOf(db, access, user.id, date);
  for (let tone = 1; tone <= 13; tone++) {
    const outcome = decideProcess(access, programme, user.id, tone, date);
    days.push({
      tone,
      status: outcome.status,
      reason: outcome.reason,
      activationDate: outcome.activationDate,
      targetDate: outcome.targetDate,
    });
  }
  const starts = programme?.startsOn ?? null;
  const programmeDay = starts ? dayNumber(parseDate(date)) - dayNumber(parseDate(starts)) + 1 : null;
  const purchase = programme?.row ?? null;
  return {
    user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
    date,
    access: { level: access.level, tier: access.tier, active: access.active },
    openTones: open,
    programme:
      purchase && starts && programmeDay !== null
        ? {
            starts,
            day: programmeDay,
            createdAt: purchase.createdAt.toISOString(),
            activationDate: purchase.activationDate ?? null,
          }
        : null,
    days,
  };
}

const errors = errorResponses(400, 401, 403, 404);

/** The admin debugging tools that read the product's rules. */
export const debugRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  subscriptions: SubscriptionService;
}> = async (app, { db, auth, subscriptions }) => {
  const session = sessionHooks(auth);
  app.get(
    '/admin/debug/process',
    {
      schema: {
        summary: 'What each day of the 13-day process shows a user (id or email) on a date, and which rule decided',
        tags: ['admin'],
        querystring: processDebugQuerySchema,
        response: { 200: processDebugResponseSchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async (request) => ({
      success: true as const,
      data: await explainProcess(db, subscriptions, request.query.user, request.query.date),
    }),
  );
};
