import { LANGUAGES } from '@hunab/calendar';
import {
  createReferralLinkBodySchema,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  referralLinkResponseSchema,
  referralSlugParamsSchema,
  referralSummarySchema,
} from '@hunab/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import { createRateLimiter, rateLimited } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { ReferralService } from './service.ts';

const errors = errorResponses(400, 401, 404, 409, 429);
const tags = ['referrals'];

export const referralRoutes: FastifyPluginAsyncZod<{ auth: AuthService; referrals: ReferralService }> = async (
  app,
  { auth, referrals },
) => {
  const session = sessionHooks(auth);
  const creations = createRateLimiter({ limit: 20, windowMs: 60 * 60_000 });

  app.get(
    '/referrals',
    {
      schema: {
        summary: "The signed-in user's referral links with their clicks, sign-ups and purchases, and their rewards",
        tags,
        response: { 200: referralSummarySchema, ...errors },
      },
      onRequest: session.required,
    },
    async (request) => referrals.summary(sessionOf(request).user.id),
  );

  app.post(
    '/referrals/links',
    {
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'A new referral link for a place the user shares it (one per source)',
        tags,
        body: createReferralLinkBodySchema,
        response: { 200: referralLinkResponseSchema, ...errors },
      },
      onRequest: session.required,
    },
    async (request) => {
      const user = sessionOf(request).user;
      const wait = creations.hit(user.id);
      if (wait > 0) throw rateLimited(wait, `Too many new links. Try again in ${wait} s.`);
      return { success: true as const, link: await referrals.createLink(user.id, request.body) };
    },
  );
};

/**
 * /r/{slug} and /{lang}/r/{slug}: the click is recorded, the attribution cookie set for 90 days and the visitor sent
 * on to the page the link names. An unknown slug goes to the welcome page. Outside /api: these are shared addresses.
 */
export function registerReferralLanding(app: FastifyInstance, referrals: ReferralService, secure: boolean) {
  const clicks = createRateLimiter({ limit: 60, windowMs: 60_000 });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = referralSlugParamsSchema.safeParse(request.params);
    const asked = (request.params as { lang?: string }).lang;
    const lang = asked && (LANGUAGES as readonly string[]).includes(asked) && asked !== 'ru' ? asked : null;
    const welcome = lang ? `/${lang}/welcome` : '/welcome';
    if (!params.success || clicks.hit(request.ip) > 0) return reply.redirect(welcome, 302);
    const landed = await referrals.recordClick(
      params.data.slug,
      request.query as Record<string, unknown>,
      request.headers.referer,
    );
    if (!landed) return reply.redirect(welcome, 302);
    const cookie = [
      `${REFERRAL_COOKIE}=${landed.cookie}`,
      'Path=/',
      `Max-Age=${REFERRAL_COOKIE_DAYS * 86_400}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
    return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(landed.location, 302);
  };
  const schema = {
    summary: 'A referral link: records the click, sets the attribution cookie and redirects to the page it names',
    tags: ['referrals'],
  };
  app.get('/r/:slug', { schema }, handler);
  app.get('/:lang/r/:slug', { schema }, handler);
}
