import { isValidDateText } from '@hunab/calendar';
import {
  ageOn,
  BIRTH_DATE_MIN,
  emailSchema,
  hasForbiddenCharacters,
  MAX_AGE,
  MIN_AGE,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  USER_NAME_MAX,
} from '@hunab/contracts';

/**
 * Client-side checks of the account forms (spec 001 section 5). Email and password run through the very zod schemas
 * the server validates with; each problem becomes a key of the `auth` namespace (under `validation.`) so it can be
 * shown in the interface language.
 */
import type { FieldError } from './required.ts';

export type { FieldError } from './required.ts';
export { requiredEmailError, requiredPasswordError } from './required.ts';

export const NAME_MAX_LENGTH = USER_NAME_MAX;
export { BIRTH_DATE_MIN, PASSWORD_MIN_LENGTH };

/** Today's date on this device, YYYY-MM-DD: the user's own calendar day. */
export function localToday(now: Date = new Date()): string {
  const y = String(now.getFullYear()).padStart(4, '0');
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

type Issue = { code: string; minimum?: unknown; maximum?: unknown };

function issueToError(issue: Issue | undefined, field: 'email' | 'password'): FieldError | null {
  if (!issue) return null;
  const prefix = `validation.${field}`;
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? { key: `${prefix}Required` }
        : { key: `${prefix}TooShort`, values: { count: Number(issue.minimum) } };
    case 'too_big':
      return { key: `${prefix}TooLong`, values: { count: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: 'validation.emailInvalid' };
    case 'invalid_type':
      return { key: `${prefix}Required` };
    default:
      return { key: 'validation.invalidCharacters' };
  }
}

/** Login only asks that both fields are filled ('Email is required', 'Password is required'). */
/** Required, 5 to 254 characters, a standard address with a domain. */
export function emailError(email: string): FieldError | null {
  const result = emailSchema.safeParse(email);
  return result.success ? null : issueToError(result.error.issues[0] as Issue | undefined, 'email');
}

/** Required, 6 to 128 characters, storable text. */
export function passwordError(password: string): FieldError | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : issueToError(result.error.issues[0] as Issue | undefined, 'password');
}

export function passwordConfirmError(password: string, confirmation: string): FieldError | null {
  if (confirmation === '') return { key: 'validation.passwordConfirmRequired' };
  return confirmation === password ? null : { key: 'validation.passwordMismatch' };
}

/** Optional; at most 100 characters once trimmed. */
export function nameError(name: string): FieldError | null {
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX_LENGTH) return { key: 'validation.nameTooLong', values: { count: NAME_MAX_LENGTH } };
  return hasForbiddenCharacters(trimmed) ? { key: 'validation.invalidCharacters' } : null;
}

/** Required, a real YYYY-MM-DD, not after `today`, an age of 6 to 120 years on `today`. */
export function birthDateError(value: string, today: string): FieldError | null {
  if (value.trim() === '') return { key: 'validation.birthDateRequired' };
  if (!isValidDateText(value)) return { key: 'validation.birthDateInvalid' };
  if (value > today) return { key: 'validation.birthDateFuture' };
  const age = ageOn(value, today);
  if (age < MIN_AGE) return { key: 'validation.birthDateTooYoung', values: { count: MIN_AGE } };
  if (age > MAX_AGE) return { key: 'validation.birthDateTooOld', values: { count: MAX_AGE } };
  return null;
}

export interface RegistrationValues {
  email: string;
  password: string;
  passwordConfirm: string;
  name: string;
  birthDate: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, FieldError>>;

export function validateRegistration(values: RegistrationValues, today: string): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const checks: [keyof RegistrationValues, FieldError | null][] = [
    ['email', emailError(values.email)],
    ['password', passwordError(values.password)],
    ['passwordConfirm', passwordConfirmError(values.password, values.passwordConfirm)],
    ['name', nameError(values.name)],
    ['birthDate', birthDateError(values.birthDate, today)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}

export interface NewPasswordValues {
  password: string;
  passwordConfirm: string;
}

export function validateNewPassword(values: NewPasswordValues): Partial<Record<keyof NewPasswordValues, FieldError>> {
  const errors: Partial<Record<keyof NewPasswordValues, FieldError>> = {};
  const password = passwordError(values.password);
  const confirm = passwordConfirmError(values.password, values.passwordConfirm);
  if (password) errors.password = password;
  if (confirm) errors.passwordConfirm = confirm;
  return errors;
}
