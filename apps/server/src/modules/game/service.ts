import { createHash } from 'node:crypto';
import {
  calendarDay,
  castleOfKin,
  colorOfSeal,
  dayNumber,
  formatDate,
  kinOfDate,
  lastDayOfCycle,
  oracleRelation,
  parseDate,
  sealOfKin,
  toneOfKin,
  waveSpellOfKin,
} from '@hunab/calendar';
import {
  GAME_COHORT_SIZE,
  type GameCycle,
  type GamePractice,
  type GamePracticeBody,
  type GameProfileBody,
  hasGameAccess,
  localDateIn,
} from '@hunab/contracts';
import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { gameGoals, gamePractices, gameProfiles } from '../../db/schema.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import type { UserRow } from '../auth/repository.ts';
import type { PlanDeps } from '../subscriptions/service.ts';
import { mondayOf, repairsLeft, type StreakState, stepStreak, visibleStreak } from './streak.ts';

type ProfileRow = typeof gameProfiles.$inferSelect;
type PracticeRow = typeof gamePractices.$inferSelect;
export type GameUser = Pick<UserRow, 'id' | 'isAdmin' | 'birthDate'>;

const ACTIVITY_PAGE = 30;

const stateOf = (row: ProfileRow): StreakState => ({
  current: row.streakCurrent,
  best: row.streakBest,
  lastDay: row.lastPracticeOn,
  lastAt: row.lastPracticeAt,
  repairWeek: row.repairWeek,
});

const toPractice = (row: PracticeRow): GamePractice => ({
  id: row.id,
  day: row.day,
  kin: row.kin,
  kind: row.kind as GamePractice['kind'],
  answer: row.answer,
  time_zone: row.timeZone,
  created_at: row.createdAt.toISOString(),
});

const daysFrom = (from: string, to: string) => dayNumber(parseDate(to)) - dayNumber(parseDate(from));

/**
 * The daily practice: a player's profile and goal, one practice a local day, streaks counted when a practice is
 * written, statistics of their own history and a weekly leaderboard of those who chose to be on it. Every call needs
 * game access (docs/decisions/026-game-and-teams.md).
 */
export function createGameService({ db, subscriptions, now }: PlanDeps) {
  async function assertAccess(user: GameUser): Promise<void> {
    const access = await subscriptions.accessOf(user);
    if (!hasGameAccess(access)) {
      throw new ApiError(403, 'GAME_ACCESS_REQUIRED', 'The game is open to subscribers. Choose a plan to play.');
    }
  }

  async function profileOf(userId: string): Promise<ProfileRow | null> {
    const [row] = await db.select().from(gameProfiles).where(eq(gameProfiles.userId, userId)).limit(1);
    return row ?? null;
  }

  async function requireProfile(userId: string): Promise<ProfileRow> {
    const row = await profileOf(userId);
    if (!row) throw new ApiError(409, 'GAME_NOT_SET_UP', 'Set up your game profile first.');
    return row;
  }

  function streakOf(row: ProfileRow | null) {
    if (!row) return { current: 0, best: 0, last_day: null, repairs_left: 1 };
    const at = now();
    const state = stateOf(row);
    return {
      current: visibleStreak(state, at, row.timeZone),
      best: row.streakBest,
      last_day: row.lastPracticeOn,
      repairs_left: repairsLeft(state, localDateIn(at, row.timeZone)),
    };
  }

  async function goalOf(row: ProfileRow) {
    const [goal] = await db
      .select()
      .from(gameGoals)
      .where(eq(gameGoals.userId, row.userId))
      .orderBy(desc(gameGoals.createdAt))
      .limit(1);
    if (!goal) return null;
    const [{ done } = { done: 0 }] = await db
      .select({ done: sql<number>`count(distinct ${gamePractices.day})::int` })
      .from(gamePractices)
      .where(
        and(
          eq(gamePractices.userId, row.userId),
          gte(gamePractices.day, goal.startsOn),
          lte(gamePractices.day, goal.endsOn),
        ),
      );
    const today = localDateIn(now(), row.timeZone);
    return {
      cycle: goal.cycle as GameCycle,
      starts_on: goal.startsOn,
      ends_on: goal.endsOn,
      target: daysFrom(goal.startsOn, goal.endsOn) + 1,
      done: Number(done),
      ended: today > goal.endsOn,
    };
  }

  const ownKin = (user: GameUser) => (user.birthDate ? kinOfDate(parseDate(user.birthDate)) : null);

  return {
    assertAccess,

    async me(user: GameUser) {
      await assertAccess(user);
      const row = await profileOf(user.id);
      return {
        profile: row ? { alias: row.alias, time_zone: row.timeZone, leaderboard_opt_in: row.leaderboardOptIn } : null,
        goal: row ? await goalOf(row) : null,
        streak: streakOf(row),
        has_birth_date: !!user.birthDate,
      };
    },

    async saveProfile(user: GameUser, body: GameProfileBody) {
      await assertAccess(user);
      const values = {
        alias: body.alias,
        timeZone: body.time_zone,
        ...(body.leaderboard_opt_in === undefined ? {} : { leaderboardOptIn: body.leaderboard_opt_in }),
        updatedAt: now(),
      };
      try {
        const [row] = await db
          .insert(gameProfiles)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: gameProfiles.userId, set: values })
          .returning();
        if (!row) throw new Error('no profile row');
        return { alias: row.alias, time_zone: row.timeZone, leaderboard_opt_in: row.leaderboardOptIn };
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'ALIAS_TAKEN', 'This alias is taken. Choose another.');
        throw error;
      }
    },

    /** A new goal from the player's today to the end of the chosen cycle. */
    async startGoal(user: GameUser, cycle: GameCycle) {
      await assertAccess(user);
      const row = await requireProfile(user.id);
      const today = localDateIn(now(), row.timeZone);
      const endsOn = formatDate(lastDayOfCycle(parseDate(today), cycle));
      await db.insert(gameGoals).values({ userId: user.id, cycle, startsOn: today, endsOn, createdAt: now() });
      const goal = await goalOf(row);
      if (!goal) throw new Error('goal not kept');
      return goal;
    },

    /** Today's kin as a mirror of the player's own: where it stands on their oracle and what they share. */
    async today(user: GameUser) {
      await assertAccess(user);
      const row = await requireProfile(user.id);
      const at = now();
      const date = localDateIn(at, row.timeZone);
      const kin = calendarDay(parseDate(date)).kin.number;
      const own = ownKin(user);
      const [last] = await db
        .select()
        .from(gamePractices)
        .where(eq(gamePractices.userId, user.id))
        .orderBy(desc(gamePractices.createdAt))
        .limit(1);
      const practisedToday = last && localDateIn(last.createdAt, row.timeZone) >= date ? last : null;
      return {
        date,
        kin,
        own_kin: own,
        relation: own ? oracleRelation(own, kin) : null,
        shared: {
          tone: own !== null && toneOfKin(own) === toneOfKin(kin),
          seal: own !== null && sealOfKin(own) === sealOfKin(kin),
          color: own !== null && colorOfSeal(sealOfKin(own)) === colorOfSeal(sealOfKin(kin)),
          wavespell: own !== null && waveSpellOfKin(own) === waveSpellOfKin(kin),
          castle: own !== null && castleOfKin(own) === castleOfKin(kin),
        },
        practice: practisedToday ? toPractice(practisedToday) : null,
        streak: streakOf(row),
      };
    },

    /** Writes the day's practice and moves the streak, under a lock on the profile so two at once count once. */
    async practise(user: GameUser, body: GamePracticeBody) {
      await assertAccess(user);
      await requireProfile(user.id);
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(gameProfiles).where(eq(gameProfiles.userId, user.id)).for('update');
        if (!row) throw new ApiError(409, 'GAME_NOT_SET_UP', 'Set up your game profile first.');
        const step = stepStreak(stateOf(row), at, row.timeZone);
        if (step.kind === 'already') {
          throw new ApiError(409, 'ALREADY_PRACTISED', 'You have practised today. Come back tomorrow.');
        }
        const [practice] = await tx
          .insert(gamePractices)
          .values({
            userId: user.id,
            day: step.day,
            kin: kinOfDate(parseDate(step.day)),
            kind: body.kind,
            answer: body.answer ?? null,
            timeZone: row.timeZone,
            createdAt: at,
          })
          .returning();
        const [updated] = await tx
          .update(gameProfiles)
          .set({
            streakCurrent: step.next.current,
            streakBest: step.next.best,
            lastPracticeOn: step.next.lastDay,
            lastPracticeAt: step.next.lastAt,
            repairWeek: step.next.repairWeek,
            updatedAt: at,
          })
          .where(eq(gameProfiles.userId, user.id))
          .returning();
        if (!practice || !updated) throw new Error('practice not kept');
        return { practice: toPractice(practice), streak: streakOf(updated), repaired: step.repaired };
      });
    },

    async stats(user: GameUser) {
      await assertAccess(user);
      const row = await requireProfile(user.id);
      const rows = await db
        .select({ day: gamePractices.day, kin: gamePractices.kin, kind: gamePractices.kind })
        .from(gamePractices)
        .where(eq(gamePractices.userId, user.id));
      const tones = new Array<number>(13).fill(0);
      const seals = new Array<number>(20).fill(0);
      const kins = new Array<number>(260).fill(0);
      for (const practice of rows) {
        tones[toneOfKin(practice.kin) - 1] = (tones[toneOfKin(practice.kin) - 1] ?? 0) + 1;
        seals[sealOfKin(practice.kin) - 1] = (seals[sealOfKin(practice.kin) - 1] ?? 0) + 1;
        kins[practice.kin - 1] = (kins[practice.kin - 1] ?? 0) + 1;
      }
      return {
        streak: streakOf(row),
        days_practised: new Set(rows.map((r) => r.day)).size,
        reflections: rows.filter((r) => r.kind === 'reflection').length,
        tones,
        seals,
        kins,
      };
    },

    async activity(user: GameUser, before: string | undefined) {
      await assertAccess(user);
      const rows = await db
        .select()
        .from(gamePractices)
        .where(and(eq(gamePractices.userId, user.id), before ? lt(gamePractices.day, before) : undefined))
        .orderBy(desc(gamePractices.day), desc(gamePractices.createdAt))
        .limit(ACTIVITY_PAGE + 1);
      const page = rows.slice(0, ACTIVITY_PAGE);
      return {
        practices: page.map(toPractice),
        next_before: rows.length > ACTIVITY_PAGE ? (page.at(-1)?.day ?? null) : null,
      };
    },

    /**
     * This week's board (Monday to Sunday of the player's today): the players who opted in, split into cohorts of
     * at most GAME_COHORT_SIZE shuffled afresh each week; the player sees their own cohort, by alias only.
     */
    async leaderboard(user: GameUser) {
      await assertAccess(user);
      const row = await requireProfile(user.id);
      const today = localDateIn(now(), row.timeZone);
      const weekStart = mondayOf(today);
      const weekEnd = addDaysText(weekStart, 6);
      const players = await db
        .select({ userId: gameProfiles.userId, alias: gameProfiles.alias })
        .from(gameProfiles)
        .where(eq(gameProfiles.leaderboardOptIn, true));
      const base = { week_start: weekStart, week_end: weekEnd, opted_in: row.leaderboardOptIn };
      if (!row.leaderboardOptIn) return { ...base, entries: [] };
      const order = (id: string) => createHash('sha256').update(`${weekStart}:${id}`).digest('hex');
      const shuffled = players.map((p) => ({ ...p, key: order(p.userId) })).sort((a, b) => a.key.localeCompare(b.key));
      const cohorts = Math.max(1, Math.ceil(shuffled.length / GAME_COHORT_SIZE));
      const index = shuffled.findIndex((p) => p.userId === user.id);
      const cohort = shuffled.filter((_, i) => i % cohorts === index % cohorts);
      const ids = cohort.map((p) => p.userId);
      const counts = await db
        .select({ userId: gamePractices.userId, days: sql<number>`count(distinct ${gamePractices.day})::int` })
        .from(gamePractices)
        .where(
          and(inArray(gamePractices.userId, ids), gte(gamePractices.day, weekStart), lte(gamePractices.day, weekEnd)),
        )
        .groupBy(gamePractices.userId);
      const daysOf = new Map(counts.map((c) => [c.userId, Number(c.days)]));
      const ranked = cohort
        .map((p) => ({ alias: p.alias, days: daysOf.get(p.userId) ?? 0, you: p.userId === user.id }))
        .sort((a, b) => b.days - a.days || a.alias.localeCompare(b.alias));
      let rank = 0;
      let previous = -1;
      const entries = ranked.map((entry, i) => {
        if (entry.days !== previous) rank = i + 1;
        previous = entry.days;
        return { rank, ...entry };
      });
      return { ...base, entries };
    },
  };
}

function addDaysText(day: string, days: number): string {
  const start = parseDate(day);
  const d = new Date(Date.UTC(start.year, start.month - 1, start.day + days));
  return d.toISOString().slice(0, 10);
}

export type GameService = ReturnType<typeof createGameService>;
