import { COMMENT_MAX_LENGTH } from '@hunab/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatters } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { type CommentAction, type CommentMessage, failureMessage, textProblem } from './errors.ts';

interface CommentFormProps {
  /** The text to start from (editing). */
  initial?: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Which action a failure belongs to, for its fallback wording. */
  action: CommentAction;
  /** Sends the trimmed text; the form clears when it resolves, shows the error when it rejects. */
  onSubmit(text: string): Promise<void>;
  /** Editing and replying can be cancelled; the main form is cleared instead. */
  onCancel?: () => void;
  autoFocus?: boolean;
  testId: string;
}

/**
 * The comment form of spec 001 section 4: empty, then validated, then sending, then cleared on success or showing
 * an error. The text is capped at 1000 characters with a live counter.
 */
export function CommentForm({
  initial = '',
  label,
  placeholder,
  submitLabel,
  action,
  onSubmit,
  onCancel,
  autoFocus,
  testId,
}: CommentFormProps) {
  const { t } = useTranslation('comments');
  const id = useId();
  const format = formatters(usePathLanguage());
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<CommentMessage | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = textProblem(text);
    setMessage(problem);
    if (problem) return;
    setSending(true);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch (error) {
      setMessage(failureMessage(error, action));
    } finally {
      setSending(false);
    }
  };

  const clear = () => {
    setText('');
    setMessage(null);
    onCancel?.();
  };

  const near = text.length >= COMMENT_MAX_LENGTH * 0.9;
  return (
    <form className="comment-form" onSubmit={submit} noValidate data-testid={testId}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control${message ? ' is-invalid' : ''}`}
        rows={3}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value.slice(0, COMMENT_MAX_LENGTH))}
        aria-invalid={!!message}
        aria-describedby={`${id}-counter${message ? ` ${id}-message` : ''}`}
        disabled={sending}
        // biome-ignore lint/a11y/noAutofocus: a reply or an edit opens where the reader asked for it
        autoFocus={autoFocus}
      />
      <div className="comment-form-footer">
        <span
          id={`${id}-counter`}
          className={`comment-counter small${near ? ' text-warning' : ' text-body-secondary'}`}
          aria-live="polite"
          data-testid="comment-counter"
        >
          {t('form.counter', { length: format.number(text.length), max: format.number(COMMENT_MAX_LENGTH) })}
        </span>
        <div className="comment-form-buttons">
          {(onCancel || text) && (
            <button type="button" className="btn btn-sm btn-link" onClick={clear} disabled={sending}>
              {onCancel ? t('form.cancel') : t('form.clear')}
            </button>
          )}
          <button type="submit" className="btn btn-sm btn-primary" disabled={sending}>
            {sending ? t('form.sending') : submitLabel}
          </button>
        </div>
      </div>
      {message && (
        <p id={`${id}-message`} className="comment-form-error small text-danger mb-0" role="alert">
          {t(message.key, message.values)}
        </p>
      )}
    </form>
  );
}
