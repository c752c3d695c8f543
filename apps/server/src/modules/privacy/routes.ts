import {
  accountTokenBodySchema,
  deleteAccountBodySchema,
  deleteAccountReplySchema,
  exportRequestReplySchema,
  exportTokenParamsSchema,
  privacyStatusReplySchema,
  restoreAccountReplySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createSharedRateLimiter, sharedLimitOrThrow } from '../../lib/shared-rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { PrivacyService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['account'];

/** The reader's copy of their data and the deletion of their account, under /api/account. */
export const privacyRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  privacy: PrivacyService;
  now: () => Date;
}> = async (app, { db, auth, privacy, now }) => {
  const { required } = sessionHooks(auth);
  // A password guessed through the deletion form counts like one guessed at sign-in, per account, across processes.
  const deletions = createSharedRateLimiter(db, { name: 'deletion-passwords', limit: 5, windowMs: 15 * 60_000, now });
  // The emailed links work without a session: their guessing is limited per address, across processes.
  const links = createSharedRateLimiter(db, { name: 'account-links', limit: 20, windowMs: 15 * 60_000, now });

  app.get(
    '/account/privacy',
    {
      schema: {
        summary: 'What the account page shows of the data rights: the last export, whether a password is set',
        tags,
        response: { 200: privacyStatusReplySchema, ...errors },
      },
      onRequest: required,
    },
    async (request) => ({ success: true as const, data: await privacy.status(sessionOf(request).user) }),
  );

  app.post(
    '/account/export',
    {
      schema: {
        summary:
          'Ask for a copy of all your data: a zip prepared in the background, its link sent by email (one a day)',
        tags,
        body: z.strictObject({}).optional(),
        response: { 200: exportRequestReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => ({ success: true as const, data: await privacy.requestExport(sessionOf(request).user.id) }),
  );

  // A POST: the download uses the link up, and a request that changes something is never a GET, so an
  // administrator's read-only session as the reader cannot take it (it answers 403 IMPERSONATION_READ_ONLY).
  app.post(
    '/account/export/:token',
    {
      schema: {
        summary: 'Download your data export (a zip): once, within 24 hours, signed in as its owner; audited',
        tags,
        params: exportTokenParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: z.any(), ...errors },
      },
      preHandler: required,
    },
    async (request, reply) => {
      const archive = await privacy.download(sessionOf(request).user.id, request.params.token);
      const day = now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="hunab-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  app.post(
    '/account/delete',
    {
      schema: {
        summary: 'Delete your account: closed at once, erased after the grace period unless restored from the letter',
        tags,
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => {
      const { user } = sessionOf(request);
      await sharedLimitOrThrow(deletions, user.id);
      return { success: true as const, data: await privacy.requestDeletion(user, request.body) };
    },
  );

  app.post(
    '/account/delete/confirm',
    {
      schema: {
        summary: 'Confirm a deletion with the letter’s link (accounts without a password)',
        tags,
        body: accountTokenBodySchema,
        response: { 200: deleteAccountReplySchema, ...errors },
      },
    },
    async (request) => {
      await sharedLimitOrThrow(links, request.ip);
      return { success: true as const, data: await privacy.confirmDeletion(request.body.token) };
    },
  );

  app.post(
    '/account/restore',
    {
      schema: {
        summary: 'Restore a deleted account within the grace period with the deletion letter’s token',
        tags,
        body: accountTokenBodySchema,
        response: { 200: restoreAccountReplySchema, ...errors },
      },
    },
    async (request) => {
      await sharedLimitOrThrow(links, request.ip);
      return { success: true as const, data: await privacy.restore(request.body.token) };
    },
  );
};
