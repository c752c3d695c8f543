// The comment limits and the text rule, free of schemas so that a client may import them without the validation
// library.

/** Comment limits of spec 001 sections 5 and 9. */
export const COMMENT_MIN_LENGTH = 10;
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_MAX_PAGE_SIZE = 50;
/** A top-level comment has depth 0; a reply is one deeper than its parent and at most this deep. */
export const COMMENT_MAX_DEPTH = 3;
/** How many top-level comments a guest reads in full; the rest is not sent to them. */
export const GUEST_VISIBLE_COMMENTS = 3;
/** Posting limits per user, counted in the database so they hold across server processes. */
export const COMMENT_RATE_LIMITS = [
  { windowSeconds: 60, max: 5 },
  { windowSeconds: 3600, max: 60 },
] as const;

/**
 * The cycles a comment can belong to, with the range of their value. Each matrix page comments on one of them
 * (docs/decisions/014-comments.md): the kin of a day, a seal, a tone, a day of the 13-day process, a moon (its
 * sub value is the Gregorian year its 13-moon year starts in), a wavespell, a radial plasma, a 13-moon year (by
 * the Gregorian year of its 26 July) and the oracle cross of a kin.
 */
export const COMMENT_CYCLES = {
  kin: { min: 1, max: 260 },
  seal: { min: 1, max: 20 },
  tone: { min: 1, max: 13 },
  '13days': { min: 1, max: 13 },
  moon: { min: 1, max: 13 },
  wavespell: { min: 1, max: 20 },
  plasma: { min: 1, max: 7 },
  year: { min: 1000, max: 9998 },
  oracle: { min: 1, max: 260 },
} as const;
export type CommentCycleType = keyof typeof COMMENT_CYCLES;
export const COMMENT_CYCLE_TYPES = Object.keys(COMMENT_CYCLES) as [CommentCycleType, ...CommentCycleType[]];
/** The sub value narrows a cycle to one occurrence (0: none); a Gregorian year at most. */
export const COMMENT_SUB_VALUE_MAX = 9999;

/** Why a comment text is refused, in the order the form checks (spec 001 section 5). */
export type CommentTextProblem = 'COMMENT_EMPTY' | 'COMMENT_TOO_SHORT' | 'COMMENT_TOO_LONG';

/** The one rule of comment text, used by the form and by the server: trimmed, 10 to 1000 characters. */
export function commentTextProblem(text: string): CommentTextProblem | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'COMMENT_EMPTY';
  if (trimmed.length < COMMENT_MIN_LENGTH) return 'COMMENT_TOO_SHORT';
  if (trimmed.length > COMMENT_MAX_LENGTH) return 'COMMENT_TOO_LONG';
  return null;
}

/** Why a reader reports a comment to the moderators. */
export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'personal_data', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
/** The longest note a reader may add to a report. */
export const COMMENT_REPORT_NOTE_MAX = 500;
