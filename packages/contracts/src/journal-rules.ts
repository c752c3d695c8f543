import type { PlanTier } from './plans.ts';

/** A free account keeps this many journal entries; a subscriber (any paid plan) keeps as many as they write. */
export const JOURNAL_FREE_LIMIT = 30;
export const JOURNAL_TEXT_MAX = 5000;
export const JOURNAL_TAG_MAX = 32;
export const JOURNAL_TAGS_MAX = 10;
export const JOURNAL_SEARCH_MAX = 100;
export const JOURNAL_PAGE_SIZE = 30;
export const JOURNAL_MAX_PAGE_SIZE = 100;
/** Moods from 1 (heavy) to 5 (radiant). */
export const JOURNAL_MOODS = [1, 2, 3, 4, 5] as const;
export type JournalMood = (typeof JOURNAL_MOODS)[number];
export const JOURNAL_EXPORT_FORMATS = ['md', 'csv'] as const;
export type JournalExportFormat = (typeof JOURNAL_EXPORT_FORMATS)[number];

export interface JournalLimits {
  plan: PlanTier;
  /** null: no limit. */
  limit: number | null;
  count: number;
  canAdd: boolean;
}

/** A new entry may be written below the free limit, or at any count on a paid plan. */
export function journalLimitsOf(plan: PlanTier, count: number, subscriber: boolean): JournalLimits {
  const limit = subscriber ? null : JOURNAL_FREE_LIMIT;
  return { plan, limit, count, canAdd: limit === null || count < limit };
}

/**
 * A tag as kept: trimmed, a leading # dropped, inner runs of space made one, lower case; empty when nothing is
 * left. Commas and line breaks separate tags, so they never appear inside one.
 */
export function normalizeTag(value: string): string {
  return value
    .replace(/^[\s#]+/, '')
    .replace(/[\s,;]+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, JOURNAL_TAG_MAX);
}
