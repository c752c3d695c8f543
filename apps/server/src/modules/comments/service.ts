import {
  COMMENT_MAX_DEPTH,
  COMMENT_RATE_LIMITS,
  type CommentDto,
  type CommentReportReason,
  type CommentsQuery,
  type CreateCommentBody,
  GUEST_VISIBLE_COMMENTS,
} from '@hunab/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commentReports } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import type { Session } from '../auth/service.ts';
import { commentHtml } from './html.ts';
import { type CachedPage, createPageCache } from './page-cache.ts';
import {
  type CommentsRepository,
  type CycleKey,
  GUEST,
  type ListState,
  NO_USER,
  type ViewerParams,
} from './repository.ts';

/** A page as kept, and the state of its cycle with the reader's votes. */
interface PageRead {
  page: CachedPage;
  state: ListState;
}

/** Who reads (a guest: null); administrators also see authors' private fields. */
const readerOf = (session: Session | null): ViewerParams =>
  session ? { viewer: session.user.id, isAdmin: session.user.isAdmin } : GUEST;

/** Hangs replies under their parents; the rows come thread by thread, replies oldest first. */
function buildThreads(rows: CommentDto[]): CommentDto[] {
  const byId = new Map(rows.map((comment) => [comment.id, comment]));
  const threads: CommentDto[] = [];
  for (const comment of rows) {
    if (comment.reply_to_id === null) threads.push(comment);
    else byId.get(comment.reply_to_id)?.replies.push(comment);
  }
  return threads;
}

export function createCommentsService({ db, repo, now }: { db: Db; repo: CommentsRepository; now: () => Date }) {
  const pages = createPageCache();
  /** Reads of a page under way, by page key. */
  const reading = new Map<string, Promise<PageRead>>();

  /**
   * The kept page of a key while its cycle is unchanged, else a fresh read, shared by the readers who arrive while
   * it runs (each then asks for its own votes). `stateOf` answers the cycle's state and a reader's votes on ids.
   */
  async function currentPage(
    cacheKey: string,
    read: () => Promise<PageRead>,
    stateOf: (ids: number[]) => Promise<ListState>,
  ): Promise<PageRead> {
    const kept = pages.get(cacheKey);
    if (kept) {
      const state = await stateOf(kept.ids);
      if (state.version === kept.version) return { page: kept, state };
    }
    const shared = reading.get(cacheKey);
    if (shared) {
      const { page } = await shared;
      const state = await stateOf(page.ids);
      // Changed again since that read began: read it anew.
      return state.version === page.version ? { page, state } : read();
    }
    const mine = read();
    reading.set(cacheKey, mine);
    try {
      return await mine;
    } finally {
      reading.delete(cacheKey);
    }
  }

  async function loadOne(id: number, session: Session): Promise<CommentDto> {
    const comment = await repo.findForViewer(id, readerOf(session));
    if (!comment) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'Failed to fetch comment: there is no such comment.');
    return comment;
  }

  async function existing(id: number) {
    const row = await repo.findComment(id);
    if (!row) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'There is no such comment.');
    return row;
  }

  /** Refuses a post over a limit of COMMENT_RATE_LIMITS, with the seconds until the next one is allowed. */
  function checkRate(windows: { count: number; oldest: Date | null }[]): void {
    for (const [i, limit] of COMMENT_RATE_LIMITS.entries()) {
      const window = windows[i];
      if (!window?.oldest || window.count < limit.max) continue;
      const reopensAt = window.oldest.getTime() + limit.windowSeconds * 1000;
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `You have posted ${limit.max} comments in a short time. Please wait a little before the next one.`,
        { retryAfter: Math.max(1, Math.ceil((reopensAt - now().getTime()) / 1000)) },
      );
    }
  }

  return {
    /**
     * A page of a cycle's comments as the JSON text of the reply. The page itself is the same for every reader and is
     * kept in memory while the cycle's version in the database is unchanged; the reader's votes on it come with
     * every read, beside the comments (`votes`).
     */
    async list(query: CommentsQuery, session: Session | null): Promise<string> {
      const key: CycleKey = {
        cycleType: query.cycleType,
        cycleValue: query.cycleValue,
        cycleSubValue: query.cycleSubValue,
        lang: query.lang,
      };
      const isSums = query.showBoth ? [false, true] : [query.isSum];
      // A guest reads only the first few threads of the first page; nothing beyond them leaves the server.
      const limit = session ? query.limit : query.page > 1 ? 0 : Math.min(query.limit, GUEST_VISIBLE_COMMENTS);
      const offset = (query.page - 1) * query.limit;
      const reader = session?.user.id ?? NO_USER;
      const cacheKey = JSON.stringify([key, isSums, query.sortBy, limit, offset, query.includeReplies]);

      const read = async (): Promise<PageRead> => {
        const fresh = await repo.page(
          key,
          isSums,
          query.sortBy,
          { limit, offset, includeReplies: query.includeReplies },
          reader,
        );
        const threads = buildThreads(fresh.rows);
        const json = JSON.stringify(threads);
        const page = { version: fresh.version, json, ids: fresh.rows.map((row) => row.id), threads: threads.length };
        pages.set(cacheKey, page);
        return { page, state: fresh };
      };

      const { page, state } = await currentPage(cacheKey, read, (ids) => repo.state(key, isSums, reader, ids));
      const totalPages = Math.ceil(state.threads / query.limit);
      const hasMore = session ? query.page * query.limit < state.threads : false;
      return `{"success":true,"data":{"comments":${page.json},"votes":${state.votes},"total":${state.threads},"totalWithReplies":${state.comments},"totalPages":${totalPages},"page":${query.page},"hasMore":${hasMore},"visibleCount":${page.threads}}}`;
    },

    async create(body: CreateCommentBody, session: Session): Promise<CommentDto> {
      const user = session.user;
      const at = now();
      const id = await db.transaction(async (tx) => {
        const since = COMMENT_RATE_LIMITS.map((limit) => new Date(at.getTime() - limit.windowSeconds * 1000));
        checkRate(await repo.lockAndCountPosts(tx, user.id, since));
        const cycle = {
          cycleType: body.cycleType,
          cycleValue: body.cycleValue,
          cycleSubValue: body.cycleSubValue ?? 0,
          isSum: body.isSum,
        };
        let thread = { lang: body.lang ?? user.lang, replyToId: null as number | null, rootId: null as number | null };
        let depth = 0;
        if (body.replyToId) {
          const parent = await repo.findComment(body.replyToId, tx);
          if (!parent) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'The comment you reply to no longer exists.');
          if (parent.isDeleted) throw new ApiError(409, 'COMMENT_DELETED', 'The comment you reply to was deleted.');
          // A moderator's hidden comment, or any comment of a hidden thread, takes no replies: nobody would see them.
          // The thread's row is shared-locked, so hiding the thread waits for this reply and counts it.
          const root = await repo.lockThreadForReply(tx, parent.rootId ?? parent.id);
          if (parent.hiddenAt || root?.hiddenAt) {
            throw new ApiError(409, 'COMMENT_DELETED', 'The comment you reply to was removed.');
          }
          if (parent.depth >= COMMENT_MAX_DEPTH) {
            throw new ApiError(400, 'REPLY_TOO_DEEP', `Replies go at most ${COMMENT_MAX_DEPTH} levels deep.`);
          }
          const sameCycle =
            parent.cycleType === cycle.cycleType &&
            parent.cycleValue === cycle.cycleValue &&
            parent.cycleSubValue === cycle.cycleSubValue &&
            parent.isSum === cycle.isSum;
          if (!sameCycle) {
            throw new ApiError(400, 'REPLY_OUTSIDE_CYCLE', 'A reply belongs to the cycle of the comment it answers.');
          }
          thread = { lang: parent.lang, replyToId: parent.id, rootId: parent.rootId ?? parent.id };
          depth = parent.depth + 1;
        }
        return repo.insertComment(tx, {
          ...cycle,
          ...thread,
          depth,
          userId: user.id,
          content: body.content,
          contentHtml: commentHtml(body.content),
          createdAt: at,
          updatedAt: at,
        });
      });
      return loadOne(id, session);
    },

    async update(id: number, content: string, session: Session): Promise<CommentDto> {
      const row = await existing(id);
      if (row.userId !== session.user.id) throw new ApiError(403, 'FORBIDDEN', 'Only its author can edit a comment.');
      if (row.isDeleted) throw new ApiError(409, 'COMMENT_DELETED', 'This comment was deleted.');
      if (content !== row.content) {
        await db.transaction(async (tx) => {
          await repo.updateComment(
            id,
            { content, contentHtml: commentHtml(content), isEdited: true, updatedAt: now() },
            tx,
          );
          await repo.touchCycle(tx, row);
        });
      }
      return loadOne(id, session);
    },

    /**
     * Soft deletion: the comment stays in its thread as a placeholder, with its replies; its text is erased. A
     * moderator's deletion of someone else's comment is audited, with their reason when they gave one.
     */
    async remove(id: number, session: Session, reason?: string): Promise<CommentDto> {
      const row = await existing(id);
      if (row.userId !== session.user.id && !session.user.isAdmin) {
        throw new ApiError(403, 'FORBIDDEN', 'Only its author or an administrator can delete a comment.');
      }
      if (!row.isDeleted) {
        await db.transaction(async (tx) => {
          const erased = { isDeleted: true, deletedAt: now(), content: '', contentHtml: '', updatedAt: now() };
          await repo.updateComment(id, erased, tx);
          await repo.touchCycle(tx, row);
          // An administrator deleting someone else's comment is a moderation change, audited with it.
          if (row.userId !== session.user.id) {
            await recordAudit(tx, {
              actorId: session.user.id,
              action: 'comment.delete',
              targetType: 'comment',
              targetId: id,
              before: { user_id: row.userId, content: row.content },
              after: { is_deleted: true },
              reason: reason || null,
            });
          }
        });
      }
      return loadOne(id, session);
    },

    /**
     * A reader's report of a comment for the moderators' queue: one per reader and comment, never of one's own
     * comment or of a removed one.
     */
    async report(id: number, session: Session, input: { reason: CommentReportReason; note?: string }) {
      const row = await existing(id);
      if (row.userId === session.user.id) {
        throw new ApiError(403, 'FORBIDDEN', 'You cannot report your own comment.');
      }
      if (row.isDeleted || row.hiddenAt) throw new ApiError(409, 'COMMENT_DELETED', 'This comment was removed.');
      const already = await db
        .select({ id: commentReports.id })
        .from(commentReports)
        .where(and(eq(commentReports.commentId, id), eq(commentReports.userId, session.user.id)))
        .limit(1);
      if (already.length > 0) throw new ApiError(409, 'ALREADY_REPORTED', 'You have already reported this comment.');
      try {
        await db.insert(commentReports).values({
          commentId: id,
          userId: session.user.id,
          reason: input.reason,
          note: input.note ? input.note : null,
          createdAt: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ApiError(409, 'ALREADY_REPORTED', 'You have already reported this comment.');
        }
        throw error;
      }
    },

    /**
     * A like or a dislike: the first vote counts, the same vote again takes it back, the other one switches it.
     * The comment row is locked meanwhile, so concurrent votes leave exact counts.
     */
    async vote(id: number, kind: 'like' | 'dislike', session: Session): Promise<CommentDto> {
      const userId = session.user.id;
      const wanted = kind === 'like' ? 1 : -1;
      await db.transaction(async (tx) => {
        const row = await repo.lockComment(tx, id);
        if (!row) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'There is no such comment.');
        if (row.userId === userId) {
          throw new ApiError(403, 'OWN_COMMENT_VOTE', 'You cannot vote on your own comment.');
        }
        if (row.isDeleted) throw new ApiError(409, 'COMMENT_DELETED', 'This comment was deleted.');
        const before = await repo.voteOf(tx, id, userId);
        const after = before === wanted ? null : wanted;
        const delta = (value: number) => (after === value ? 1 : 0) - (before === value ? 1 : 0);
        await repo.setVote(tx, id, userId, after, now());
        await repo.addToCounts(tx, id, delta(1), delta(-1));
        await repo.touchCycle(tx, row);
      });
      return loadOne(id, session);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
