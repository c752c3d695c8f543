import { z } from 'zod';

/** NUL and unpaired surrogates cannot be stored as text; they are refused rather than silently changed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const FORBIDDEN_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenCharacters = (value: string): boolean => FORBIDDEN_CHARACTERS.test(value);

/** Text of at most `max` characters that can be stored: no NUL, no unpaired surrogates. */
export function safeText(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), 'contains characters that are not allowed');
}

/** Text trimmed of the spaces around it, of `min` to `max` characters, that can be stored (as `safeText`). */
export function safeTrimmedText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), 'contains characters that are not allowed');
}

/** Removes what PostgreSQL cannot store from free-form JSON (NUL, unpaired surrogates) before it is kept. */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(new RegExp(FORBIDDEN_CHARACTERS.source, 'g'), '');
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableJson(key) as string, storableJson(item)]),
    );
  }
  return value;
}
