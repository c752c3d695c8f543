import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

export interface FormFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** The translated problem with the value, shown under the field. */
  error?: string | null;
  hint?: ReactNode;
  /** Something drawn inside the field at its end (the show-password button). */
  addon?: ReactNode;
}

/** A labelled Bootstrap input whose error and hint are tied to it for assistive technology. */
export function FormField({ id, label, value, onValueChange, error, hint, addon, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      id={id}
      className={`form-control${error ? ' is-invalid' : ''}`}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {addon ? (
        <div className="auth-addon-field">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<FormFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      addon={
        <button
          type="button"
          className="btn btn-link auth-reveal"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={t('common.showPassword')}
          title={t('common.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/** The submit button: disabled and showing a spinner while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn btn-primary btn-lg w-100 auth-submit" disabled={busy || disabled}>
      {busy ? (
        <>
          <span className="spinner-border spinner-border-sm auth-spinner" aria-hidden="true" />
          <span role="status">{busyLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Moves focus to the first field that has an error, in the order given. */
export function focusFirstInvalid(ids: (string | false | null | undefined)[]): void {
  for (const id of ids) {
    if (!id) continue;
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      return;
    }
  }
}
