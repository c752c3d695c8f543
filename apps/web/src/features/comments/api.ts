import type { CommentDto, CommentList, CommentReportReason } from '@hunab/contracts';
import { COMMENTS_PAGE_SIZE } from '@hunab/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { Language } from '../../lib/languages.ts';
import type { CommentCycle } from './cycle.ts';

export type SortBy = 'top' | 'new';

/** One list of a cycle as the block shows it: its language, order and whether general comments join personal ones. */
export interface ListParams {
  cycle: CommentCycle;
  lang: Language;
  sortBy: SortBy;
  showBoth: boolean;
}

/** Lists depend on who reads (a guest sees fewer threads, a user their own votes): the user id is in the key. */
export const commentsKey = (params: ListParams, userId: string | null) => ['comments', userId, params] as const;

export async function fetchComments(params: ListParams, page: number, signal?: AbortSignal): Promise<CommentList> {
  const { cycle } = params;
  const query = new URLSearchParams({
    cycleType: cycle.cycleType,
    cycleValue: String(cycle.cycleValue),
    cycleSubValue: String(cycle.cycleSubValue),
    page: String(page),
    limit: String(COMMENTS_PAGE_SIZE),
    lang: params.lang,
    sortBy: params.sortBy,
    includeReplies: 'true',
    isSum: String(cycle.isSum),
    showBoth: String(params.showBoth),
  });
  const reply = await api<{ data: CommentList }>(`/comments?${query}`, { signal });
  return withVotes(reply.data);
}

/** The list comes the same for every reader, with the reader's own votes beside it: each comment gets its vote. */
export function withVotes(list: CommentList): CommentList {
  const mark = (comment: CommentDto): CommentDto => ({
    ...comment,
    user_vote: list.votes[String(comment.id)] ?? comment.user_vote,
    replies: comment.replies.map(mark),
  });
  return { ...list, comments: list.comments.map(mark) };
}

export async function postComment(params: ListParams, content: string, replyToId: number | null): Promise<CommentDto> {
  const { cycle } = params;
  const reply = await api<{ data: CommentDto }>('/comments', {
    method: 'POST',
    body: {
      cycleType: cycle.cycleType,
      cycleValue: cycle.cycleValue,
      cycleSubValue: cycle.cycleSubValue,
      content,
      replyToId,
      isSum: cycle.isSum,
      lang: params.lang,
    },
  });
  return reply.data;
}

export async function updateComment(id: number, content: string): Promise<CommentDto> {
  return (await api<{ data: CommentDto }>(`/comments/${id}`, { method: 'PUT', body: { content } })).data;
}

export async function deleteComment(id: number): Promise<CommentDto> {
  return (await api<{ data: CommentDto }>(`/comments/${id}`, { method: 'DELETE' })).data;
}

export async function voteComment(id: number, kind: 'like' | 'dislike'): Promise<CommentDto> {
  return (await api<{ data: CommentDto }>(`/comments/${id}/${kind}`, { method: 'POST' })).data;
}

export type CommentPages = InfiniteData<CommentList, number>;

/** Replaces one comment wherever it sits in the loaded pages; its replies stay as loaded. */
export function replaceComment(pages: CommentPages, next: CommentDto): CommentPages {
  const swap = (comment: CommentDto): CommentDto =>
    comment.id === next.id ? { ...next, replies: comment.replies } : { ...comment, replies: comment.replies.map(swap) };
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, comments: page.comments.map(swap) })) };
}

/** Adds a new comment: a thread on top of the first page, a reply at the end of its parent's replies. */
export function addComment(pages: CommentPages, comment: CommentDto): CommentPages {
  if (comment.reply_to_id === null) {
    return {
      ...pages,
      pages: pages.pages.map((page, i) =>
        i === 0
          ? {
              ...page,
              comments: [comment, ...page.comments],
              total: page.total + 1,
              totalWithReplies: page.totalWithReplies + 1,
              visibleCount: page.visibleCount + 1,
            }
          : page,
      ),
    };
  }
  const attach = (node: CommentDto): CommentDto =>
    node.id === comment.reply_to_id
      ? { ...node, replies: [...node.replies, comment] }
      : { ...node, replies: node.replies.map(attach) };
  return {
    ...pages,
    pages: pages.pages.map((page, i) => ({
      ...page,
      comments: page.comments.map(attach),
      totalWithReplies: i === 0 ? page.totalWithReplies + 1 : page.totalWithReplies,
    })),
  };
}

/** A reader's report of a comment to the moderators. */
export async function reportComment(id: number, reason: CommentReportReason, note: string): Promise<void> {
  await api(`/comments/${id}/report`, { method: 'POST', body: note ? { reason, note } : { reason } });
}
