import {
  type Card,
  type CardLimits,
  type CreateCardBody,
  cardLimitsOf,
  DEFAULT_CARD_NAME,
  MIGRATED_CARD_NAME,
  type MigrateCardsBody,
  type UpdateCardBody,
} from '@hunab/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/repository.ts';
import { planOf } from './plan.ts';
import { type CardRow, cardRepository as repo } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toCardDto(row: CardRow): Card {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    birth_date: row.birthDate.toISOString(),
    description: row.description,
    is_primary: row.isPrimary,
    is_public: row.isPublic,
    is_birth_date: row.isBirthDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => new ApiError(404, 'CARD_NOT_FOUND', 'Card not found');

function limitReached(limits: CardLimits): ApiError {
  return new ApiError(
    403,
    'CARD_LIMIT_REACHED',
    `The ${limits.plan} plan keeps ${limits.limit} cards. Upgrade your plan to save more.`,
    { plan: limits.plan, limit: limits.limit, count: limits.count },
  );
}

/** Two cards are the same card when their names and birth instants match. */
const sameCardKey = (name: string, birthDate: Date | string) => `${name}\u0000${new Date(birthDate).toISOString()}`;

export type CardUser = Pick<UserRow, 'id' | 'isAdmin'>;

/**
 * The rules of saved cards: only the owner reads, changes or deletes a card (an administrator may read any); the
 * plan's limit holds under concurrent requests; a user has at most one primary card, and their first card and the
 * successor of a deleted primary card become primary on their own.
 */
export function createCardService({ db, now }: { db: Db; now: () => Date }) {
  async function limitsOf(handle: Db, user: CardUser): Promise<CardLimits> {
    return cardLimitsOf(await planOf(handle, user, now()), await repo.countOf(handle, user.id));
  }

  return {
    async list(user: CardUser): Promise<{ cards: Card[]; limits: CardLimits }> {
      const rows = await repo.listOf(db, user.id);
      const limits = cardLimitsOf(await planOf(db, user, now()), rows.length);
      return { cards: rows.map(toCardDto), limits };
    },

    async primary(user: CardUser): Promise<Card | null> {
      const row = await repo.primaryOf(db, user.id);
      return row ? toCardDto(row) : null;
    },

    async get(user: CardUser, id: string): Promise<Card> {
      if (!UUID.test(id)) throw notFound();
      const row = user.isAdmin ? await repo.find(db, id) : await repo.findOwn(db, user.id, id);
      if (!row) throw notFound();
      return toCardDto(row);
    },

    async create(user: CardUser, body: CreateCardBody): Promise<Card> {
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const limits = await limitsOf(tx, user);
        if (!limits.canAdd) throw limitReached(limits);
        const at = now();
        const isPrimary = body.is_primary === true || !(await repo.primaryOf(tx, user.id));
        if (isPrimary) await repo.clearPrimary(tx, user.id, null, at);
        const row = await repo.insert(tx, {
          userId: user.id,
          name: body.name || DEFAULT_CARD_NAME,
          birthDate: new Date(body.birth_date),
          description: body.description ?? null,
          isPrimary,
          isPublic: body.is_public ?? false,
          isBirthDate: body.is_birth_date ?? true,
          createdAt: at,
          updatedAt: at,
        });
        return toCardDto(row);
      });
    },

    async update(user: CardUser, id: string, body: UpdateCardBody): Promise<Card> {
      if (!UUID.test(id)) throw notFound();
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const card = await repo.findOwn(tx, user.id, id);
        if (!card) throw notFound();
        const changes: Partial<CardRow> = {};
        if (body.name !== undefined) changes.name = body.name || DEFAULT_CARD_NAME;
        if (body.birth_date !== undefined) changes.birthDate = new Date(body.birth_date);
        if (body.description !== undefined) changes.description = body.description;
        if (body.is_public !== undefined) changes.isPublic = body.is_public;
        if (body.is_birth_date !== undefined) changes.isBirthDate = body.is_birth_date;
        if (body.is_primary !== undefined) changes.isPrimary = body.is_primary;
        if (Object.keys(changes).length === 0) return toCardDto(card);
        const at = now();
        if (changes.isPrimary && !card.isPrimary) await repo.clearPrimary(tx, user.id, card.id, at);
        return toCardDto(await repo.update(tx, card.id, { ...changes, updatedAt: at }));
      });
    },

    async remove(user: CardUser, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound();
      await db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const deleted = await repo.delete(tx, user.id, id);
        if (!deleted) throw notFound();
        if (deleted.isPrimary) await repo.promoteOldest(tx, user.id, now());
      });
    },

    /**
     * A guest's cards come to the account in one transaction: all of them or, if anything fails, none. A card with
     * the name and birth date of one already there is skipped, as is a card over the plan's limit; a nameless card
     * is named 'Мой расчёт'. The guest's primary card stays primary only if the account has none yet.
     */
    async migrate(user: CardUser, body: MigrateCardsBody) {
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const existing = await repo.listOf(tx, user.id);
        const byKey = new Map(existing.map((row) => [sameCardKey(row.name, row.birthDate), row.id]));
        const plan = await planOf(tx, user, now());
        let count = existing.length;
        let hasPrimary = existing.some((row) => row.isPrimary);
        const imported: { localId: string; id: string }[] = [];
        const skipped: { localId: string; reason: 'duplicate' | 'limit'; id: string | null }[] = [];
        const at = now();
        for (const card of body.cards) {
          const name = card.name?.trim() || MIGRATED_CARD_NAME;
          const key = sameCardKey(name, card.birth_date);
          const duplicateOf = byKey.get(key);
          if (duplicateOf) {
            skipped.push({ localId: card.localId, reason: 'duplicate', id: duplicateOf });
            continue;
          }
          if (!cardLimitsOf(plan, count).canAdd) {
            skipped.push({ localId: card.localId, reason: 'limit', id: null });
            continue;
          }
          const isPrimary = !hasPrimary && card.is_primary === true;
          const row = await repo.insert(tx, {
            userId: user.id,
            name,
            birthDate: new Date(card.birth_date),
            description: card.description ?? null,
            isPrimary,
            isPublic: card.is_public ?? false,
            isBirthDate: card.is_birth_date ?? true,
            // A millisecond apart, so the list keeps the order the guest added them in.
            createdAt: new Date(at.getTime() + imported.length),
            updatedAt: at,
          });
          hasPrimary ||= isPrimary;
          byKey.set(key, row.id);
          imported.push({ localId: card.localId, id: row.id });
          count++;
        }
        if (!hasPrimary && count > 0) await repo.promoteOldest(tx, user.id, at);
        const cards = (await repo.listOf(tx, user.id)).map(toCardDto);
        return { cards, imported, skipped, limits: cardLimitsOf(plan, cards.length) };
      });
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
