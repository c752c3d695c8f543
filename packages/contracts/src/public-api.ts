import { MAX_YEAR, MIN_YEAR } from '@hunab/calendar';
import { z } from 'zod';
import { calendarDaySchema, dateTextSchema, kinSchema, languageSchema } from './calendar.ts';
import { successSchema } from './errors.ts';

/**
 * The public API, version 1 (`/api/v1/...`): the engine's records for other sites and apps. Its shape is a promise:
 * a field may be added, none renamed, retyped or taken away (a change of that kind is a version 2).
 */

/** A 13-moon year by the Gregorian year whose 26 July opens it. */
export const publicYearParamsSchema = z.strictObject({
  year: z
    .string()
    .superRefine((value, ctx) => {
      const year = /^\d{4}$/.test(value) ? Number(value) : Number.NaN;
      if (!(year >= MIN_YEAR && year < MAX_YEAR)) {
        ctx.addIssue({
          code: 'custom',
          message: `Year out of range: 13-moon years start from ${MIN_YEAR} to ${MAX_YEAR - 1}.`,
          params: { code: 'DATE_OUT_OF_RANGE' },
        });
      }
    })
    .transform(Number),
});

const namedSchema = z.object({ number: z.number().int(), name: z.string() });
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const publicMoonSchema = z.object({
  yearStart: z.number().int().meta({ description: 'The Gregorian year whose 26 July opens the 13-moon year.' }),
  moon: namedSchema.extend({ number: z.number().int().min(1).max(13) }),
  totem: z.string(),
  days: z.array(calendarDaySchema).meta({
    description:
      'The 28 day records, Dali of week 1 to Silio of week 4. 29 February falls inside the Galactic Moon and is not ' +
      'one of its days; the Day Out of Time belongs to no moon and opens the Cosmic Moon it closes.',
  }),
});

export const publicYearSchema = z.object({
  yearStart: z.number().int(),
  yearKin: kinSchema.meta({ description: 'The year bearer: the kin of the opening 26 July.' }),
  moons: z
    .array(
      z.object({
        number: z.number().int().min(1).max(13),
        name: z.string(),
        totem: z.string(),
        start: dateSchema,
        end: dateSchema,
      }),
    )
    .meta({ description: 'The 13 moons with their first and last Gregorian dates.' }),
  dayOutOfTime: dateSchema.meta({ description: 'The Day Out of Time, 25 July, which closes the year.' }),
  hunabKu: dateSchema
    .nullable()
    .meta({ description: '0.0 Hunab Ku, the 29 February inside this year, or null when there is none.' }),
});

export const publicDayResponseSchema = successSchema(calendarDaySchema);
export const publicKinResponseSchema = successSchema(kinSchema);
export const publicMoonResponseSchema = successSchema(publicMoonSchema);
export const publicYearResponseSchema = successSchema(publicYearSchema);
export type PublicMoonDto = z.infer<typeof publicMoonSchema>;
export type PublicYearDto = z.infer<typeof publicYearSchema>;

/** The look of an embedded widget. */
export const embedQuerySchema = z.strictObject({
  lang: languageSchema.default('ru'),
  theme: z.enum(['light', 'dark']).default('light'),
  size: z.enum(['small', 'medium', 'large']).default('medium'),
});
export const embedMoonQuerySchema = embedQuerySchema.extend({ date: dateTextSchema.optional() });
export type EmbedQuery = z.infer<typeof embedQuerySchema>;

/** oEmbed 1.0 (https://oembed.com/): the consumer names a page of the product by its address. */
export const oembedQuerySchema = z.strictObject({
  url: z.string().min(1).max(500),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
  format: z.string().max(20).optional(),
});

/** The oEmbed answer of a rich type, with every field the specification requires of one. */
export const oembedResponseSchema = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OembedAnswer = z.infer<typeof oembedResponseSchema>;
