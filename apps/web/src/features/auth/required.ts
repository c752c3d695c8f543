/**
 * The checks of the sign-in form: only that both fields are filled (spec 000 section 5). Kept apart from
 * validation.ts so the sign-in page does not load the zod schemas of registration.
 */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

export function requiredEmailError(email: string): FieldError | null {
  return email.trim() === '' ? { key: 'validation.emailRequired' } : null;
}

export function requiredPasswordError(password: string): FieldError | null {
  return password === '' ? { key: 'validation.passwordRequired' } : null;
}
