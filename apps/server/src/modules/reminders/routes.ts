import { isLanguage } from '@hunab/calendar';
import {
  pushKeyReplySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  reminderSettingsReplySchema,
  reminderSettingsSchema,
  unsubscribeParamsSchema,
} from '@hunab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import { sendLinkPage } from '../../lib/html-pages.ts';
import { acceptOneClickForms } from '../../lib/one-click-forms.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import { unsubscribePage } from '../mail/copy/footer.ts';
import type { PushService } from './push.ts';
import type { ReminderService } from './service.ts';

const errors = errorResponses(400, 401, 404, 429);
const tags = ['reminders'];
const security = [{ bearer: [] }];

/**
 * Reminder settings of the signed-in user, and the one-click unsubscribe of RFC 8058: the link of every reminder
 * email is `/api/reminders/unsubscribe/{token}`; a POST to it (the mail client's List-Unsubscribe-Post, or the
 * button of the page a GET shows) turns the emails off without signing in. A GET never changes anything, since mail
 * scanners open links.
 */
export const reminderRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  reminders: ReminderService;
  push: PushService;
}> = async (app, { auth, reminders, push }) => {
  const { required } = sessionHooks(auth);
  const writes = createRateLimiter({ limit: 30, windowMs: 60_000 });
  const unsubscribes = createRateLimiter({ limit: 30, windowMs: 60_000 });

  acceptOneClickForms(app);

  app.get(
    '/reminders',
    {
      schema: {
        summary: 'The user’s reminder settings and how many devices receive push reminders',
        tags,
        security,
        response: { 200: reminderSettingsReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => ({ success: true as const, data: await reminders.settings(sessionOf(request).user.id) }),
  );

  app.put(
    '/reminders',
    {
      schema: {
        summary: 'Choose the reminders: email and/or push, the daily kin and/or galactic returns, local time and zone',
        tags,
        security,
        body: reminderSettingsSchema,
        response: { 200: reminderSettingsReplySchema, ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      limitOrThrow(writes, user.id);
      return {
        success: true as const,
        data: await reminders.save(user.id, request.body, isLanguage(user.lang) ? user.lang : 'ru'),
      };
    },
  );

  app.get(
    '/reminders/push-key',
    {
      schema: {
        summary: 'The VAPID public key a browser subscribes to push with (applicationServerKey)',
        tags,
        response: { 200: pushKeyReplySchema },
      },
    },
    async () => ({ success: true as const, publicKey: push.publicKey }),
  );

  app.post(
    '/reminders/push-subscriptions',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Keep this device’s push subscription for the reminders',
        tags,
        security,
        body: pushSubscriptionBodySchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      limitOrThrow(writes, user.id);
      await push.subscribe(user.id, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/reminders/push-subscriptions/remove',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Forget this device’s push subscription',
        tags,
        security,
        body: pushUnsubscribeBodySchema,
        response: { 200: z.object({ success: z.literal(true), removed: z.boolean() }), ...errors },
      },
      preValidation: required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      limitOrThrow(writes, user.id);
      return { success: true as const, removed: await push.unsubscribe(user.id, request.body.endpoint) };
    },
  );

  app.get(
    '/reminders/unsubscribe/:token',
    {
      schema: {
        summary: 'A page with the button that stops the reminder emails (changes nothing by itself)',
        tags,
        params: unsubscribeParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      sendLinkPage(reply, unsubscribePage(await reminders.languageOfToken(request.params.token), 'reminders')),
  );

  app.post(
    '/reminders/unsubscribe/:token',
    {
      bodyLimit: 2048,
      schema: {
        summary: 'One-click unsubscribe (RFC 8058): turns the reminder emails off, no sign-in needed',
        tags,
        params: unsubscribeParamsSchema,
        response: { 200: z.union([z.string(), z.object({ success: z.literal(true) })]), ...errors },
      },
    },
    async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      limitOrThrow(unsubscribes, request.ip);
      if (!(await reminders.unsubscribe(request.params.token))) {
        throw new ApiError(400, 'INVALID_TOKEN', 'This unsubscribe link is not valid.');
      }
      if (request.headers.accept?.includes('text/html')) {
        return reply
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(await reminders.languageOfToken(request.params.token), 'done'));
      }
      return { success: true as const };
    },
  );
};
