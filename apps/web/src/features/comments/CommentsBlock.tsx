import type { CommentDto } from '@hunab/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CheckField } from '../../components/FormField.tsx';
import { birthDateFromUrl } from '../../lib/birth-date.ts';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { useRouteMatch } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useSession } from '../auth/session.ts';
import {
  addComment,
  type CommentPages,
  commentsKey,
  deleteComment,
  fetchComments,
  type ListParams,
  postComment,
  replaceComment,
  type SortBy,
  updateComment,
  voteComment,
} from './api.ts';
import { CommentForm } from './CommentForm.tsx';
import { type CommentContext, CommentItem } from './CommentItem.tsx';
import { type CommentCycle, cycleName, cycleOfPage } from './cycle.ts';
import './comments.css';

/** The clock of relative times, moved every minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A failure inside the block never takes the page with it. */
class CommentsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The blurred rest of the list a guest may not read, with the invitation to register (spec 001 section 4). */
function GuestWall({ hidden, lang }: { hidden: number; lang: Language }) {
  const { t } = useTranslation('comments');
  return (
    <div className="comments-guest-wall" data-testid="comments-guest-wall">
      <div className="comments-blurred" aria-hidden="true">
        {[0, 1, 2].map((line) => (
          <div key={`ghost-${line}`} className="comment-ghost">
            <span className="comment-avatar" />
            <span className="comment-ghost-lines">
              <span />
              <span />
            </span>
          </div>
        ))}
      </div>
      <div className="comments-guest-card">
        <p className="fw-semibold mb-1">{t('guest.moreTitle')}</p>
        <p className="small text-body-secondary mb-2">{t('guest.more', { count: hidden })}</p>
        <div className="d-flex gap-2 justify-content-center flex-wrap">
          <Link className="btn btn-sm btn-primary" to={localizedPath(lang, '/register')}>
            {t('guest.register')}
          </Link>
          <Link className="btn btn-sm btn-outline-secondary" to={localizedPath(lang, '/login')}>
            {t('guest.login')}
          </Link>
        </div>
      </div>
    </div>
  );
}

function CycleComments({ cycle, lang }: { cycle: CommentCycle; lang: Language }) {
  const { t } = useTranslation('comments');
  const session = useSession();
  const queryClient = useQueryClient();
  const now = useNow();
  const [sortBy, setSortBy] = useState<SortBy>('top');
  const [showBoth, setShowBoth] = useState(false);
  const reader = session.status === 'authenticated' && !session.user?.isOfflineUser ? session.user : null;
  const params: ListParams = { cycle, lang, sortBy, showBoth };
  const key = commentsKey(params, reader?.id ?? null);
  const list = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchComments(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 30_000,
    enabled: session.status !== 'restoring',
  });

  const update = (change: (pages: CommentPages) => CommentPages) =>
    queryClient.setQueryData<CommentPages>(key, (pages) => (pages ? change(pages) : pages));
  const ctx: CommentContext = {
    lang,
    readerId: reader?.id ?? null,
    readerIsAdmin: !!reader?.is_admin,
    now,
    markPersonal: showBoth,
    async reply(parent: CommentDto, text: string) {
      const created = await postComment(params, text, parent.id);
      update((pages) => addComment(pages, created));
    },
    async edit(comment, text) {
      const saved = await updateComment(comment.id, text);
      update((pages) => replaceComment(pages, saved));
    },
    async remove(comment) {
      const removed = await deleteComment(comment.id);
      update((pages) => replaceComment(pages, removed));
    },
    async vote(comment, kind) {
      const voted = await voteComment(comment.id, kind);
      update((pages) => replaceComment(pages, voted));
    },
  };

  const pages = list.data?.pages ?? [];
  const first = pages[0];
  const comments = pages.flatMap((page) => page.comments);
  const hiddenFromGuest = !reader && first ? first.total - first.visibleCount : 0;
  const name = cycleName(cycle, lang);
  const value = cycle.cycleType === 'year' ? `${cycle.cycleValue}–${cycle.cycleValue + 1}` : cycle.cycleValue;

  return (
    <section className="comments-block" aria-labelledby="comments-title" data-testid="comments-block">
      <header className="comments-heading">
        <div>
          <h2 id="comments-title" className="h5 mb-0">
            {t('title')}
            {first && first.totalWithReplies > 0 && (
              <span className="comments-count" data-testid="comments-count">
                {first.totalWithReplies}
              </span>
            )}
          </h2>
          <p className="small text-body-secondary mb-0" data-testid="comments-cycle">
            {t(cycle.isSum ? 'cycle.personal' : `cycle.${cycle.cycleType}`, { value })}
            {name ? ` · ${name}` : ''}
          </p>
        </div>
        <fieldset className="btn-group btn-group-sm comments-sort" aria-label={t('sort.label')}>
          {(['top', 'new'] as const).map((order) => (
            <button
              key={order}
              type="button"
              className={`btn btn-outline-secondary${sortBy === order ? ' active' : ''}`}
              aria-pressed={sortBy === order}
              onClick={() => setSortBy(order)}
            >
              {t(`sort.${order}`)}
            </button>
          ))}
        </fieldset>
      </header>
      {cycle.isSum && (
        <CheckField
          id="comments-show-both"
          className="form-switch small mb-2"
          label={t('showBoth')}
          checked={showBoth}
          onCheckedChange={setShowBoth}
        />
      )}
      {reader ? (
        <CommentForm
          label={t('form.label')}
          placeholder={t('form.placeholder')}
          submitLabel={t('form.send')}
          action="create"
          onSubmit={async (text) => {
            const created = await postComment(params, text, null);
            update((current) => addComment(current, created));
          }}
          testId="comment-form"
        />
      ) : session.status === 'restoring' ? null : (
        <div className="comments-login small" data-testid="comments-login">
          <span>{t('guest.comment')}</span>
          <Link className="btn btn-sm btn-primary" to={localizedPath(lang, '/login')}>
            {t('guest.login')}
          </Link>
          <Link className="btn btn-sm btn-outline-secondary" to={localizedPath(lang, '/register')}>
            {t('guest.register')}
          </Link>
        </div>
      )}
      {list.isPending ? (
        <p className="small text-body-secondary mt-3" role="status">
          {t('loading')}
        </p>
      ) : list.isError || comments.length === 0 ? (
        <div className="comments-empty" role={list.isError ? 'alert' : 'status'} data-testid="comments-empty">
          <p className="mb-2">{list.isError ? t('errors.fetch') : t('empty')}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <ol className="comments-list" data-testid="comments-list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} ctx={ctx} />
          ))}
        </ol>
      )}
      {hiddenFromGuest > 0 && <GuestWall hidden={hiddenFromGuest} lang={lang} />}
      {list.hasNextPage && (
        <div className="text-center mt-3">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            data-testid="comments-more"
          >
            {list.isFetchingNextPage ? t('loading') : t('loadMore')}
          </button>
          {list.isFetchNextPageError && (
            <p className="small text-danger mt-2 mb-0" role="alert">
              {t('errors.fetch')}
            </p>
          )}
        </div>
      )}
      {first && first.total > 0 && (
        <p className="small text-body-secondary text-center mt-2 mb-0">
          {t('shown', { shown: comments.filter((c) => c.reply_to_id === null).length, total: first.total })}
        </p>
      )}
    </section>
  );
}

/**
 * The comments block of every matrix page (spec 001 section 2): the layout renders it below the page, and it finds
 * the page's cycle from the route, its parameters, the selected date and, on the personal cycles page, the birth date.
 */
export default function CommentsBlock() {
  const { pathname, search, hash } = useLocation();
  const match = useRouteMatch();
  const { date } = useSelectedDate();
  const session = useSession();
  const lang = languageOfPath(pathname);
  const routePath = match.kind === 'entry' ? match.entry.path : '';
  const { params } = match;
  const birthDate = birthDateFromUrl(hash, search) ?? session.user?.birth_date ?? null;
  const cycle = cycleOfPage({ routePath, params, date, birthDate });
  if (!cycle) return null;
  const identity = `${cycle.cycleType}:${cycle.cycleValue}:${cycle.cycleSubValue}:${cycle.isSum}:${lang}`;
  return (
    <CommentsBoundary>
      <CycleComments key={identity} cycle={cycle} lang={lang} />
    </CommentsBoundary>
  );
}
