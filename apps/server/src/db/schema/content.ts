import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { ownerId } from './users.ts';

/** Readings of seals, tones, moons, radial plasmas and castles, per language; seeded from content/, editable later. */
export const contentItems = pgTable(
  'content_items',
  {
    id: serialId(),
    kind: text('kind', { enum: ['seal', 'tone', 'moon', 'plasma', 'castle'] }).notNull(),
    number: integer('number').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    /** Set when an editor changes the row; the seed never overwrites an edited row. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_items_kind_number_lang').on(t.kind, t.number, t.lang)],
);

/** The items of the 13-day process per tone day: an assignment, questions and polls. */
export const processItems = pgTable(
  'process_items',
  {
    id: serialId(),
    /** 13days_{tone}_{name}: the same id in every language. */
    contentId: text('content_id').notNull(),
    cycleType: text('cycle_type').notNull().default('13days'),
    tone: integer('tone').notNull(),
    lang: text('lang').notNull(),
    typeApp: text('type_app', { enum: ['question', 'poll', 'other'] }).notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<string[]>(),
    position: integer('position').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('process_items_content_lang').on(t.contentId, t.lang),
    index('process_items_tone').on(t.cycleType, t.tone, t.lang),
  ],
);

/** A user's answers to process questions and polls: one per question, the latest kept. */
export const contentResponses = pgTable(
  'content_responses',
  {
    id: serialId(),
    userId: ownerId(),
    questionId: text('question_id').notNull(),
    cycleType: text('cycle_type').notNull(),
    cycleValue: integer('cycle_value').notNull(),
    lang: text('lang').notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_responses_user_question').on(t.userId, t.questionId)],
);
