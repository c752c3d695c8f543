import { ApiRequestError } from '../../lib/api-error.ts';
import { CircuitOpenError } from '../../lib/circuit-breaker.ts';
import { InvalidResponseError } from './responses.ts';

/** Which form failed; each has its own fallback wording (spec 000 section 8, spec 001 section 8). */
export type AuthFlow = 'login' | 'register' | 'verify' | 'resend' | 'forgot' | 'reset';

export type ErrorKind =
  | 'network'
  | 'unavailable'
  | 'unauthorized'
  | 'tooManyAttempts'
  | 'emailNotVerified'
  | 'blocked'
  | 'closed'
  | 'emailExists'
  | 'invalidToken'
  | 'invalidResponse'
  | 'timeout'
  | 'authError'
  | 'other';

/**
 * What to tell the user about a failed call: a key of the `auth` namespace with its values, or the server's own
 * message when it has one worth showing; `detailKey` adds a second line.
 */
export interface ErrorView {
  kind: ErrorKind;
  /** The code of spec 000 section 8 (INVALID_CREDENTIALS, request_timeout, network_error, INVALID_RESPONSE, AUTH_ERROR) or the server's. */
  code?: string;
  key: string;
  values?: Record<string, string | number>;
  message?: string;
  detailKey?: string;
}

const FALLBACK: Record<AuthFlow, string> = {
  login: 'errors.login.failed',
  register: 'errors.register.failed',
  verify: 'errors.verify.failed',
  resend: 'errors.resend.failed',
  forgot: 'errors.forgot.failed',
  reset: 'errors.reset.failed',
};

/** Flows whose failures are always reported in their own words (the server's text would add nothing). */
const FIXED_WORDING = new Set<AuthFlow>(['resend', 'forgot', 'reset']);

function retryAfterSeconds(error: ApiRequestError): number | null {
  const body = error.body as { error?: { retryAfter?: unknown } } | null;
  const value = body?.error?.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** A 400 about the emailed token: INVALID_TOKEN, or the schema refusing the token's shape. */
function isBadToken(error: ApiRequestError): boolean {
  if (error.status !== 400) return false;
  if (error.code === 'INVALID_TOKEN') return true;
  return error.code === 'VALIDATION_ERROR' && /^(body|params)\.token\b/.test(error.message);
}

/** The server's own message, unless it is only the generic text of a bare HTTP status. */
function serverMessage(error: ApiRequestError): string | undefined {
  if (error.status >= 500 || error.code.startsWith('HTTP_')) return undefined;
  return error.message || undefined;
}

export function describeAuthError(error: unknown, flow: AuthFlow): ErrorView {
  const fallback = FALLBACK[flow];
  const fixed = FIXED_WORDING.has(flow);

  if (error instanceof CircuitOpenError) {
    return fixed
      ? { kind: 'unavailable', key: fallback, detailKey: 'errors.circuitOpen' }
      : { kind: 'unavailable', key: 'errors.circuitOpen' };
  }
  if (error instanceof InvalidResponseError) {
    if (flow === 'login') return { kind: 'invalidResponse', code: 'INVALID_RESPONSE', key: 'errors.invalidResponse' };
    if (flow === 'register') {
      return { kind: 'invalidResponse', code: 'INVALID_RESPONSE', key: 'errors.register.invalidResponse' };
    }
    return { kind: 'invalidResponse', key: fallback, detailKey: 'errors.invalidResponse' };
  }
  if (!(error instanceof ApiRequestError)) {
    if (flow === 'login') return { kind: 'authError', code: 'AUTH_ERROR', key: 'errors.login.authError' };
    if (flow === 'register') return { kind: 'other', code: 'UNKNOWN_ERROR', key: fallback };
    return { kind: 'other', key: fallback };
  }
  if (flow === 'login' && error.status === 0) {
    return error.code === 'request_timeout'
      ? { kind: 'timeout', code: 'request_timeout', key: 'errors.login.timeout' }
      : { kind: 'network', code: 'network_error', key: 'errors.networkError' };
  }

  if (error.status === 0) {
    return fixed
      ? { kind: 'network', key: fallback, detailKey: 'errors.networkError' }
      : { kind: 'network', key: 'errors.networkError' };
  }

  if (flow === 'login') {
    if (error.status === 401)
      return { kind: 'unauthorized', code: 'INVALID_CREDENTIALS', key: 'errors.login.unauthorized' };
    if (error.status === 429) {
      const seconds = retryAfterSeconds(error);
      return seconds === null
        ? { kind: 'tooManyAttempts', key: fallback, message: error.message }
        : {
            kind: 'tooManyAttempts',
            key: 'errors.login.tooManyAttempts',
            values: { count: Math.max(1, Math.ceil(seconds / 60)) },
          };
    }
    if (error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED') {
      return { kind: 'emailNotVerified', key: 'errors.login.emailNotVerified' };
    }
    if (error.status === 403 && error.code === 'ACCOUNT_BLOCKED') {
      return { kind: 'blocked', key: 'errors.login.blocked' };
    }
    if (error.status === 403 && error.code === 'ACCOUNT_CLOSED') {
      return { kind: 'closed', key: 'errors.login.closed' };
    }
  }

  if (flow === 'register' && (error.status === 409 || error.code === 'EMAIL_EXISTS')) {
    return { kind: 'emailExists', code: 'EMAIL_EXISTS', key: 'errors.register.emailExists' };
  }

  if ((flow === 'verify' || flow === 'reset') && isBadToken(error)) {
    return {
      kind: 'invalidToken',
      key: flow === 'verify' ? 'errors.verify.invalidToken' : 'errors.reset.invalidToken',
    };
  }

  if (fixed) return { kind: 'other', key: fallback };
  const message = serverMessage(error);
  if (flow === 'register') {
    // REGISTRATION_FAILED: the server refused with its own words; API_ERROR: it failed without any.
    return message
      ? { kind: 'other', code: 'REGISTRATION_FAILED', key: fallback, message }
      : { kind: 'other', code: 'API_ERROR', key: fallback };
  }
  if (flow === 'login') {
    // The server's own words and code when it gave them; a bare failure of the sign-in service is AUTH_ERROR.
    return message
      ? { kind: 'other', code: error.code, key: fallback, message }
      : { kind: 'authError', code: 'AUTH_ERROR', key: 'errors.login.authError' };
  }
  return message ? { kind: 'other', key: fallback, message } : { kind: 'other', key: fallback };
}
