import { CalendarError, parseDate } from '@hunab/calendar';
import { z } from 'zod';
import { CARD_LIMITS, PLAN_TIERS, type PlanTier } from './subscriptions.ts';
import { safeText } from './text.ts';

/** The plan a pricewall recommends from a plan that hit a limit: basic for free users, premium for basic ones. */
export const UPGRADE_OF: Readonly<Record<PlanTier, PlanTier | null>> = {
  free: 'basic',
  basic: 'premium',
  premium: null,
};

export interface CardLimits {
  plan: PlanTier;
  limit: number;
  count: number;
  /** limit minus count, never below 0. */
  remaining: number;
  canAdd: boolean;
}

/** A card may be added only below the plan's limit. */
export function cardLimitsOf(plan: PlanTier, count: number): CardLimits {
  const limit = CARD_LIMITS[plan];
  return { plan, limit, count, remaining: Math.max(0, limit - count), canAdd: count < limit };
}

export const DEFAULT_CARD_NAME = 'No name';
/** The name a nameless card brought from a guest's device gets on the account. */
export const MIGRATED_CARD_NAME = 'Мой расчёт';
export const CARD_NAME_MAX = 100;
export const CARD_DESCRIPTION_MAX = 1000;
/** At most this many cards in one migration request. */
export const CARD_MIGRATION_MAX = 100;
/** Time of day a card gets when only its date is known. */
export const DEFAULT_CARD_TIME = '12:00';

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const EARLIEST = Date.UTC(1000, 0, 1);
const LATEST = Date.UTC(10000, 0, 1) - 1;

export type CardDateProblem = 'INVALID_DATE' | 'DATE_OUT_OF_RANGE';

/**
 * The card date rules of spec 001 section 5, strictly: a full ISO value with a zone is kept (as UTC), a date-time
 * without a zone is read as UTC, a date alone becomes noon UTC. Returns the ISO UTC text, or the reason it is not a
 * date from 1000-01-01 to 9999-12-31.
 */
export function parseCardDate(value: string): { iso: string } | { problem: CardDateProblem } {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return { problem: 'INVALID_DATE' };
  const [, dateText = '', hours, minutes, seconds, fraction, zone] = match;
  let day: { year: number; month: number; day: number };
  try {
    day = parseDate(dateText);
  } catch (error) {
    return {
      problem: error instanceof CalendarError && error.code === 'DATE_OUT_OF_RANGE' ? error.code : 'INVALID_DATE',
    };
  }
  const h = hours === undefined ? 12 : Number(hours);
  const m = Number(minutes ?? 0);
  const s = Number(seconds ?? 0);
  if (h > 23 || m > 59 || s > 59) return { problem: 'INVALID_DATE' };
  const ms = Number(`0.${fraction ?? '0'}`) * 1000;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const [, sign = '+', zh = '0', zm = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
    if (Number(zh) > 23 || Number(zm) > 59) return { problem: 'INVALID_DATE' };
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm));
  }
  const date = new Date(0);
  date.setUTCFullYear(day.year, day.month - 1, day.day);
  date.setUTCHours(h, m, s, Math.floor(ms));
  const instant = date.getTime() - offsetMinutes * 60_000;
  if (instant < EARLIEST || instant > LATEST) return { problem: 'DATE_OUT_OF_RANGE' };
  return { iso: new Date(instant).toISOString() };
}

/**
 * The lenient form of the rules, for dates a client already holds (its local cards, old copies): what the strict
 * rules cannot read, a browser date parser may; anything still unreadable becomes the current time.
 */
export function normalizeCardDate(value: unknown, now: Date = new Date()): string {
  if (typeof value === 'string') {
    const strict = parseCardDate(value);
    if ('iso' in strict) return strict.iso;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    const loose = new Date(value);
    const time = loose.getTime();
    if (!Number.isNaN(time) && time >= EARLIEST && time <= LATEST) return loose.toISOString();
  }
  return now.toISOString();
}

/** A card's birth date as sent by a client: any form the rules read, answered as ISO UTC text. */
export const cardBirthDateSchema = z
  .string({ error: 'birth_date is required' })
  .max(64, 'birth_date must be at most 64 characters')
  .transform((value, ctx) => {
    const parsed = parseCardDate(value);
    if ('iso' in parsed) return parsed.iso;
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
