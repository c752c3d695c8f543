import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidId } from './columns.ts';
import { ownerId, users } from './users.ts';

/** A player of the game: a public alias, the time zone their days are counted in, their streak. */
export const gameProfiles = pgTable(
  'game_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    timeZone: text('time_zone').notNull(),
    leaderboardOptIn: boolean('leaderboard_opt_in').notNull().default(false),
    streakCurrent: integer('streak_current').notNull().default(0),
    streakBest: integer('streak_best').notNull().default(0),
    /** The player's local date of the last practice, in the zone of that moment. */
    lastPracticeOn: date('last_practice_on', { mode: 'string' }),
    lastPracticeAt: timestamp('last_practice_at', { withTimezone: true }),
    /** The Monday of the week whose missed day was last mended. */
    repairWeek: date('repair_week', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('game_profiles_alias_lower_unique').on(sql`lower(${t.alias})`)],
);

/** A goal along one calendar cycle; the newest is the player's current goal. */
export const gameGoals = pgTable(
  'game_goals',
  {
    id: uuidId(),
    userId: ownerId(),
    cycle: text('cycle').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_goals_user_created_idx').on(t.userId, t.createdAt)],
);

/** One day's practice: a reflection or a check-in, dated in the player's zone when it was written. */
export const gamePractices = pgTable(
  'game_practices',
  {
    id: uuidId(),
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    kin: smallint('kin').notNull(),
    kind: text('kind').notNull(),
    answer: text('answer'),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_practices_user_day_idx').on(t.userId, t.day)],
);
