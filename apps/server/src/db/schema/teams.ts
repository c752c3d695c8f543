import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidId } from './columns.ts';
import { users } from './users.ts';

/** A team: its owner manages it, its members read it. */
export const teams = pgTable(
  'teams',
  {
    id: uuidId(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

/** A person on a team: an account that joined, or a card the owner added (no account). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuidId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('team_members_team_idx').on(t.teamId), uniqueIndex('team_members_one_per_user').on(t.teamId, t.userId)],
);

/** An invitation link to a team; only the token's hash is kept. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuidId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invites_token_unique').on(t.tokenHash),
    index('team_invites_creator_idx').on(t.createdBy, t.createdAt),
  ],
);
