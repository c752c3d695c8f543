import {
  gameActivityQuerySchema,
  gameActivityReplySchema,
  gameGoalBodySchema,
  gameGoalReplySchema,
  gameLeaderboardReplySchema,
  gameMeReplySchema,
  gamePracticeBodySchema,
  gamePracticeReplySchema,
  gameProfileBodySchema,
  gameProfileReplySchema,
  gameStatsReplySchema,
  gameTodayReplySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { GameService } from './service.ts';

const errors = errorResponses(400, 401, 403, 409, 429);
const tags = ['game'];
const security = [{ bearer: [] }];

/** The game's calls. The session is read before the body is parsed, so a guest learns nothing from validation. */
export const gameRoutes: FastifyPluginAsyncZod<{ auth: AuthService; game: GameService; now: () => Date }> = async (
  app,
  { auth, game, now },
) => {
  const { required } = sessionHooks(auth);
  const writes = createRateLimiter({ limit: 30, windowMs: 60_000, now: () => now().getTime() });
  const user = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;
  const limited = (request: Parameters<typeof sessionOf>[0]) => limitOrThrow(writes, user(request).id);

  app.get(
    '/game/me',
    {
      schema: {
        summary: 'The player’s profile, goal and streak',
        tags,
        security,
        response: { 200: gameMeReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await game.me(user(request)) }),
  );

  app.put(
    '/game/profile',
    {
      schema: {
        summary: 'Set the player’s public alias, time zone and leaderboard choice',
        tags,
        security,
        body: gameProfileBodySchema,
        response: { 200: gameProfileReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => {
      limited(request);
      return { success: true as const, data: await game.saveProfile(user(request), request.body) };
    },
  );

  app.post(
    '/game/goal',
    {
      schema: {
        summary: 'Start a goal along a calendar cycle, from today to the cycle’s last day',
        tags,
        security,
        body: gameGoalBodySchema,
        response: { 201: gameGoalReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request, reply) => {
      limited(request);
      return reply
        .status(201)
        .send({ success: true as const, data: await game.startGoal(user(request), request.body.cycle) });
    },
  );

  app.get(
    '/game/today',
    {
      schema: {
        summary: 'Today’s kin as a mirror of the player’s own, and today’s practice if written',
        tags,
        security,
        response: { 200: gameTodayReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await game.today(user(request)) }),
  );

  app.post(
    '/game/practice',
    {
      schema: {
        summary: 'Write today’s practice (one a local day) and move the streak',
        tags,
        security,
        body: gamePracticeBodySchema,
        response: { 201: gamePracticeReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request, reply) => {
      limited(request);
      return reply.status(201).send({ success: true as const, data: await game.practise(user(request), request.body) });
    },
  );

  app.get(
    '/game/stats',
    {
      schema: {
        summary: 'The player’s streaks and what they practised',
        tags,
        security,
        response: { 200: gameStatsReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await game.stats(user(request)) }),
  );

  app.get(
    '/game/activity',
    {
      schema: {
        summary: 'The player’s own practices, newest first, 30 a page',
        tags,
        security,
        querystring: gameActivityQuerySchema,
        response: { 200: gameActivityReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await game.activity(user(request), request.query.before) }),
  );

  app.get(
    '/game/leaderboard',
    {
      schema: {
        summary: 'This week’s board of the player’s cohort, by alias; only for players who opted in',
        tags,
        security,
        response: { 200: gameLeaderboardReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await game.leaderboard(user(request)) }),
  );
};
