import { timingSafeEqual } from 'node:crypto';
import {
  telegramBotReplySchema,
  telegramLinksReplySchema,
  telegramLinkTokenReplySchema,
  telegramLoginBodySchema,
  telegramLoginReplySchema,
  telegramStatsReplySchema,
  telegramUnlinkBodySchema,
} from '@hunab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, errorBody, errorResponses } from '../../lib/errors.ts';
import { jsonWithin } from '../../lib/json-limits.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { toUserDto } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { ReminderService } from '../reminders/service.ts';
import type { TelegramService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['telegram'];
/** Telegram's updates are small; a message is at most 4096 characters. */
const UPDATE_BODY_LIMIT = 64 * 1024;
const UPDATE_DEPTH_LIMIT = 12;

const sameSecret = (given: unknown, expected: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The bot's webhook, the account's "Connect Telegram" and its sign-in links, and the admin's figures. The webhook
 * answers 200 as soon as the update is in the inbox; the bot handles it after, in this or another process.
 */
export const telegramRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  telegram: TelegramService;
  reminders: Pick<ReminderService, 'telegramSubscribers'>;
  webhookSecret: string | undefined;
  kick: () => void;
}> = async (app, { auth, telegram, reminders, webhookSecret, kick }) => {
  const session = sessionHooks(auth);
  const admin = [session.required, session.admin];
  const writes = createRateLimiter({ limit: 10, windowMs: 60_000 });
  const logins = createRateLimiter({ limit: 20, windowMs: 60_000 });

  /** Before the body is read: only Telegram, which sends the secret token setWebhook was given, gets further. */
  const fromTelegram = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!telegram.enabled || !webhookSecret) {
      return reply.status(401).send(errorBody('UNAUTHORIZED', 'The Telegram webhook is not open on this server.'));
    }
    if (!sameSecret(request.headers['x-telegram-bot-api-secret-token'], webhookSecret)) {
      request.log.warn({ ip: request.ip }, 'a Telegram webhook call without the right secret token');
      return reply.status(401).send(errorBody('UNAUTHORIZED', 'The secret token is missing or wrong.'));
    }
  };

  app.post(
    '/telegram/webhook',
    {
      bodyLimit: UPDATE_BODY_LIMIT,
      onRequest: fromTelegram,
      schema: {
        summary: 'Telegram’s updates for the bot (X-Telegram-Bot-Api-Secret-Token required); kept once per update_id',
        tags,
        body: z.looseObject({ update_id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      if (!jsonWithin(request.body, UPDATE_DEPTH_LIMIT)) {
        throw new ApiError(400, 'VALIDATION_ERROR', 'The update nests too deeply.');
      }
      if (await telegram.receive(request.body)) kick();
      return { success: true as const };
    },
  );

  app.get(
    '/telegram/bot',
    {
      schema: {
        summary: 'Whether the Telegram bot is on, and its @username',
        tags,
        response: { 200: telegramBotReplySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, enabled: telegram.enabled, username: await telegram.username() };
    },
  );

  app.get(
    '/telegram/links',
    {
      schema: {
        summary: 'The Telegram chats linked to the signed-in account',
        tags,
        response: { 200: telegramLinksReplySchema, ...errors },
      },
      preValidation: session.required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      const chats = await telegram.chatsOf(user.id);
      return {
        success: true as const,
        enabled: telegram.enabled,
        username: await telegram.username(),
        chats: chats.map((chat) => ({
          chat_id: String(chat.chatId),
          linked_at: chat.linkedAt?.toISOString() ?? null,
          active: chat.active,
        })),
      };
    },
  );

  app.post(
    '/telegram/link-token',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'A one-time t.me link (15 minutes) that connects a Telegram chat to the signed-in account',
        tags,
        response: { 200: telegramLinkTokenReplySchema, ...errors },
      },
      preValidation: session.required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      limitOrThrow(writes, user.id);
      const { url, expiresAt } = await telegram.linkUrl(user.id);
      return { success: true as const, url, expires_at: expiresAt.toISOString() };
    },
  );

  app.post(
    '/telegram/unlink',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Disconnect a Telegram chat from the signed-in account',
        tags,
        body: telegramUnlinkBodySchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
      preValidation: session.required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      limitOrThrow(writes, user.id);
      if (!(await telegram.unlink(user.id, Number(request.body.chat_id)))) {
        throw new ApiError(404, 'TELEGRAM_CHAT_NOT_FOUND', 'No such chat is linked to this account.');
      }
      return { success: true as const };
    },
  );

  app.post(
    '/telegram/login',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Sign in with the bot’s one-time link (subscribe button): a session and the page to open',
        tags,
        body: telegramLoginBodySchema,
        response: { 200: telegramLoginReplySchema, ...errors },
      },
    },
    async (request) => {
      limitOrThrow(logins, request.ip);
      const used = await telegram.useLoginToken(request.body.token);
      const signedIn = used ? await auth.sessionFor(used.userId) : null;
      if (!used || !signedIn) {
        throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid or has expired. Ask the bot for a new one.');
      }
      return {
        success: true as const,
        token: signedIn.token,
        user: toUserDto(signedIn.user),
        next: used.next ?? '/',
      };
    },
  );

  app.get(
    '/admin/telegram/stats',
    {
      schema: {
        summary: 'The bot’s figures: linked chats, daily-message subscribers, messages sent and failed per day',
        tags: ['admin'],
        response: { 200: telegramStatsReplySchema, ...errors },
      },
      preValidation: admin,
    },
    async () => ({ success: true as const, data: await telegram.stats(await reminders.telegramSubscribers()) }),
  );
};
