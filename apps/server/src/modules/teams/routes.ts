import {
  addTeamMemberBodySchema,
  createTeamBodySchema,
  joinTeamBodySchema,
  renameTeamBodySchema,
  teamCompareBodySchema,
  teamCompareReplySchema,
  teamDeletedReplySchema,
  teamIdParamsSchema,
  teamInviteBodySchema,
  teamInviteParamsSchema,
  teamInvitePreviewReplySchema,
  teamInviteReplySchema,
  teamListReplySchema,
  teamMemberParamsSchema,
  teamReplySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { TeamService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['teams'];
const security = [{ bearer: [] }];

/** Teams. The session is read before the body is parsed; every call that stores is rate-limited per user. */
export const teamRoutes: FastifyPluginAsyncZod<{ auth: AuthService; teams: TeamService; now: () => Date }> = async (
  app,
  { auth, teams, now },
) => {
  const { required } = sessionHooks(auth);
  const writes = createRateLimiter({ limit: 60, windowMs: 60_000, now: () => now().getTime() });
  const user = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;
  const limited = (request: Parameters<typeof sessionOf>[0]) => limitOrThrow(writes, user(request).id);
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/teams',
    {
      schema: {
        summary: 'The teams the user owns or belongs to',
        tags,
        security,
        response: { 200: teamListReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ok(await teams.list(user(request))),
  );

  app.post(
    '/teams',
    {
      schema: {
        summary: 'Create a team; its owner joins it with their birth date',
        tags,
        security,
        body: createTeamBodySchema,
        response: { 201: teamReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request, reply) => {
      limited(request);
      return reply.status(201).send(ok(await teams.create(user(request), request.body.name)));
    },
  );

  app.get(
    '/teams/:id',
    {
      schema: {
        summary: 'The team map: members’ kins, their places and the relations between them (members only)',
        tags,
        security,
        params: teamIdParamsSchema,
        response: { 200: teamReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ok(await teams.get(user(request), request.params.id)),
  );

  app.put(
    '/teams/:id',
    {
      schema: {
        summary: 'Rename a team (the owner only)',
        tags,
        security,
        params: teamIdParamsSchema,
        body: renameTeamBodySchema,
        response: { 200: teamReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      limited(request);
      return ok(await teams.rename(user(request), request.params.id, request.body.name));
    },
  );

  app.delete(
    '/teams/:id',
    {
      schema: {
        summary: 'Delete a team (the owner only)',
        tags,
        security,
        params: teamIdParamsSchema,
        response: { 200: teamDeletedReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      limited(request);
      await teams.remove(user(request), request.params.id);
      return { success: true as const, message: 'Team deleted' };
    },
  );

  app.post(
    '/teams/:id/members',
    {
      schema: {
        summary: 'Add a person as a card: a name and a birth date (the owner only)',
        tags,
        security,
        params: teamIdParamsSchema,
        body: addTeamMemberBodySchema,
        response: { 201: teamReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request, reply) => {
      limited(request);
      return reply.status(201).send(ok(await teams.addMember(user(request), request.params.id, request.body)));
    },
  );

  app.delete(
    '/teams/:id/members/:memberId',
    {
      schema: {
        summary: 'Remove a member (the owner), or leave the team (the member themselves)',
        tags,
        security,
        params: teamMemberParamsSchema,
        response: { 200: teamReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      limited(request);
      return ok(await teams.removeMember(user(request), request.params.id, request.params.memberId));
    },
  );

  app.post(
    '/teams/:id/invites',
    {
      schema: {
        summary: 'An invitation link, also sent by email when an address is given (the owner only)',
        tags,
        security,
        params: teamIdParamsSchema,
        body: teamInviteBodySchema,
        response: { 201: teamInviteReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request, reply) => {
      limited(request);
      return reply.status(201).send(ok(await teams.invite(user(request), request.params.id, request.body)));
    },
  );

  app.post(
    '/teams/:id/compare',
    {
      schema: {
        summary: 'Compare a candidate’s birth date with the team; kept only when the owner asks to save',
        tags,
        security,
        params: teamIdParamsSchema,
        body: teamCompareBodySchema,
        response: { 200: teamCompareReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      limited(request);
      return ok(await teams.compare(user(request), request.params.id, request.body));
    },
  );

  app.get(
    '/team-invites/:token',
    {
      schema: {
        summary: 'What an invitation leads to: the team’s name and size',
        tags,
        security,
        params: teamInviteParamsSchema,
        response: { 200: teamInvitePreviewReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ok(await teams.invitePreview(user(request), request.params.token)),
  );

  app.post(
    '/team-invites/:token/accept',
    {
      schema: {
        summary: 'Join a team by its invitation, with a name and a birth date',
        tags,
        security,
        params: teamInviteParamsSchema,
        body: joinTeamBodySchema,
        response: { 200: teamReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      limited(request);
      return ok(await teams.join(user(request), request.params.token, request.body));
    },
  );
};
