import { z } from 'zod';
import {
  CARD_DESCRIPTION_MAX,
  CARD_MIGRATION_MAX,
  CARD_NAME_MAX,
  FUTURE_BIRTH_DATE_MESSAGE,
  isFutureBirth,
  parseCardDate,
} from './card-rules.ts';
import { PLAN_TIERS } from './plans.ts';
import { safeText } from './text.ts';

/** A card's birth date as sent by a client: any form the rules read, answered as ISO UTC text. */
export const cardBirthDateSchema = z
  .string({ error: 'birth_date is required' })
  .max(64, 'birth_date must be at most 64 characters')
  .transform((value, ctx) => {
    const parsed = parseCardDate(value);
    if ('iso' in parsed) {
      if (!isFutureBirth(parsed.iso)) return parsed.iso;
      ctx.addIssue({ code: 'custom', message: FUTURE_BIRTH_DATE_MESSAGE, params: { code: 'INVALID_BIRTH_DATE' } });
      return z.NEVER;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        parsed.problem === 'DATE_OUT_OF_RANGE'
          ? 'birth_date must fall between 1000-01-01 and 9999-12-31'
          : 'birth_date must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDTHH:MM[:SS][Z])',
      params: { code: parsed.problem },
    });
    return z.NEVER;
  });

/** A name as typed: trimmed; a blank one is left for the server to replace with its default. */
const cardNameSchema = safeText(CARD_NAME_MAX).transform((value) => value.trim());
const cardDescriptionSchema = safeText(CARD_DESCRIPTION_MAX).transform((value) => value.trim() || null);

/** The Card of spec 001 section 3. */
export const cardSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  birth_date: z.string(),
  description: z.string().nullable(),
  is_primary: z.boolean(),
  is_public: z.boolean(),
  is_birth_date: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardLimitsSchema = z.object({
  plan: z.enum(PLAN_TIERS),
  limit: z.number().int(),
  count: z.number().int(),
  remaining: z.number().int(),
  canAdd: z.boolean(),
});

export const createCardBodySchema = z.strictObject({
  name: cardNameSchema.nullish(),
  birth_date: cardBirthDateSchema,
  description: cardDescriptionSchema.nullish(),
  is_primary: z.boolean().optional(),
  is_public: z.boolean().optional(),
  is_birth_date: z.boolean().optional(),
});
export type CreateCardBody = z.infer<typeof createCardBodySchema>;

/** Only the fields that changed; an empty body changes nothing. */
export const updateCardBodySchema = z.strictObject({
  name: cardNameSchema.optional(),
  birth_date: cardBirthDateSchema.optional(),
  description: cardDescriptionSchema.nullish(),
  is_primary: z.boolean().optional(),
  is_public: z.boolean().optional(),
  is_birth_date: z.boolean().optional(),
});
export type UpdateCardBody = z.infer<typeof updateCardBodySchema>;

/** Any text: an id that is not a card of the caller's answers 404, whatever its shape. */
export const cardParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

export const cardReplySchema = z.object({ success: z.literal(true), data: z.object({ card: cardSchema }) });
export const primaryCardReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ card: cardSchema.nullable() }),
});
/** GET /cards: the list itself is `data`. */
export const cardListReplySchema = z.object({
  success: z.literal(true),
  data: z.array(cardSchema),
  limits: cardLimitsSchema,
});
/** GET /calculation-profiles: the list is `data.cards`. */
export const profileListReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ cards: z.array(cardSchema), limits: cardLimitsSchema }),
});
export const cardDeletedReplySchema = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
});

/** A guest's card as kept on the device, sent once on sign-in. */
export const localCardSchema = z.strictObject({
  localId: safeText(100),
  name: safeText(CARD_NAME_MAX).nullish(),
  birth_date: cardBirthDateSchema,
  description: cardDescriptionSchema.nullish(),
  is_primary: z.boolean().optional(),
  is_public: z.boolean().optional(),
  is_birth_date: z.boolean().optional(),
});

export const migrateCardsBodySchema = z.strictObject({
  cards: z.array(localCardSchema).max(CARD_MIGRATION_MAX, `At most ${CARD_MIGRATION_MAX} cards at once`),
});
export type MigrateCardsBody = z.infer<typeof migrateCardsBodySchema>;

export const MIGRATION_SKIP_REASONS = ['duplicate', 'limit'] as const;

export const migrateCardsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    cards: z.array(cardSchema),
    imported: z.array(z.object({ localId: z.string(), id: z.string() })),
    /** A duplicate names the card already on the account; a card over the plan's limit names none. */
    skipped: z.array(
      z.object({ localId: z.string(), reason: z.enum(MIGRATION_SKIP_REASONS), id: z.string().nullable() }),
    ),
    limits: cardLimitsSchema,
  }),
});
export type MigrateCardsReply = z.infer<typeof migrateCardsReplySchema>;
