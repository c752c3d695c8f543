import {
  COMMENT_MAX_DEPTH,
  COMMENT_REPORT_NOTE_MAX,
  COMMENT_REPORT_REASONS,
  type CommentDto,
  type CommentReportReason,
} from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialsOf } from '../../components/Avatar.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { formatters, type Language, localizedPath } from '../../lib/languages.ts';
import { reportComment } from './api.ts';
import { CommentForm } from './CommentForm.tsx';
import { type CommentMessage, failureMessage } from './errors.ts';
import { relativeTime } from './time.ts';

/** What every comment of a list shares: the reader, the clock and the calls that change comments. */
export interface CommentContext {
  lang: Language;
  readerId: string | null;
  readerIsAdmin: boolean;
  now: Date;
  /** Show the "personal" tag (personal and general comments are listed together). */
  markPersonal: boolean;
  reply(parent: CommentDto, text: string): Promise<void>;
  edit(comment: CommentDto, text: string): Promise<void>;
  remove(comment: CommentDto): Promise<void>;
  vote(comment: CommentDto, kind: 'like' | 'dislike'): Promise<void>;
}

type Mode = 'view' | 'reply' | 'edit' | 'confirmDelete' | 'report';

function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path d="M7 10v11H3V10zM7 10l4-7c1.5 0 2.5 1.2 2.5 2.7V9h5.3a2 2 0 0 1 2 2.4l-1.4 7.6a2 2 0 0 1-2 1.6H7" />
    </svg>
  );
}

/** The report form of a comment: a reason from a short list and an optional note. */
function ReportForm({ comment, onDone }: { comment: CommentDto; onDone: (sent: 'sent' | 'already' | null) => void }) {
  const { t } = useTranslation('comments');
  const [reason, setReason] = useState<CommentReportReason>('spam');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const send = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await reportComment(comment.id, reason, note.trim());
      onDone('sent');
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'ALREADY_REPORTED') onDone('already');
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="comment-report mt-2 d-grid gap-2"
      data-testid="comment-report-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <fieldset>
        <legend className="small fw-semibold mb-1">{t('report.title')}</legend>
        {COMMENT_REPORT_REASONS.map((value) => (
          <label key={value} className="form-check small">
            <input
              type="radio"
              className="form-check-input"
              name={`report-${comment.id}`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            <span className="form-check-label">{t(`report.reasons.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="small">
        {t('report.note')}
        <textarea
          className="form-control form-control-sm"
          rows={2}
          maxLength={COMMENT_REPORT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      {failed && (
        <p className="small text-danger mb-0" role="alert">
          {t('report.failed')}
        </p>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {t('report.send')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onDone(null)}>
          {t('actions.confirmNo')}
        </button>
      </div>
    </form>
  );
}

function VoteButton({
  comment,
  kind,
  ctx,
  onGuest,
  onError,
}: {
  comment: CommentDto;
  kind: 'like' | 'dislike';
  ctx: CommentContext;
  onGuest(): void;
  onError(message: CommentMessage | null): void;
}) {
  const { t } = useTranslation('comments');
  const [busy, setBusy] = useState(false);
  const own = ctx.readerId === comment.user_id;
  const count = kind === 'like' ? comment.likes_count : comment.dislikes_count;
  const pressed = comment.user_vote === kind;
  const click = async () => {
    if (!ctx.readerId) return onGuest();
    setBusy(true);
    onError(null);
    try {
      await ctx.vote(comment, kind);
    } catch (error) {
      onError(failureMessage(error, kind));
    } finally {
      setBusy(false);
    }
  };
  const label = t(`actions.${kind}`);
  return (
    <button
      type="button"
      className={`btn btn-sm comment-vote${pressed ? ' is-pressed' : ''}`}
      aria-pressed={pressed}
      aria-label={`${label}: ${count}`}
      title={own ? t('ownVoteHint') : label}
      disabled={own || busy}
      onClick={() => void click()}
      data-testid={`comment-${kind}`}
    >
      <Thumb down={kind === 'dislike'} />
      <span>{formatters(ctx.lang).number(count)}</span>
    </button>
  );
}

/** One comment with its actions and, below it, its replies (spec 001 section 4). */
export function CommentItem({ comment, ctx }: { comment: CommentDto; ctx: CommentContext }) {
  const { t } = useTranslation('comments');
  const [mode, setMode] = useState<Mode>('view');
  const [problem, setProblem] = useState<CommentMessage | null>(null);
  const [guestPrompt, setGuestPrompt] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reported, setReported] = useState<'sent' | 'already' | null>(null);
  const own = ctx.readerId !== null && ctx.readerId === comment.user_id;
  const name = comment.user.deleted_user ? t('deletedUser') : (comment.user.display_name ?? t('anonymous'));
  const canReply = ctx.readerId !== null && !comment.is_deleted && comment.depth < COMMENT_MAX_DEPTH;
  const canDelete = !comment.is_deleted && (own || ctx.readerIsAdmin);
  const written = new Date(comment.created_at);

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      await ctx.remove(comment);
      setMode('view');
    } catch (error) {
      setProblem(failureMessage(error, 'delete'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <li className="comment" data-testid="comment" data-comment-id={comment.id} data-depth={comment.depth}>
      <article className={`comment-body${comment.is_deleted ? ' is-deleted' : ''}`}>
        {comment.is_deleted ? (
          <p className="comment-deleted mb-0" data-testid="comment-deleted">
            {t('deleted')}
          </p>
        ) : (
          <>
            <header className="comment-header">
              <span className="comment-avatar" aria-hidden="true">
                {initialsOf({ name, email: '' })}
              </span>
              <span className="comment-author">{name}</span>
              {comment.user.badge_name && (
                <span
                  className={`badge rounded-pill comment-badge comment-badge-${comment.user.badge_type ?? 'other'}`}
                >
                  {comment.user.badge_name}
                </span>
              )}
              {ctx.markPersonal && comment.is_sum && (
                <span className="badge rounded-pill text-bg-secondary">{t('personalTag')}</span>
              )}
              <time
                className="comment-time small text-body-secondary"
                dateTime={comment.created_at}
                title={formatters(ctx.lang).date(written, 'long')}
              >
                {relativeTime(comment.created_at, ctx.now, ctx.lang, t('justNow'))}
              </time>
              {comment.is_edited && <span className="small text-body-secondary">· {t('edited')}</span>}
            </header>
            {mode === 'edit' ? (
              <CommentForm
                initial={comment.content}
                label={t('form.label')}
                placeholder={t('form.placeholder')}
                submitLabel={t('form.save')}
                action="update"
                autoFocus
                onSubmit={async (text) => {
                  // Saved only when changed; the form has already refused an empty text.
                  if (text !== comment.content) await ctx.edit(comment, text);
                  setMode('view');
                }}
                onCancel={() => setMode('view')}
                testId="comment-edit-form"
              />
            ) : (
              <div
                className="comment-text"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: made on the server from escaped text, with only its own <br> and links
                dangerouslySetInnerHTML={{ __html: comment.content_html }}
                data-testid="comment-text"
              />
            )}
            {mode !== 'edit' && (
              <footer className="comment-actions">
                <VoteButton
                  comment={comment}
                  kind="like"
                  ctx={ctx}
                  onGuest={() => setGuestPrompt(true)}
                  onError={setProblem}
                />
                <VoteButton
                  comment={comment}
                  kind="dislike"
                  ctx={ctx}
                  onGuest={() => setGuestPrompt(true)}
                  onError={setProblem}
                />
                {canReply && (
                  <button
                    type="button"
                    className="btn btn-sm btn-link"
                    onClick={() => setMode(mode === 'reply' ? 'view' : 'reply')}
                    aria-expanded={mode === 'reply'}
                  >
                    {t('actions.reply')}
                  </button>
                )}
                {own && (
                  <button type="button" className="btn btn-sm btn-link" onClick={() => setMode('edit')}>
                    {t('actions.edit')}
                  </button>
                )}
                {canDelete && (
                  <button
                    type="button"
                    className="btn btn-sm btn-link text-danger"
                    onClick={() => setMode('confirmDelete')}
                  >
                    {t('actions.delete')}
                  </button>
                )}
                {ctx.readerId !== null && !own && !reported && (
                  <button
                    type="button"
                    className="btn btn-sm btn-link text-body-secondary"
                    onClick={() => setMode(mode === 'report' ? 'view' : 'report')}
                    aria-expanded={mode === 'report'}
                  >
                    {t('report.action')}
                  </button>
                )}
              </footer>
            )}
          </>
        )}
        {mode === 'confirmDelete' && (
          <div className="comment-confirm" role="alertdialog" aria-label={t('actions.confirmDelete')}>
            <span className="small">{t('actions.confirmDelete')}</span>
            <button type="button" className="btn btn-sm btn-danger" onClick={() => void remove()} disabled={deleting}>
              {t('actions.confirmYes')}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setMode('view')}>
              {t('actions.confirmNo')}
            </button>
          </div>
        )}
        {mode === 'report' && (
          <ReportForm
            comment={comment}
            onDone={(result) => {
              setReported(result);
              setMode('view');
            }}
          />
        )}
        {reported && (
          <p className="small text-body-secondary mb-0 mt-1" role="status">
            {reported === 'sent' ? t('report.thanks') : t('report.already')}
          </p>
        )}
        {guestPrompt && (
          <p className="comment-guest-prompt small mb-0" role="status">
            {t('guest.vote')} <Link to={localizedPath(ctx.lang, '/login')}>{t('guest.login')}</Link>
          </p>
        )}
        {problem && (
          <p className="small text-danger mb-0 mt-1" role="alert">
            {t(problem.key, problem.values)}
          </p>
        )}
      </article>
      {mode === 'reply' && (
        <div className="comment-reply-form">
          <CommentForm
            label={t('form.replyLabel')}
            placeholder={t('form.replyPlaceholder')}
            submitLabel={t('form.send')}
            action="create"
            autoFocus
            onSubmit={async (text) => {
              await ctx.reply(comment, text);
              setMode('view');
            }}
            onCancel={() => setMode('view')}
            testId="comment-reply-form"
          />
        </div>
      )}
      {comment.replies.length > 0 && (
        <ol className="comment-replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} ctx={ctx} />
          ))}
        </ol>
      )}
    </li>
  );
}
