import { isCalendarError } from '@hunab/calendar';
import { type ErrorBody, type ErrorCode, errorBodySchema } from '@hunab/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a handler throws on purpose: it becomes `{ success: false, error: { code, message } }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the error object, such as `retryAfter` (seconds) on a 429. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error answers of a route's description: the product's error envelope under each of `statuses`. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

export function errorBody(code: string, message: string, details: Record<string, unknown> = {}): ErrorBody {
  return { success: false, error: { code, message, ...details } };
}

/** Fastify's own 4xx errors, by their codes, in the product's words. */
const FASTIFY_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON', 'The request body is empty but declared as JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_ERROR', 'The Content-Length header does not match the body.'],
};

function describeValidation(error: FastifyError): { code: string; message: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A custom issue may carry the product's own code (INVALID_KIN, INVALID_DATE ...) in its params.
    const ownCode = (first?.params as { params?: { code?: unknown } } | undefined)?.params?.code;
    if (typeof ownCode === 'string') return { code: ownCode, message: first?.message ?? 'Invalid request.' };
    const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
    const where = `${error.validationContext ?? 'request'}${field ? `.${field}` : ''}`;
    return { code: 'VALIDATION_ERROR', message: `${where}: ${first?.message ?? 'invalid value'}` };
  }
  return { code: 'VALIDATION_ERROR', message: error.message };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/**
 * PostgreSQL's own refusals that pass with time: a database closed to connections (55000), too many connections
 * (53300), a server shutting down or starting (57P01-57P03), a database that does not exist yet or any more (3D000),
 * and the connection exceptions of class 08.
 */
const REFUSED_BY_POSTGRES = /^(08...|55000|53300|57P0[123]|3D000)$/;
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed|PGlite is closed|connection is closed/i;

/**
 * Whether an error, or one of its causes, says the database cannot be reached (refused, lost, shutting down, closed)
 * rather than that a query was wrong: such a request may succeed later and is answered 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE.has(code) || REFUSED_BY_POSTGRES.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

/** Every error leaves the server in the product's envelope; only a real fault answers 500, and it is logged. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      if (typeof error.details.retryAfter === 'number') reply.header('retry-after', String(error.details.retryAfter));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (error.validation) {
      const { code, message } = describeValidation(error);
      return reply.status(400).send(errorBody(code, message));
    }
    if (isCalendarError(error)) {
      return reply.status(400).send(errorBody(error.code, error.message));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code, message] = known;
      return reply.status(status).send(errorBody(code, message));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('VALIDATION_ERROR', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database cannot be reached');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send(errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  });
}

/** A unique constraint refused the row (PostgreSQL 23505), whether the driver reports it directly or as the cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
