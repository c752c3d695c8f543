import {
  ADMIN_LEVEL,
  type PlanId,
  type PlanTier,
  planById,
  type SubscriptionDto,
  type SubscriptionStatus,
  tierOfLevel,
} from '@hunab/contracts';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { purchases, subscriptionEvents, subscriptions, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import { programmeDates } from '../payments/programme-dates.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Actor = 'user' | 'admin' | 'scheduler';
const DAY_MS = 86_400_000;

/** What a user may do, from their role and their current subscription. */
export interface Access {
  /** 0 none, 1 basic, 2 premium; 3 for an administrator. */
  level: number;
  tier: PlanTier;
  active: boolean;
  isAdmin: boolean;
  subscription: SubscriptionRow | null;
}

/** Whether a subscription gives access at `at`: active, or cancelled with paid time left. Paused gives none. */
export function grantsAccess(row: SubscriptionRow, at: Date): boolean {
  return (row.status === 'active' || row.status === 'cancelled') && row.currentPeriodEnd > at;
}

export function toSubscriptionDto(row: SubscriptionRow, at: Date): SubscriptionDto {
  return {
    id: row.id,
    status: row.status,
    plan_id: row.planId as PlanId,
    level: row.level,
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    payment_method: row.paymentMethod,
    source: row.source,
    card_brand: row.cardBrand,
    card_last4: row.cardLast4,
    auto_renew: row.autoRenew,
    auto_resume: row.autoResume,
    pause_until: row.pauseUntil?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    active: grantsAccess(row, at),
  };
}

/** Refuses with 404 an administrator's action on a user that does not exist. */
export async function assertUserExists(handle: Db, id: string): Promise<void> {
  const [row] = await handle.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'There is no such user.');
}

/**
 * The user's subscription that is not expired, if any (at most one, by a unique index). `handle` may be an open
 * transaction, so callers inside one read through it.
 */
export async function currentSubscription(handle: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await handle
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** Who changes a subscription from the admin area, and why: written to the audit log with the change. */
export interface AdminChange {
  actorId: string;
  reason: string | null;
}

export function createSubscriptionService(db: Db, now: () => Date) {
  const current = (userId: string) => currentSubscription(db, userId);

  async function accessOf(user: { id: string; isAdmin: boolean } | null): Promise<Access> {
    if (!user) return { level: 0, tier: 'free', active: false, isAdmin: false, subscription: null };
    const subscription = await current(user.id);
    if (user.isAdmin) return { level: ADMIN_LEVEL, tier: 'premium', active: true, isAdmin: true, subscription };
    const at = now();
    const subscribed = subscription !== null && grantsAccess(subscription, at);
    // A bought 260-day or 13-moon programme opens what premium opens, from its activation until it ends; a grant
    // without an end runs its programme's days, as everywhere a purchase's days are read (`programmeDates`).
    const today = at.toISOString().slice(0, 10);
    const held = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, user.id), gte(purchases.productLevel, 2)))
      .orderBy(desc(purchases.id))
      .limit(50);
    const programme = held.some((row) => {
      const { startsOn, endsOn } = programmeDates(row);
      return startsOn <= today && today <= endsOn;
    });
    const level = Math.max(subscribed && subscription ? subscription.level : 0, programme ? 2 : 0);
    return { level, tier: tierOfLevel(level), active: level > 0, isAdmin: false, subscription };
  }

  async function record(
    tx: Db,
    id: number,
    from: string | null,
    to: SubscriptionStatus,
    actor: Actor,
    reason?: string,
  ) {
    await tx
      .insert(subscriptionEvents)
      .values({ subscriptionId: id, fromStatus: from, toStatus: to, actor, reason: reason ?? null, at: now() });
  }

  /** The audit row of a grant or a revocation, when an administrator made it (the product's own have none). */
  async function auditGrantOrRevoke(
    tx: Db,
    admin: AdminChange | undefined,
    action: 'subscription.grant' | 'subscription.revoke',
    userId: string,
    change: { before: unknown; after: unknown },
  ) {
    if (!admin) return;
    await recordAudit(tx, {
      actorId: admin.actorId,
      action,
      targetType: 'user',
      targetId: userId,
      ...change,
      reason: admin.reason,
    });
  }

  /** Writes an active subscription of a plan that starts at `at` and lasts `days`, without renewal. */
  async function startPlan(
    tx: Db,
    plan: { userId: string; planId: PlanId; level: number; days: number; source: 'admin' | 'referral' },
    at: Date,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .insert(subscriptions)
      .values({
        userId: plan.userId,
        planId: plan.planId,
        level: plan.level,
        status: 'active',
        currentPeriodStart: at,
        currentPeriodEnd: new Date(at.getTime() + plan.days * DAY_MS),
        autoRenew: false,
        source: plan.source,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return row;
  }

  /**
   * Moves the user's current subscription from one of `from` to a new state, inside a transaction that locks the
   * row, so two requests at once cannot both make the same move.
   */
  async function transition(
    userId: string,
    from: readonly SubscriptionStatus[],
    change: (
      row: SubscriptionRow,
      at: Date,
    ) => Partial<typeof subscriptions.$inferInsert> & { status: SubscriptionStatus },
    verb: string,
    reason?: string,
  ): Promise<SubscriptionRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
        .for('update')
        .limit(1);
      if (!row) throw new ApiError(404, 'NO_SUBSCRIPTION', 'You have no subscription to change.');
      if (!from.includes(row.status)) {
        throw new ApiError(409, 'INVALID_TRANSITION', `A ${row.status} subscription cannot be ${verb}.`, {
          status: row.status,
        });
      }
      const at = now();
      const next = change(row, at);
      const [updated] = await tx
        .update(subscriptions)
        .set({ ...next, updatedAt: at })
        .where(eq(subscriptions.id, row.id))
        .returning();
      await record(tx, row.id, row.status, next.status, 'user', reason);
      if (!updated) throw new Error('the locked subscription row disappeared');
      return updated;
    });
  }

  /** Days a pause lasted, added back to the paid period on resume: a paused subscription gives no access. */
  const resumed = (row: SubscriptionRow, at: Date) => {
    const pausedFor = row.pausedAt ? Math.max(0, at.getTime() - row.pausedAt.getTime()) : 0;
    const end = new Date(row.currentPeriodEnd.getTime() + pausedFor);
    return {
      status: 'active' as const,
      pausedAt: null,
      pauseUntil: null,
      currentPeriodEnd: end,
      // The next renewal charge moves with the period.
      nextChargeAt: row.autoRenew && row.paymentMethodId ? end : null,
    };
  };

  return {
    current,
    accessOf,

    pause(userId: string, days: number, options: { reason?: string; autoResume: boolean }) {
      return transition(
        userId,
        ['active'],
        (_row, at) => ({
          status: 'paused',
          nextChargeAt: null,
          pausedAt: at,
          pauseUntil: new Date(at.getTime() + days * DAY_MS),
          autoResume: options.autoResume,
        }),
        'paused',
        options.reason,
      );
    },

    resume(userId: string, reason?: string) {
      return transition(userId, ['paused'], resumed, 'resumed', reason);
    },

    cancel(userId: string, reason?: string) {
      return transition(
        userId,
        ['active', 'paused'],
        (row, at) => ({
          // A paused subscription gets its paused days back first: cancelling keeps what was paid for.
          ...(row.status === 'paused' ? resumed(row, at) : {}),
          status: 'cancelled',
          cancelledAt: at,
          autoRenew: false,
          nextChargeAt: null,
        }),
        'cancelled',
        reason,
      );
    },

    /** An administrator's grant: the current subscription, if any, ends and the new plan starts now. */
    async grant(userId: string, planId: PlanId, days: number, admin?: AdminChange): Promise<SubscriptionRow> {
      const plan = planById(planId);
      if (!plan || plan.level === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'Choose a paid plan to grant.');
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          const ended = await tx
            .update(subscriptions)
            .set({ status: 'expired', endedAt: at, updatedAt: at })
            .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
            .returning({ id: subscriptions.id, status: subscriptions.status });
          for (const row of ended) await record(tx, row.id, null, 'expired', 'admin', 'replaced by a grant');
          const row = await startPlan(tx, { userId, planId, level: plan.level, days, source: 'admin' }, at);
          if (!row) throw new Error('the granted subscription was not written');
          await record(tx, row.id, null, 'active', 'admin', admin?.reason ?? `granted ${planId} for ${days} days`);
          await auditGrantOrRevoke(tx, admin, 'subscription.grant', userId, {
            before: ended.length > 0 ? { subscriptions: ended } : null,
            after: { subscription_id: row.id, plan_id: planId, days, ends_at: row.currentPeriodEnd },
          });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ApiError(
            409,
            'INVALID_TRANSITION',
            'Another change of this subscription happened at once; try again.',
          );
        throw error;
      }
    },

    /**
     * Days of access given by the product itself (a referral reward), inside the caller's transaction: added to the
     * end of the current subscription, or, without one, a subscription of `planId` for that many days. Returns the
     * subscription that carries them.
     */
    async addAccessDays(tx: Db, userId: string, days: number, planId: PlanId, reason: string): Promise<number> {
      const at = now();
      const [current] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
        .for('update');
      if (current) {
        await tx
          .update(subscriptions)
          .set({
            currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + make_interval(days => ${days})`,
            updatedAt: at,
          })
          .where(eq(subscriptions.id, current.id));
        await record(tx, current.id, current.status, current.status, 'scheduler', reason);
        return current.id;
      }
      const plan = planById(planId);
      if (!plan || plan.level === 0) throw new Error(`access days need a paid plan, not ${planId}`);
      const row = await startPlan(tx, { userId, planId, level: plan.level, days, source: 'referral' }, at);
      if (!row) throw new Error('the subscription of the access days was not written');
      await record(tx, row.id, null, 'active', 'scheduler', reason);
      return row.id;
    },

    /**
     * Takes back days given by `addAccessDays`, inside the caller's transaction: the subscription ends that much
     * sooner (the scheduler expires it if that is now past). Nothing happens to a subscription already expired.
     */
    async removeAccessDays(tx: Db, subscriptionId: number, days: number, reason: string): Promise<void> {
      const [row] = await tx
        .update(subscriptions)
        .set({
          currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} - make_interval(days => ${days})`,
          updatedAt: now(),
        })
        .where(and(eq(subscriptions.id, subscriptionId), ne(subscriptions.status, 'expired')))
        .returning();
      if (row) await record(tx, row.id, row.status, row.status, 'scheduler', reason);
    },

    /**
     * An administrator's change of one subscription, by its id: `extend` adds days to its period (a paused or
     * cancelled one too), `pause` pauses an active one for `days` (no automatic resume), `resume` resumes a paused
     * one with its paused days given back, `cancel` stops its renewal (access stays until the period ends). The row is
     * locked, and the event and the audit row are written in the same transaction.
     */
    async adminChange(
      subscriptionId: number,
      action: 'extend' | 'pause' | 'resume' | 'cancel',
      days: number | undefined,
      admin: AdminChange,
    ): Promise<SubscriptionRow> {
      const allowed: Record<typeof action, readonly SubscriptionStatus[]> = {
        extend: ['active', 'paused', 'cancelled'],
        pause: ['active'],
        resume: ['paused'],
        cancel: ['active', 'paused'],
      };
      if ((action === 'extend' || action === 'pause') && !days) {
        throw new ApiError(400, 'VALIDATION_ERROR', `Say for how many days to ${action}.`);
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
        if (!row) throw new ApiError(404, 'NO_SUBSCRIPTION', 'There is no such subscription.');
        if (!allowed[action].includes(row.status)) {
          throw new ApiError(409, 'INVALID_TRANSITION', `A ${row.status} subscription cannot be ${action}ed.`, {
            status: row.status,
          });
        }
        const at = now();
        const span = (days ?? 0) * DAY_MS;
        const next: Partial<typeof subscriptions.$inferInsert> & { status: SubscriptionStatus } =
          action === 'extend'
            ? {
                status: row.status,
                currentPeriodEnd: new Date(row.currentPeriodEnd.getTime() + span),
                ...(row.nextChargeAt ? { nextChargeAt: new Date(row.nextChargeAt.getTime() + span) } : {}),
              }
            : action === 'pause'
              ? {
                  status: 'paused',
                  nextChargeAt: null,
                  pausedAt: at,
                  pauseUntil: new Date(at.getTime() + span),
                  autoResume: false,
                }
              : action === 'resume'
                ? resumed(row, at)
                : {
                    ...(row.status === 'paused' ? resumed(row, at) : {}),
                    status: 'cancelled',
                    cancelledAt: at,
                    autoRenew: false,
                    nextChargeAt: null,
                  };
        const [updated] = await tx
          .update(subscriptions)
          .set({ ...next, updatedAt: at })
          .where(eq(subscriptions.id, row.id))
          .returning();
        if (!updated) throw new Error('the locked subscription row disappeared');
        await record(tx, row.id, row.status, next.status, 'admin', `${action}: ${admin.reason ?? ''}`.slice(0, 500));
        await recordAudit(tx, {
          actorId: admin.actorId,
          action: `subscription.${action}`,
          targetType: 'subscription',
          targetId: row.id,
          before: { status: row.status, current_period_end: row.currentPeriodEnd, pause_until: row.pauseUntil },
          after: {
            status: updated.status,
            current_period_end: updated.currentPeriodEnd,
            pause_until: updated.pauseUntil,
            ...(days ? { days } : {}),
          },
          reason: admin.reason,
        });
        return updated;
      });
    },

    /** An administrator's revocation: the current subscription expires now. */
    async revoke(userId: string, admin?: AdminChange): Promise<SubscriptionRow> {
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .update(subscriptions)
          .set({ status: 'expired', endedAt: at, updatedAt: at })
          .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
          .returning();
        if (!row) throw new ApiError(404, 'NO_SUBSCRIPTION', 'This user has no subscription to revoke.');
        await record(tx, row.id, null, 'expired', 'admin', admin?.reason ?? 'revoked');
        await auditGrantOrRevoke(tx, admin, 'subscription.revoke', userId, {
          before: { subscription_id: row.id, plan_id: row.planId },
          after: { status: 'expired' },
        });
        return row;
      });
    },

    /**
     * The scheduler's work: expires subscriptions whose period has ended and resumes paused ones whose pause is
     * over, as of `at`. Each row is claimed with FOR UPDATE SKIP LOCKED and moved by the same statement that records
     * the event, so several processes running this at once never move a row twice, and a process that starts late
     * catches up on everything that fell due while it was down.
     */
    async runDue(at: Date = now()): Promise<{ expired: number; resumed: number }> {
      const iso = at.toISOString();
      const expired = await queryRows<{ id: number }>(
        db,
        sql`with due as (
              select id, status from ${subscriptions}
              where status in ('active', 'cancelled') and current_period_end <= ${iso}::timestamptz
                and not (status = 'active' and auto_renew and payment_method_id is not null
                  and next_charge_at is not null)
              for update skip locked
            ), moved as (
              update ${subscriptions} s set status = 'expired', ended_at = ${iso}::timestamptz,
                auto_renew = false, updated_at = ${iso}::timestamptz
              from due where s.id = due.id
              returning s.id, due.status as from_status
            )
            insert into ${subscriptionEvents} (subscription_id, from_status, to_status, actor, reason, at)
            select id, from_status, 'expired', 'scheduler', 'period ended', ${iso}::timestamptz from moved
            returning subscription_id as id`,
      );
      const resumedRows = await queryRows<{ id: number }>(
        db,
        sql`with due as (
              select id from ${subscriptions}
              where status = 'paused' and auto_resume and pause_until <= ${iso}::timestamptz
              for update skip locked
            ), moved as (
              update ${subscriptions} s set status = 'active',
                current_period_end = s.current_period_end + (s.pause_until - coalesce(s.paused_at, s.pause_until)),
                next_charge_at = case when s.auto_renew and s.payment_method_id is not null
                  then s.current_period_end + (s.pause_until - coalesce(s.paused_at, s.pause_until)) end,
                paused_at = null, pause_until = null, updated_at = ${iso}::timestamptz
              from due where s.id = due.id
              returning s.id
            )
            insert into ${subscriptionEvents} (subscription_id, from_status, to_status, actor, reason, at)
            select id, 'paused', 'active', 'scheduler', 'pause ended', ${iso}::timestamptz from moved
            returning subscription_id as id`,
      );
      return { expired: expired.length, resumed: resumedRows.length };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

/** What code that answers by the reader's plan needs: the database, the subscriptions and the clock. */
export interface PlanDeps {
  db: Db;
  subscriptions: SubscriptionService;
  now: () => Date;
}
