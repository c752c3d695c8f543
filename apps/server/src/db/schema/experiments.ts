import { bigint, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';

/**
 * An A/B test: its variants with their weights (a subject's variant is a hash of the experiment's key and the user or
 * anonymous id, so it never changes), and whether it is running.
 */
export const experiments = pgTable('experiments', {
  id: serialId(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  variants: jsonb('variants').$type<{ key: string; weight: number }[]>().notNull(),
  status: text('status', { enum: ['running', 'stopped'] })
    .notNull()
    .default('running'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});

/** The columns of a subject seen in an experiment's variant: exposures and conversions both hold them. */
const subjectInVariant = () => ({
  id: serialId(),
  experimentId: bigint('experiment_id', { mode: 'number' })
    .notNull()
    .references(() => experiments.id, { onDelete: 'cascade' }),
  subject: text('subject').notNull(),
  variant: text('variant').notNull(),
  createdAt: createdAt(),
});

/** A subject's first exposure to an experiment, with the variant it was given (`user:{id}` or `anon:{id}`). */
export const experimentExposures = pgTable('experiment_exposures', subjectInVariant(), (t) => [
  uniqueIndex('experiment_exposures_subject').on(t.experimentId, t.subject),
]);

/** An exposed subject's conversion, once per experiment and subject, in the variant it was exposed to. */
export const experimentConversions = pgTable('experiment_conversions', subjectInVariant(), (t) => [
  uniqueIndex('experiment_conversions_subject').on(t.experimentId, t.subject),
]);
