import {
  errorBodySchema,
  interestCheckBodySchema,
  interestCheckResponseSchema,
  interestSubscribeBodySchema,
  interestSubscribeResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { referralCookie } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import { createSharedRateLimiter, sharedLimitOrThrow } from '../../lib/shared-rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { toUserDto } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import type { MailingService } from './service.ts';

const errors = errorResponses(400, 401, 404, 409);

/**
 * Interest in a mailing list: whether the signed-in owner of an address is on a list, and joining one (double
 * opt-in), optionally creating an account at the same time.
 */
export const mailingInterestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  now: () => Date;
  onSignUp?: (userId: string, referralCookie: string | undefined, ip: string) => Promise<unknown>;
  mailing: MailingService;
}> = async (app, { db, auth, now, onSignUp, mailing }) => {
  // Requests that may send mail are counted in the database, so the limits hold across processes.
  const subscribes = createSharedRateLimiter(db, { name: 'list-requests', limit: 10, windowMs: 60_000, now });
  const session = sessionHooks(auth);
  const mailingChecks = createRateLimiter({ limit: 30, windowMs: 60_000 });
  const mailingSignUps = createSharedRateLimiter(db, { name: 'list-sign-ups', limit: 10, windowMs: 3_600_000, now });

  app.post(
    '/subscriptions/check',
    {
      schema: {
        summary: "Whether the signed-in user's email is on the mailing list of an interest",
        description:
          'Only the signed-in owner of an address learns whether it is on the list; anyone else is answered ' +
          '"not subscribed" alike, so the list cannot be probed.',
        tags: ['mailing list'],
        body: interestCheckBodySchema,
        response: { 200: interestCheckResponseSchema, 429: errorBodySchema, ...errors },
      },
      preHandler: session.optional,
    },
    async (request) => {
      limitOrThrow(mailingChecks, request.ip);
      const { email, interest } = request.body;
      const owner = request.session?.user.email.toLowerCase() === email.toLowerCase();
      // Only the signed-in owner of an address learns whether it is on the list.
      const subscribed = owner && (await mailing.isSubscribed(email, interest));
      return {
        success: true as const,
        subscribed,
        message: subscribed ? 'This email is already subscribed' : 'This email is not subscribed yet',
      };
    },
  );

  app.post(
    '/subscriptions/subscribe',
    {
      schema: {
        summary: 'Join the mailing list of an interest; with register, also create an account and sign in',
        tags: ['mailing list'],
        body: interestSubscribeBodySchema,
        response: { 200: interestSubscribeResponseSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await sharedLimitOrThrow(subscribes, request.ip);
      const { email, interest, lang, register, password, birth_date, name } = request.body;
      if (!register) await sharedLimitOrThrow(mailingSignUps, request.ip);
      let token: string | null = null;
      let user: ReturnType<typeof toUserDto> | null = null;
      if (register && password && birth_date) {
        // Registration first: an address that already has an account is refused before anything is written.
        const created = await auth.register(
          {
            email,
            password,
            lang,
            interest,
            birth_date,
            name,
            registration_source: 'website',
          },
          request.ip,
        );
        token = created.token;
        user = toUserDto(created.user);
        await onSignUp?.(created.user.id, referralCookie(request), request.ip);
      }
      await mailing.subscribe(email, interest, lang ?? 'ru');
      // The same answer whether the address was on the list already or not: the list cannot be probed.
      return {
        success: true as const,
        subscribed: false,
        message: 'Almost there: confirm the subscription with the link we have emailed',
        token,
        user,
      };
    },
  );
};
