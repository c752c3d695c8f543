import { z } from 'zod';
import { dateTextSchema, kinSchema, languageSchema } from './calendar.ts';
import { successSchema } from './errors.ts';

/** Relations of two signatures: partners of the oracle cross and cycles they share. */
export const COMPAT_RELATIONS = [
  'same_kin',
  'analog',
  'antipode',
  'occult',
  'a_guides_b',
  'b_guides_a',
  'same_wavespell',
  'same_castle',
  'same_tone',
  'same_seal',
] as const;
export type CompatRelation = (typeof COMPAT_RELATIONS)[number];

export const COLOR_RELATIONS = ['same', 'analog', 'antipode', 'occult'] as const;
export type ColorRelation = (typeof COLOR_RELATIONS)[number];

export const compatQuerySchema = z.strictObject({
  a: dateTextSchema,
  b: dateTextSchema,
  lang: languageSchema.default('ru'),
});

const signatureSchema = z.object({ date: z.string(), kin: kinSchema });
const readingSchema = z.object({ title: z.string(), summary: z.string().nullable(), text: z.string() });

export const compatSchema = z.object({
  a: signatureSchema,
  b: signatureSchema,
  composite: kinSchema,
  relations: z.array(z.object({ type: z.enum(COMPAT_RELATIONS), title: z.string() })),
  color: z.object({ type: z.enum(COLOR_RELATIONS), title: z.string() }),
  /** Plain words about the two, for everyone. */
  summary: z.string(),
  /** `full` for a subscriber (or an administrator): the whole reading below; `summary` otherwise. */
  access: z.enum(['summary', 'full']),
  /** Null unless access is full. */
  reading: z
    .object({
      relations: z.array(z.object({ type: z.string(), title: z.string(), text: z.string() })),
      seal: readingSchema.nullable(),
      tone: readingSchema.nullable(),
    })
    .nullable(),
});
export type Compat = z.infer<typeof compatSchema>;
export const compatReplySchema = successSchema(compatSchema);
