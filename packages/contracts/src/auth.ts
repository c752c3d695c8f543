import { LANGUAGES, parseDate } from '@hunab/calendar';
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  INTERESTS,
  MAX_AGE,
  MIN_AGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_SOURCES,
  THEMES,
  USER_NAME_MAX,
} from './auth-rules.ts';
import { languageSchema } from './calendar.ts';
import { FUTURE_BIRTH_DATE_MESSAGE } from './card-rules.ts';
import { safeText } from './text.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .min(EMAIL_MIN_LENGTH, `Email must be at least ${EMAIL_MIN_LENGTH} characters`)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, 'Enter a valid email address with a domain, like name@example.com');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .pipe(safeText(PASSWORD_MAX_LENGTH));

/** Whole years between a birth date and a date (both YYYY-MM-DD). */
export function ageOn(birthDate: string, on: string): number {
  const born = parseDate(birthDate);
  const day = parseDate(on);
  const hadBirthday = day.month > born.month || (day.month === born.month && day.day >= born.day);
  return day.year - born.year - (hadBirthday ? 0 : 1);
}

/** A birth date: a real YYYY-MM-DD, not in the future, an age of 6 to 120 years (checked against `today`). */
export function birthDateSchema(today: () => string) {
  return z.string({ error: 'Birth date is required' }).superRefine((value, ctx) => {
    let age: number;
    try {
      age = ageOn(value, today());
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message, params: { code: 'INVALID_DATE' } });
      return;
    }
    if (value > today()) {
      ctx.addIssue({
        code: 'custom',
        message: FUTURE_BIRTH_DATE_MESSAGE,
        params: { code: 'INVALID_BIRTH_DATE' },
      });
    } else if (age < MIN_AGE || age > MAX_AGE) {
      ctx.addIssue({
        code: 'custom',
        message: `Age must be between ${MIN_AGE} and ${MAX_AGE} years`,
        params: { code: 'INVALID_BIRTH_DATE' },
      });
    }
  });
}

/** The server's date in UTC, for birth-date checks (a day's leeway either side is immaterial for ages 6-120). */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);

export const badgeSchema = z.object({
  badge_type: z.enum(['hunabbot', 'dailyoraclebot', 'hoonabbot', 'hunabapp', 'other']),
  badge_name: z.string(),
});

/** The User of spec 000 section 3, as every auth reply carries it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  display_name: z.string().nullable(),
  firstName: z.string().nullable(),
  is_admin: z.boolean(),
  lang: z.enum(LANGUAGES),
  theme_preference: z.enum(THEMES),
  birth_date: z.string().nullable(),
  email_verified: z.boolean(),
  badges: z.array(badgeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  username: safeText(USER_NAME_MAX).trim().optional(),
  name: safeText(USER_NAME_MAX).trim().optional(),
  registration_source: z.enum(REGISTRATION_SOURCES).default('website'),
  interest: z.enum(INTERESTS).default('general'),
  lang: languageSchema.default('ru'),
  birth_date: birthDateSchema(utcToday),
  /**
   * The reader ticked the consent to the terms and the privacy policy in force (`LEGAL_VERSIONS`): the account keeps
   * when, and to which versions. Accounts made without it (by the bot, by scripts) keep no consent.
   */
  accept_terms: z.literal(true).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().nullable(),
  user: userSchema,
  data: z.object({ requiresEmailVerification: z.boolean() }),
});

export const loginBodySchema = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH)
    .pipe(safeText(EMAIL_MAX_LENGTH)),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH)
    .pipe(safeText(PASSWORD_MAX_LENGTH)),
});

export const tokenResponseSchema = z.object({ success: z.literal(true), token: z.string(), user: userSchema });

export const meResponseSchema = z.object({
  success: z.literal(true),
  authenticated: z.literal(true),
  user: userSchema,
});

export const meQuerySchema = z.strictObject({ _t: z.string().max(40).optional() });

export const changeEmailBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const userResponseSchema = z.object({ success: z.literal(true), message: z.string(), user: userSchema });

export const tokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not valid'),
});

export const resetRequestBodySchema = z.strictObject({ email: emailSchema });

export const resetConfirmBodySchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not valid'),
  password: passwordSchema,
});

export const birthDateBodySchema = z.strictObject({ birthDate: birthDateSchema(utcToday) });

export const languageBodySchema = z.strictObject({ lang: languageSchema });

/** The interest of the registration payload (spec 001 section 3), chosen again at onboarding. */
export const interestBodySchema = z.strictObject({ interest: z.enum(INTERESTS) });
export const interestReplySchema = z.object({ success: z.literal(true), interest: z.enum(INTERESTS) });
