import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './form-field.css';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled' | 'children'>;

/** A form's submit button, disabled while the form is being sent; with `busyLabel`, a spinner and that label then. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  className = 'btn btn-primary',
  children,
  ...button
}: ButtonProps & {
  busy: boolean;
  busyLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} {...button}>
      {busy && busyLabel ? (
        <>
          <span className="spinner-border spinner-border-sm button-spinner" aria-hidden="true" />
          <span role="status">{busyLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
