import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameGoals, gamePractices, gameProfiles } from '../../db/schema.ts';

/** For the reader's data export: their game profile, goals and practices (by day). */
export async function gameForExport(db: Db, userId: string) {
  const [profile] = await db
    .select({
      alias: gameProfiles.alias,
      time_zone: gameProfiles.timeZone,
      leaderboard_opt_in: gameProfiles.leaderboardOptIn,
      streak_current: gameProfiles.streakCurrent,
      streak_best: gameProfiles.streakBest,
      last_practice_on: gameProfiles.lastPracticeOn,
      created_at: gameProfiles.createdAt,
    })
    .from(gameProfiles)
    .where(eq(gameProfiles.userId, userId));
  return {
    profile: profile ?? null,
    goals: await db
      .select({
        cycle: gameGoals.cycle,
        starts_on: gameGoals.startsOn,
        ends_on: gameGoals.endsOn,
        created_at: gameGoals.createdAt,
      })
      .from(gameGoals)
      .where(eq(gameGoals.userId, userId)),
    practices: await db
      .select({
        day: gamePractices.day,
        kin: gamePractices.kin,
        kind: gamePractices.kind,
        answer: gamePractices.answer,
        time_zone: gamePractices.timeZone,
        created_at: gamePractices.createdAt,
      })
      .from(gamePractices)
      .where(eq(gamePractices.userId, userId))
      .orderBy(asc(gamePractices.day)),
  };
}
