import { CalendarError, INVALID_KIN_MESSAGE, parseDate } from '@hunab/calendar';
import { z } from 'zod';
import { dateTextSchema, languageSchema } from './calendar.ts';

const issue = (ctx: z.RefinementCtx, code: string, message: string) =>
  ctx.addIssue({ code: 'custom', message, params: { code } });

/** `{n}.png` of a share image of a kin: 1-260. */
export const shareKinParamsSchema = z.strictObject({
  file: z.string().transform((value, ctx) => {
    const match = /^(\d{1,3})\.png$/.exec(value);
    const kin = match ? Number(match[1]) : Number.NaN;
    if (kin >= 1 && kin <= 260) return kin;
    issue(ctx, 'INVALID_KIN', INVALID_KIN_MESSAGE);
    return z.NEVER;
  }),
});

/** `{YYYY-MM-DD}.png` of a share image of a day. */
export const shareDayParamsSchema = z.strictObject({
  file: z.string().transform((value, ctx) => {
    const date = value.endsWith('.png') ? value.slice(0, -4) : '';
    try {
      parseDate(date);
      return date;
    } catch (error) {
      if (error instanceof CalendarError) issue(ctx, error.code, error.message);
      else issue(ctx, 'INVALID_DATE', 'Use a date as YYYY-MM-DD.png.');
      return z.NEVER;
    }
  }),
});

export const shareKinQuerySchema = z.strictObject({
  lang: languageSchema.default('ru'),
  /** The birth date of the card the image is of; its kin must be the kin of the address. */
  birth: dateTextSchema.optional(),
});

export const shareDayQuerySchema = z.strictObject({ lang: languageSchema.default('ru') });

export const shareCompatQuerySchema = z.strictObject({
  a: dateTextSchema,
  b: dateTextSchema,
  lang: languageSchema.default('ru'),
});
