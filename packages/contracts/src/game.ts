import { isValidDateText } from '@hunab/calendar';
import { z } from 'zod';
import {
  GAME_ALIAS_MAX,
  GAME_ALIAS_MIN,
  GAME_ANSWER_MAX,
  GAME_CYCLES,
  GAME_PRACTICE_KINDS,
  isTimeZone,
} from './game-rules.ts';
import { safeText } from './text.ts';

/** A public name: letters, digits, spaces and a few marks; never an email or a date. */
const aliasSchema = safeText(GAME_ALIAS_MAX)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .refine((value) => value.length >= GAME_ALIAS_MIN, `must be at least ${GAME_ALIAS_MIN} characters`)
  .refine((value) => /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(value), 'may hold letters, digits, spaces, . _ -')
  .refine((value) => !/\d{4}/.test(value), 'must not hold a year or a date');

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, {
    message: 'must be an IANA time zone such as Europe/Berlin',
    params: { code: 'INVALID_TIME_ZONE' },
  });

export const gameProfileBodySchema = z.strictObject({
  alias: aliasSchema,
  time_zone: timeZoneSchema,
  leaderboard_opt_in: z.boolean().optional(),
});
export type GameProfileBody = z.infer<typeof gameProfileBodySchema>;

export const gameGoalBodySchema = z.strictObject({ cycle: z.enum(GAME_CYCLES) });

export const gamePracticeBodySchema = z.strictObject({
  kind: z.enum(GAME_PRACTICE_KINDS),
  answer: safeText(GAME_ANSWER_MAX)
    .transform((value) => value.trim() || null)
    .nullish(),
});
export type GamePracticeBody = z.infer<typeof gamePracticeBodySchema>;

export const gameActivityQuerySchema = z.strictObject({
  before: z.string().refine(isValidDateText, 'must be a date YYYY-MM-DD').optional(),
});

const streakSchema = z.object({
  current: z.number().int(),
  best: z.number().int(),
  last_day: z.string().nullable(),
  /** Repairs left this week (the week of the player's today). */
  repairs_left: z.number().int(),
});

export const gameProfileSchema = z.object({
  alias: z.string(),
  time_zone: z.string(),
  leaderboard_opt_in: z.boolean(),
});

export const gameGoalSchema = z.object({
  cycle: z.enum(GAME_CYCLES),
  starts_on: z.string(),
  ends_on: z.string(),
  /** Days from the start to the end of the cycle, both counted. */
  target: z.number().int(),
  done: z.number().int(),
  ended: z.boolean(),
});

export const gameMeReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    profile: gameProfileSchema.nullable(),
    goal: gameGoalSchema.nullable(),
    streak: streakSchema,
    has_birth_date: z.boolean(),
  }),
});

export const gameProfileReplySchema = z.object({ success: z.literal(true), data: gameProfileSchema });
export const gameGoalReplySchema = z.object({ success: z.literal(true), data: gameGoalSchema });

const practiceSchema = z.object({
  id: z.string(),
  day: z.string(),
  kin: z.number().int(),
  kind: z.enum(GAME_PRACTICE_KINDS),
  answer: z.string().nullable(),
  time_zone: z.string(),
  created_at: z.string(),
});
export type GamePractice = z.infer<typeof practiceSchema>;

export const gameTodayReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    date: z.string(),
    kin: z.number().int(),
    own_kin: z.number().int().nullable(),
    /** Where today's kin stands in the oracle of the player's own kin. */
    relation: z.enum(['same', 'analog', 'antipode', 'occult', 'guide']).nullable(),
    shared: z.object({
      tone: z.boolean(),
      seal: z.boolean(),
      color: z.boolean(),
      wavespell: z.boolean(),
      castle: z.boolean(),
    }),
    practice: practiceSchema.nullable(),
    streak: streakSchema,
  }),
});

export const gamePracticeReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ practice: practiceSchema, streak: streakSchema, repaired: z.boolean() }),
});

export const gameStatsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    streak: streakSchema,
    days_practised: z.number().int(),
    reflections: z.number().int(),
    /** Practices per tone 1-13, per seal 1-20 and per kin 1-260 (index 0 is tone, seal or kin 1). */
    tones: z.array(z.number().int()),
    seals: z.array(z.number().int()),
    kins: z.array(z.number().int()),
  }),
});

export const gameActivityReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ practices: z.array(practiceSchema), next_before: z.string().nullable() }),
});

/** A leaderboard row: an alias and counts, never a birth date nor a kin. */
export const gameLeaderboardReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    week_start: z.string(),
    week_end: z.string(),
    opted_in: z.boolean(),
    entries: z.array(z.object({ rank: z.number().int(), alias: z.string(), days: z.number().int(), you: z.boolean() })),
  }),
});
