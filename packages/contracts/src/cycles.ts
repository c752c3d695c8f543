import { z } from 'zod';
import { dateTextSchema } from './calendar.ts';
import { successSchema } from './errors.ts';

/** GET /cycles/personal: the personal cycles of a birth date, on the reader's own day. */
export const personalCyclesQuerySchema = z.strictObject({
  birth_date: dateTextSchema,
  /** The reader's date, within a day of the server's (a reader east or west of UTC). */
  today: dateTextSchema.optional(),
});

const kinNumberSchema = z.number().int().min(1).max(260);
const lifeYearSchema = z.object({ age: z.number().int(), birthday: z.string(), kin: kinNumberSchema });

/**
 * Everyone gets the current cycle: the birth kin and the personal year under way. The rest (the oracle of the birth
 * kin, the next galactic return, the days lived and the years around this one) comes only with a plan whose
 * `cycles.fullAccess` is true; otherwise `full` is null and `access` is 'current'.
 */
export const personalCyclesSchema = z.object({
  access: z.enum(['current', 'full']),
  birth_date: z.string(),
  current: z.object({
    birth_kin: kinNumberSchema,
    /** The personal year under way: from the last birthday to the day before the next; null before birth. */
    year: z
      .object({ kin: kinNumberSchema, age: z.number().int(), starts_on: z.string(), ends_on: z.string().nullable() })
      .nullable(),
    /** The year of the 52-year cycle of birthday kins (0 to 51). */
    life_cycle_year: z.number().int(),
  }),
  full: z
    .object({
      oracle: z.object({
        guide: kinNumberSchema,
        analog: kinNumberSchema,
        antipode: kinNumberSchema,
        occult: kinNumberSchema,
      }),
      next_return: z.string(),
      days_to_next_return: z.number().int(),
      days_lived: z.number().int(),
      galactic_returns: z.number().int(),
      /** The personal years around this one: four before, this one and four after. */
      years: z.array(lifeYearSchema),
    })
    .nullable(),
});
export type PersonalCycles = z.infer<typeof personalCyclesSchema>;
export const personalCyclesReplySchema = successSchema(personalCyclesSchema);
