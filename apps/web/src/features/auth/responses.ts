import type { User } from '@hunab/contracts';

/** The reply of an auth call did not have the shape the app needs. */
export class InvalidResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidResponseError';
  }
}

export const LOGIN_FORMAT_MESSAGE = 'Server returned unexpected format';
export const REGISTER_FORMAT_MESSAGE = 'Registration failed with unexpected response format';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Three non-empty URL-safe parts, never the text 'undefined' or 'null' (spec 000 section 5). */
export function isSessionToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token) && !/undefined|null/.test(token);
}

export function isUser(user: unknown): user is User {
  const u = user as { id?: unknown; email?: unknown } | null;
  return (
    !!u &&
    typeof u === 'object' &&
    (typeof u.id === 'string' || typeof u.id === 'number') &&
    typeof u.email === 'string'
  );
}

export interface SignedIn {
  token: string;
  user: User;
}

/** Login and password reset: success, token and user are all required. */
export function parseTokenReply(reply: unknown, formatMessage = LOGIN_FORMAT_MESSAGE): SignedIn {
  const r = reply as { success?: unknown; token?: unknown; user?: unknown } | null;
  if (!r || typeof r !== 'object' || r.success !== true || !isSessionToken(r.token) || !isUser(r.user)) {
    throw new InvalidResponseError(formatMessage);
  }
  return { token: r.token, user: r.user };
}

export type RegistrationOutcome =
  | { kind: 'verifyEmail'; message: string | null }
  | ({ kind: 'signedIn'; message: string | null } & SignedIn);

/**
 * Registration succeeded if the reply has a token, success true or an id (spec 000 section 5). Then either the
 * email must be confirmed first, or the reply signs the user in.
 */
export function parseRegisterReply(reply: unknown): RegistrationOutcome {
  const r = reply as {
    success?: unknown;
    token?: unknown;
    id?: unknown;
    user?: unknown;
    message?: unknown;
    data?: { requiresEmailVerification?: unknown } | null;
  } | null;
  if (!r || typeof r !== 'object') throw new InvalidResponseError(REGISTER_FORMAT_MESSAGE);
  const succeeded = !!r.token || r.success === true || (r.id !== undefined && r.id !== null && r.id !== '');
  if (!succeeded) throw new InvalidResponseError(REGISTER_FORMAT_MESSAGE);
  const message = typeof r.message === 'string' ? r.message : null;
  if (r.data?.requiresEmailVerification === true) return { kind: 'verifyEmail', message };
  if (isSessionToken(r.token) && isUser(r.user)) return { kind: 'signedIn', message, token: r.token, user: r.user };
  throw new InvalidResponseError(REGISTER_FORMAT_MESSAGE);
}
