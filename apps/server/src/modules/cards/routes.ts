import {
  cardDeletedReplySchema,
  cardListReplySchema,
  cardParamsSchema,
  cardReplySchema,
  createCardBodySchema,
  migrateCardsBodySchema,
  migrateCardsReplySchema,
  primaryCardReplySchema,
  profileListReplySchema,
  updateCardBodySchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { CardService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const security = [{ bearer: [] }];
const deleted = { success: true as const, status: 'success' as const, message: 'Card deleted' };

/**
 * Two families over one store of cards (spec 001 section 7): /cards and /calculation-profiles. Every call needs a
 * signed-in user; a card that is not the caller's answers 404 as if it did not exist.
 */
export const cardRoutes: FastifyPluginAsyncZod<{ auth: AuthService; cards: CardService }> = async (
  app,
  { auth, cards },
) => {
  const { required } = sessionHooks(auth);
  const user = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;

  for (const [base, tag] of [
    ['/cards', 'cards'],
    ['/calculation-profiles', 'calculation-profiles'],
  ] as const) {
    const tags = [tag];

    app.post(
      base,
      {
        schema: {
          summary: 'Save a new card (refused with CARD_LIMIT_REACHED at the plan’s limit)',
          tags,
          security,
          body: createCardBodySchema,
          response: { 201: cardReplySchema, ...errors },
        },
        preHandler: required,
      },
      async (request, reply) => {
        const card = await cards.create(user(request), request.body);
        return reply.status(201).send({ success: true as const, data: { card } });
      },
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          summary: 'Change the given fields of one of the user’s cards',
          tags,
          security,
          params: cardParamsSchema,
          body: updateCardBodySchema,
          response: { 200: cardReplySchema, ...errors },
        },
        preHandler: required,
      },
      async (request) => ({
        success: true as const,
        data: { card: await cards.update(user(request), request.params.id, request.body) },
      }),
    );

    app.delete(
      `${base}/:id`,
      {
        schema: {
          summary: 'Delete one of the user’s cards',
          tags,
          security,
          params: cardParamsSchema,
          response: { 200: cardDeletedReplySchema, ...errors },
        },
        preHandler: required,
      },
      async (request) => {
        await cards.remove(user(request), request.params.id);
        return deleted;
      },
    );
  }

  app.get(
    '/cards',
    {
      schema: {
        summary: 'The user’s cards, the primary one first, with the plan’s limit',
        tags: ['cards'],
        security,
        response: { 200: cardListReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => {
      const { cards: list, limits } = await cards.list(user(request));
      return { success: true as const, data: list, limits };
    },
  );

  app.get(
    '/cards/:id',
    {
      schema: {
        summary: 'One card of the user (an administrator may read any card)',
        tags: ['cards'],
        security,
        params: cardParamsSchema,
        response: { 200: cardReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => ({ success: true as const, data: { card: await cards.get(user(request), request.params.id) } }),
  );

  app.post(
    '/cards/migrate',
    {
      schema: {
        summary: 'Bring a guest’s cards to the account after sign-in, all in one transaction',
        tags: ['cards'],
        security,
        body: migrateCardsBodySchema,
        response: { 200: migrateCardsReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => ({ success: true as const, data: await cards.migrate(user(request), request.body) }),
  );

  app.get(
    '/calculation-profiles',
    {
      schema: {
        summary: 'The user’s cards as calculation profiles, with the plan’s limit',
        tags: ['calculation-profiles'],
        security,
        response: { 200: profileListReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => ({ success: true as const, data: await cards.list(user(request)) }),
  );

  app.get(
    '/calculation-profiles/primary',
    {
      schema: {
        summary: 'The user’s primary card, or null',
        tags: ['calculation-profiles'],
        security,
        response: { 200: primaryCardReplySchema, ...errors },
      },
      preHandler: required,
    },
    async (request) => ({ success: true as const, data: { card: await cards.primary(user(request)) } }),
  );
};
