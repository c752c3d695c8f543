import { z } from 'zod';

/** Every error code the API answers with. One list, read by the server and the web app. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INVALID_DATE',
  'DATE_OUT_OF_RANGE',
  'INVALID_KIN',
  'INVALID_LANGUAGE',
  'INVALID_BIRTH_DATE',
  'EMAIL_EXISTS',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'EMAIL_NOT_VERIFIED',
  'INVALID_PASSWORD',
  'SAME_EMAIL',
  'INVALID_TOKEN',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONTENT_NOT_FOUND',
  'UNKNOWN_QUESTION',
  'NO_SUBSCRIPTION',
  'INVALID_TRANSITION',
  'ACCESS_DENIED',
  'CARD_NOT_FOUND',
  'CARD_LIMIT_REACHED',
  'COMMENT_EMPTY',
  'COMMENT_TOO_SHORT',
  'COMMENT_TOO_LONG',
  'COMMENT_NOT_FOUND',
  'COMMENT_DELETED',
  'REPLY_TOO_DEEP',
  'REPLY_OUTSIDE_CYCLE',
  'OWN_COMMENT_VOTE',
  'REFERRAL_LINK_EXISTS',
  'REFERRAL_LINK_LIMIT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.looseObject({
  success: z.literal(false),
  error: z.looseObject({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A successful reply: `{ success: true, data }`. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
