import { CalendarError, type CalendarErrorCode, INVALID_KIN_MESSAGE, LANGUAGES, parseDate } from '@hunab/calendar';
import { z } from 'zod';
import { successSchema } from './errors.ts';

export const languageSchema = z.enum(LANGUAGES, {
  error: () => `Unsupported language. Use one of: ${LANGUAGES.join(', ')}.`,
});

/** A zod issue that carries the calendar's own error code, so the API answers with it. */
function calendarIssue(ctx: z.RefinementCtx, code: CalendarErrorCode, message: string): void {
  ctx.addIssue({ code: 'custom', message, params: { code } });
}

/** YYYY-MM-DD, a real date from 1000-01-01 to 9999-12-31. */
export const dateTextSchema = z.string().superRefine((value, ctx) => {
  try {
    parseDate(value);
  } catch (error) {
    if (error instanceof CalendarError) calendarIssue(ctx, error.code, error.message);
    else throw error;
  }
});

/** A kin number as it arrives in a path: digits only, 1-260. */
export const kinNumberTextSchema = z
  .string()
  .superRefine((value, ctx) => {
    const kin = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
    if (!(kin >= 1 && kin <= 260)) calendarIssue(ctx, 'INVALID_KIN', INVALID_KIN_MESSAGE);
  })
  .transform(Number);

export const langQuerySchema = z.strictObject({ lang: languageSchema.default('ru') });

const namedSchema = z.object({ number: z.number().int(), name: z.string() });
const kinNumberSchema = z.number().int().min(1).max(260);
const dayDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const kinSchema = z.object({
  number: z.number().int().min(1).max(260),
  name: z.string(),
  tone: namedSchema,
  sign: namedSchema,
  waveSpell: namedSchema,
  color: z.number().int().min(1).max(4),
  zolkinRow: z.number().int().min(1).max(20),
  zolkinColumn: z.number().int().min(1).max(13),
  isGalacticPortal: z.boolean(),
  isMysticColumn: z.boolean(),
  plasma: z.number().int().min(1).max(5),
  oracle: z.object({
    analog: z.number().int(),
    driver: z.number().int(),
    antipod: z.number().int(),
    occult: z.number().int(),
    guide: z.number().int(),
  }),
  fifthForce: namedSchema.extend({ number: kinNumberSchema }).meta({
    description: 'The fifth-force (Goddess) kin of the oracle: its five kins added round the 260.',
  }),
  harmonic: z
    .object({
      number: z.number().int().min(1).max(65),
      timeCell: namedSchema.extend({ number: z.number().int().min(1).max(5) }),
      stage: namedSchema.extend({ number: z.number().int().min(1).max(4) }),
    })
    .meta({
      description:
        'One of the 65 harmonics of four kins (kins 1-4 are harmonic 1), its time cell (1 input to 5 matrix) and ' +
        "the kin's stage in it, which is its colour's action (1 red initiates to 4 yellow ripens).",
    }),
  chromatic: z
    .object({
      number: z.number().int().min(1).max(52),
      clan: namedSchema.extend({ number: z.number().int().min(1).max(4) }),
      stage: namedSchema.extend({ number: z.number().int().min(1).max(5) }),
    })
    .meta({
      description:
        'One of the 52 chromatics of five kins, the first opening with kin 260 (260, 1, 2, 3, 4), its clan ' +
        "(1 fire, 2 blood, 3 truth, 4 sky) and the kin's stage in it (1 entry to 5 exit).",
    }),
});
export type KinDto = z.infer<typeof kinSchema>;

export const castleSchema = namedSchema.extend({ color: z.enum(['red', 'white', 'blue', 'yellow', 'green']) });

export const calendarDaySchema = z.object({
  date: z.string(),
  kin: kinSchema,
  castle: castleSchema,
  yearKin: z.number().int(),
  yearStart: z.number().int(),
  dayOfYear: z.number().int().min(1).max(365),
  moon: z.number().int().min(1).max(13).nullable(),
  moonName: z.string().nullable(),
  day: z.number().int().min(1).max(28).nullable(),
  dayOfWeek: z.number().int().min(1).max(7).nullable(),
  radialPlasma: namedSchema.nullable(),
  week: z.number().int().min(1).max(4).nullable(),
  isDayOutOfTime: z.boolean(),
  isHunabKu: z.boolean(),
  psiKin: namedSchema.extend({ number: kinNumberSchema }).nullable().meta({
    description:
      "The PSI chrono kin of the day from the PSI bank; null on the Day Out of Time. 29 February takes 28 February's.",
  }),
  newSirius: z
    .object({
      cycle: z.number().int(),
      year: z.number().int().min(0).max(51),
      moon: z.number().int().min(0).max(13),
      day: z.number().int().min(0).max(28),
      text: z.string(),
    })
    .meta({
      description:
        'The New Sirius date, "NS1.38.5.11": cycle (1 from 26 July 1987), 13-moon year of the cycle (0-51), moon and ' +
        'day; moon and day are 0 on the Day Out of Time and on 0.0 Hunab Ku.',
    }),
  heptad: z
    .object({
      number: z.number().int().min(1).max(52),
      weekOfMoon: z.number().int().min(1).max(4),
      dayOfWeek: z.number().int().min(1).max(7),
      gate: z.number().int(),
    })
    .nullable()
    .meta({
      description:
        "The week of the 13-moon year (1-52), of the moon (1-4), the day's plasma (1 Dali to 7 Silio) and the " +
        'number of its heptad gate (108, 291, 144, 315, 414, 402, 441); null outside the moons.',
    }),
  moonPhase: z
    .object({
      image: z.number().int().min(1).max(30),
      age: z.number().min(0),
      phase: z.number().int().min(1).max(8),
      nextNewMoon: dayDateSchema.nullable(),
      nextFullMoon: dayDateSchema.nullable(),
    })
    .meta({
      description:
        'The Moon at noon UTC from the true new moons (Meeus, chapter 49): phase image 1-30 = floor(age in days) + 1, ' +
        'the age in days, the named phase (1 new, 3 first quarter, 5 full, 7 last quarter) and the UTC dates of the ' +
        'first new and full moon at or after the start of the day (null past 9999-12-31).',
    }),
});
export type CalendarDayDto = z.infer<typeof calendarDaySchema>;

export const calendarDayParamsSchema = z.strictObject({ date: dateTextSchema });
export const kinParamsSchema = z.strictObject({ n: kinNumberTextSchema });
export const calendarDayResponseSchema = successSchema(calendarDaySchema);
export const kinResponseSchema = successSchema(kinSchema);
