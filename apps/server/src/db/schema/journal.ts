import { date, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidId } from './columns.ts';
import { ownerId } from './users.ts';

/**
 * A private kin journal: one entry per user and day, with the day's kin, seal, tone, wavespell and moon (null on the
 * days out of the moons) kept beside it so the filters read an index, not the calendar.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuidId(),
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    kin: smallint('kin').notNull(),
    seal: smallint('seal').notNull(),
    tone: smallint('tone').notNull(),
    wavespell: smallint('wavespell').notNull(),
    moon: smallint('moon'),
    text: text('text').notNull(),
    mood: smallint('mood'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_user_day').on(t.userId, t.day),
    index('journal_entries_user_seal').on(t.userId, t.seal),
    index('journal_entries_user_tone').on(t.userId, t.tone),
  ],
);
