import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody } from '../../lib/errors.ts';
import type { AuthService, Session } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and token claims, once a session hook has run; null for a guest. */
    session: Session | null;
  }
}

/** The token of an `Authorization: Bearer ...` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

type SessionHookKind = 'required' | 'optional' | 'admin';
const SESSION_HOOK = Symbol('session hook');

function marked<T extends Record<SessionHookKind, object>>(hooks: T): T {
  for (const [kind, hook] of Object.entries(hooks)) Object.assign(hook, { [SESSION_HOOK]: kind });
  return hooks;
}

const kindOf = (hook: unknown): SessionHookKind | undefined =>
  typeof hook === 'function' ? (hook as { [SESSION_HOOK]?: SessionHookKind })[SESSION_HOOK] : undefined;

/**
 * For every route: the session hooks a route lists among its preValidation or preHandler hooks run when the request
 * arrives, before its body is even parsed, so a guest hears 401 (and a user 403) before learning anything of the
 * body's shape or syntax; and the route's description says whether it takes a bearer token (`security`), for the API
 * documentation.
 */
export function authenticateBeforeValidation(route: {
  preHandler?: unknown;
  preValidation?: unknown;
  onRequest?: unknown;
  schema?: object;
}): void {
  const list = (hooks: unknown): unknown[] => (hooks ? [hooks].flat() : []);
  const moved = [...list(route.preValidation), ...list(route.preHandler)].filter((hook) => kindOf(hook));
  if (moved.length > 0) {
    route.preValidation = list(route.preValidation).filter((hook) => !kindOf(hook));
    route.preHandler = list(route.preHandler).filter((hook) => !kindOf(hook));
    route.onRequest = [...list(route.onRequest).filter((hook) => kindOf(hook)), ...moved].concat(
      list(route.onRequest).filter((hook) => !kindOf(hook)),
    );
  }
  const kinds = list(route.onRequest).map(kindOf);
  const security = kinds.includes('required')
    ? [{ bearer: [] }]
    : kinds.includes('optional')
      ? [{ bearer: [] }, {}]
      : undefined;
  if (security && route.schema) route.schema = { ...route.schema, security };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The writes an administrator's session as another user may make: ending it. */
const IMPERSONATION_WRITES = new Set(['/api/impersonation/end', '/api/auth/logout']);

/** Whether a request made with `session` is a write that an impersonation may not make. */
function impersonatedWrite(request: FastifyRequest, session: Session): boolean {
  return (
    session.claims.imp !== undefined &&
    !READS.has(request.method) &&
    !IMPERSONATION_WRITES.has(request.routeOptions.url ?? '')
  );
}

/** Hooks that read the session: `required` answers 401 for no or a bad token, `optional` lets guests through. */
export function sessionHooks(auth: AuthService) {
  return marked({
    async required(request: FastifyRequest, reply: FastifyReply) {
      const token = bearerToken(request);
      const session = token ? await auth.authenticate(token) : null;
      if (!session) {
        return reply.status(401).send({
          ...errorBody('UNAUTHORIZED', token ? 'Your session has ended. Please sign in again.' : 'Please sign in.'),
          authenticated: false,
        });
      }
      if (impersonatedWrite(request, session)) await auth.refuseImpersonatedWrite(session, routeName(request));
      request.session = session;
    },
    async optional(request: FastifyRequest) {
      const token = bearerToken(request);
      const session = token ? await auth.authenticate(token) : null;
      if (session && impersonatedWrite(request, session)) {
        await auth.refuseImpersonatedWrite(session, routeName(request));
      }
      request.session = session;
    },
    async admin(request: FastifyRequest) {
      if (!request.session?.user.isAdmin) throw new ApiError(403, 'FORBIDDEN', 'This needs an administrator account.');
    },
  });
}

/**
 * A hook for the routes of a user's private notes (the journal), added with `addHook('preValidation', ...)` after
 * the session hooks ran: an administrator's session as the user answers 403 `IMPERSONATION_PRIVATE`, audited,
 * whatever the method.
 */
export function privateToOwner(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const session = request.session;
    if (session?.claims.imp !== undefined) await auth.refuseImpersonatedPrivateRead(session, routeName(request));
  };
}

const routeName = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** The session a `required` hook has put on the request. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in.');
  return request.session;
}
