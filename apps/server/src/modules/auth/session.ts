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

/** Hooks that read the session: `required` answers 401 for no or a bad token, `optional` lets guests through. */
export function sessionHooks(auth: AuthService) {
  return {
    async required(request: FastifyRequest, reply: FastifyReply) {
      const token = bearerToken(request);
      const session = token ? await auth.authenticate(token) : null;
      if (!session) {
        return reply.status(401).send({
          ...errorBody('UNAUTHORIZED', token ? 'Your session has ended. Please sign in again.' : 'Please sign in.'),
          authenticated: false,
        });
      }
      request.session = session;
    },
    async optional(request: FastifyRequest) {
      const token = bearerToken(request);
      request.session = token ? await auth.authenticate(token) : null;
    },
    async admin(request: FastifyRequest) {
      if (!request.session?.user.isAdmin) throw new ApiError(403, 'FORBIDDEN', 'This needs an administrator account.');
    },
  };
}

/** The session a `required` hook has put on the request. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in.');
  return request.session;
}
