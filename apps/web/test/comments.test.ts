import { parseDate } from '@hunab/calendar';
import type { CommentCycleType, CommentDto, CommentList } from '@hunab/contracts';
import { describe, expect, it } from 'vitest';
import { addComment, type CommentPages, replaceComment, withVotes } from '../src/features/comments/api.ts';
import { cycleName, cycleOfPage } from '../src/features/comments/cycle.ts';
import { failureMessage, textProblem } from '../src/features/comments/errors.ts';
import { relativeTime } from '../src/features/comments/time.ts';
import { ApiRequestError } from '../src/lib/api.ts';

// 21 December 2012: Kin 207 Blue Crystal Hand, seal 7, tone 12, wavespell 16, the 6th moon of the year 2012-13.
const date = parseDate('2012-12-21');
const page = (routePath: string, params: Record<string, string> = {}, birthDate: string | null = null) =>
  cycleOfPage({ routePath, params, date, birthDate });
const general = (cycleType: CommentCycleType, cycleValue: number, cycleSubValue = 0) => ({
  cycleType,
  cycleValue,
  cycleSubValue,
  isSum: false,
});

describe('the cycle of each matrix page', () => {
  it('comments on the kin of the selected day on the dashboard and the Tzolkin', () => {
    expect(page('/dash')).toEqual(general('kin', 207));
    expect(page('/tzolkin')).toEqual(general('kin', 207));
    expect(page('/dash/stats')).toEqual(general('kin', 207));
  });

  it('follows the number or date in the address where the page has one', () => {
    expect(page('/kin/:kinNumber?', { kinNumber: '42' })).toEqual(general('kin', 42));
    expect(page('/context/:date?', { date: '2012-12-22' })).toEqual(general('seal', 8));
    expect(page('/context/:date?')).toEqual(general('seal', 7));
    expect(page('/process/:toneId?', { toneId: '3' })).toEqual(general('13days', 3));
    expect(page('/process/:toneId?')).toEqual(general('13days', 12));
    expect(page('/trecena/:wavespellId?')).toEqual(general('wavespell', 16));
    expect(page('/trecena/:wavespellId?', { wavespellId: '2' })).toEqual(general('wavespell', 2));
    expect(page('/plasma/:plasmaId?', { plasmaId: '5' })).toEqual(general('plasma', 5));
    expect(page('/year/:yearId?', { yearId: '2020' })).toEqual(general('year', 2020));
    expect(page('/year/:yearId?')).toEqual(general('year', 2012));
  });

  it('comments on the moon of its year, and on the oracle of the day’s kin', () => {
    expect(page('/moon')).toEqual(general('moon', 6, 2012));
    expect(cycleOfPage({ routePath: '/moon', params: {}, date: parseDate('2013-07-25'), birthDate: null })).toEqual(
      general('moon', 13, 2012),
    );
    expect(page('/cross')).toEqual(general('oracle', 207));
  });

  it('comments on the birth kin as a personal cycle, and not at all without a birth date or with a bad number', () => {
    expect(page('/dash/cycles', {}, '1987-07-26')).toEqual({ ...general('kin', 34), isSum: true });
    expect(page('/dash/cycles')).toBeNull();
    expect(page('/kin/:kinNumber?', { kinNumber: '261' })).toBeNull();
    expect(page('/kin/:kinNumber?', { kinNumber: 'x' })).toBeNull();
    expect(page('/plasma/:plasmaId?', { plasmaId: '8' })).toBeNull();
    expect(page('/year/:yearId?', { yearId: '99' })).toEqual(general('year', 2012));
  });

  it('names the cycle in the reader’s language', () => {
    expect(cycleName(general('kin', 207), 'en')).toBe('Blue Crystal Hand');
    expect(cycleName(general('seal', 7), 'ru')).toMatch(/Рука/);
    expect(cycleName(general('moon', 6, 2012), 'en')).toMatch(/Moon · 2012–2013$/);
    expect(cycleName(general('year', 2012), 'en')).toBe('2012–2013');
  });
});

describe('relative time', () => {
  const now = new Date('2024-05-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says minutes under an hour, hours under a day, days under a week, then the date', () => {
    expect(relativeTime(ago(20_000), now, 'en', 'just now')).toBe('just now');
    expect(relativeTime(ago(-5_000), now, 'en', 'just now')).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), now, 'en', 'just now')).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * 60_000), now, 'en', 'just now')).toBe('59 minutes ago');
    expect(relativeTime(ago(60 * 60_000), now, 'en', 'just now')).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 3_600_000), now, 'ru', 'только что')).toBe('23 часа назад');
    expect(relativeTime(ago(24 * 3_600_000), now, 'en', 'just now')).toBe('1 day ago');
    expect(relativeTime(ago(6 * 86_400_000), now, 'en', 'just now')).toBe('6 days ago');
    expect(relativeTime(ago(7 * 86_400_000), now, 'en', 'just now')).toBe('May 3, 2024');
  });
});

const comment = (id: number, extra: Partial<CommentDto> = {}): CommentDto => ({
  id,
  user_id: 'u1',
  user: {
    id: 'u1',
    display_name: 'Mila',
    name: 'Mila',
    firstname: null,
    lastname: null,
    email: null,
    birth_date: null,
    is_admin: false,
    badge_type: null,
    badge_name: null,
  },
  content: `Comment number ${id}`,
  content_html: `Comment number ${id}`,
  created_at: '2024-05-10T12:00:00.000Z',
  updated_at: '2024-05-10T12:00:00.000Z',
  is_edited: false,
  is_deleted: false,
  likes_count: 0,
  dislikes_count: 0,
  reply_to_id: null,
  depth: 0,
  is_sum: false,
  cycleType: 'kin',
  cycleValue: 207,
  cycleSubValue: 0,
  lang: 'ru',
  user_vote: null,
  replies: [],
  ...extra,
});

const list = (comments: CommentDto[], extra: Partial<CommentList> = {}): CommentList => ({
  comments,
  votes: {},
  total: comments.length,
  totalWithReplies: comments.length,
  totalPages: 1,
  page: 1,
  hasMore: false,
  visibleCount: comments.length,
  ...extra,
});

describe('the loaded pages after a change', () => {
  const reply = comment(3, { reply_to_id: 2, depth: 1 });
  const pages: CommentPages = {
    pages: [list([comment(1)]), list([comment(2, { replies: [reply] })], { page: 2 })],
    pageParams: [1, 2],
  };

  it('puts a new thread on top of the first page and a reply under its parent', () => {
    const withThread = addComment(pages, comment(9));
    expect(withThread.pages[0]?.comments.map((c) => c.id)).toEqual([9, 1]);
    expect(withThread.pages[0]?.total).toBe(2);
    const withReply = addComment(pages, comment(10, { reply_to_id: 3, depth: 2 }));
    expect(withReply.pages[1]?.comments[0]?.replies[0]?.replies.map((c) => c.id)).toEqual([10]);
  });

  it('gives each comment of a list the reader’s own vote', () => {
    const marked = withVotes(
      list([comment(1, { replies: [comment(5, { reply_to_id: 1 })] }), comment(2)], {
        votes: { '5': 'dislike', '2': 'like' },
      }),
    );
    expect(marked.comments.map((c) => c.user_vote)).toEqual([null, 'like']);
    expect(marked.comments[0]?.replies[0]?.user_vote).toBe('dislike');
  });

  it('replaces a voted, edited or deleted comment where it sits, keeping its replies', () => {
    const voted = replaceComment(pages, comment(2, { likes_count: 4, user_vote: 'like' }));
    expect(voted.pages[1]?.comments[0]).toMatchObject({ likes_count: 4, user_vote: 'like' });
    expect(voted.pages[1]?.comments[0]?.replies).toEqual([reply]);
    const deleted = replaceComment(pages, comment(3, { reply_to_id: 2, is_deleted: true, content: '' }));
    expect(deleted.pages[1]?.comments[0]?.replies[0]?.is_deleted).toBe(true);
  });
});

describe('what the form says', () => {
  it('checks the text as the server does: trimmed, 10 to 1000 characters', () => {
    expect(textProblem('   ')?.key).toBe('validation.empty');
    expect(textProblem('  short  ')?.key).toBe('validation.tooShort');
    expect(textProblem('x'.repeat(1001))?.key).toBe('validation.tooLong');
    expect(textProblem(`  ${'x'.repeat(10)}  `)).toBeNull();
  });

  it('names the reason of a refusal, else the failed action', () => {
    const limited = new ApiRequestError(429, 'RATE_LIMITED', 'slow down', {
      error: { code: 'RATE_LIMITED', retryAfter: 42 },
    });
    expect(failureMessage(limited, 'create')).toEqual({ key: 'errors.rateLimited', values: { seconds: 42 } });
    expect(failureMessage(new ApiRequestError(403, 'OWN_COMMENT_VOTE', 'own'), 'like').key).toBe('errors.ownVote');
    expect(failureMessage(new ApiRequestError(0, 'network_error', 'offline'), 'delete').key).toBe('errors.network');
    expect(failureMessage(new ApiRequestError(500, 'INTERNAL_ERROR', 'boom'), 'dislike').key).toBe('errors.dislike');
    expect(failureMessage(new Error('odd'), 'update').key).toBe('errors.update');
  });
});
