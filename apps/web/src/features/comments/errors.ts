import { type CommentTextProblem, commentTextProblem } from '@hunab/contracts';
import { ApiRequestError } from '../../lib/api.ts';

/** The action that failed; each has its own fallback wording (spec 001 section 8). */
export type CommentAction = 'create' | 'update' | 'delete' | 'like' | 'dislike';

/** A message of the comments namespace with its values. */
export interface CommentMessage {
  key: string;
  values?: Record<string, string | number>;
}

const PROBLEM_KEYS: Record<CommentTextProblem, string> = {
  COMMENT_EMPTY: 'validation.empty',
  COMMENT_TOO_SHORT: 'validation.tooShort',
  COMMENT_TOO_LONG: 'validation.tooLong',
};

/** The form's own check of a text, before it is sent: null when it may go. */
export function textProblem(text: string): CommentMessage | null {
  const problem = commentTextProblem(text);
  return problem ? { key: PROBLEM_KEYS[problem] } : null;
}

const CODE_KEYS: Record<string, string> = {
  ...PROBLEM_KEYS,
  REPLY_TOO_DEEP: 'errors.replyTooDeep',
  COMMENT_DELETED: 'errors.deleted',
  COMMENT_NOT_FOUND: 'errors.notFound',
  OWN_COMMENT_VOTE: 'errors.ownVote',
  FORBIDDEN: 'errors.forbidden',
  UNAUTHORIZED: 'errors.signIn',
};

/** What to tell the reader about a failed call: the server's reason when the product knows it, else the action's words. */
export function failureMessage(error: unknown, action: CommentAction): CommentMessage {
  if (error instanceof ApiRequestError) {
    if (error.code === 'RATE_LIMITED') {
      const retryAfter = (error.body as { error?: { retryAfter?: unknown } } | null)?.error?.retryAfter;
      return { key: 'errors.rateLimited', values: { seconds: typeof retryAfter === 'number' ? retryAfter : 60 } };
    }
    const known = CODE_KEYS[error.code];
    if (known) return { key: known };
    if (error.isNetwork) return { key: 'errors.network' };
  }
  return { key: `errors.${action}` };
}
