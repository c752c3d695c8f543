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
});
export type CalendarDayDto = z.infer<typeof calendarDaySchema>;

export const calendarDayParamsSchema = z.strictObject({ date: dateTextSchema });
export const kinParamsSchema = z.strictObject({ n: kinNumberTextSchema });
export const calendarDayResponseSchema = successSchema(calendarDaySchema);
export const kinResponseSchema = successSchema(kinSchema);
