import { errorBodySchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendLinkPage } from '../../lib/html-pages.ts';
import { acceptOneClickForms } from '../../lib/one-click-forms.ts';
import { unsubscribePage } from '../mail/copy/footer.ts';
import type { MailingService } from './service.ts';

const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The links of the mailing-list emails, which work without signing in: the confirmation of double opt-in, and the
 * one-click unsubscribe of RFC 8058 (a POST with `List-Unsubscribe=One-Click`, which mail clients send; a GET shows
 * a button that sends it, so a link scanner that follows links unsubscribes nobody).
 */
export const mailingRoutes: FastifyPluginAsyncZod<{ mailing: MailingService }> = async (app, { mailing }) => {
  acceptOneClickForms(app);

  app.get(
    '/subscriptions/confirm',
    {
      schema: {
        summary: 'Confirm a mailing-list address (the link of the confirmation email)',
        tags: ['mailing list'],
        querystring: tokenQuerySchema,
        response: { 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { lang, interest } = await mailing.confirm(request.query.token);
      const prefix = lang === 'ru' ? '' : `/${lang}`;
      // A language list is confirmed from the account's email preferences; the other lists from their landing.
      const page = interest.startsWith('list-') ? '/account/email-preferences' : '/13secrets';
      return reply.redirect(`${prefix}${page}?confirmed=1`, 302);
    },
  );

  app.get(
    '/subscriptions/unsubscribe',
    {
      schema: {
        summary: 'The unsubscribe page of a mailing-list email: a button that unsubscribes in one click',
        tags: ['mailing list'],
        querystring: tokenQuerySchema,
      },
    },
    async (request, reply) =>
      sendLinkPage(reply, unsubscribePage(await mailing.languageOfUnsubscribe(request.query.token), 'list')),
  );

  app.post(
    '/subscriptions/unsubscribe',
    {
      bodyLimit: 2048,
      schema: {
        summary: 'One-click unsubscribe (RFC 8058): no sign-in, the token of the email names the address',
        tags: ['mailing list'],
        querystring: tokenQuerySchema,
        response: { 200: z.object({ success: z.literal(true) }), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      await mailing.unsubscribe(request.query.token);
      if (request.headers.accept?.includes('text/html')) {
        // A person who pressed the button of the page above sees a page, not JSON.
        const html = unsubscribePage(await mailing.languageOfUnsubscribe(request.query.token), 'done');
        return reply.type('text/html; charset=utf-8').send(html as never);
      }
      return { success: true as const };
    },
  );
};
