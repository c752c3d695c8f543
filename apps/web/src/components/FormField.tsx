import type { InputHTMLAttributes, ReactNode } from 'react';
import './form-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>;

export interface FormFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** The translated problem with the value, shown under the field. */
  error?: string | null;
  hint?: ReactNode;
  /** Something drawn inside the field at its end (a show-password button). */
  addon?: ReactNode;
  /** The classes of the block around the label and the field. */
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
}

/** A labelled Bootstrap input whose error and hint are tied to it for assistive technology. */
export function FormField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  addon,
  className = 'mb-3',
  labelClassName = 'form-label',
  inputClassName = 'form-control',
  ...input
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      id={id}
      className={error ? `${inputClassName} is-invalid` : inputClassName}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {addon ? (
        <div className="field-addon">
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

type CheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'checked' | 'onChange' | 'className' | 'children' | 'role'
>;

export interface CheckFieldProps extends CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Drawn as a switch and announced as one. */
  isSwitch?: boolean;
  /** A second, quieter line inside the label. */
  hint?: ReactNode;
  /** Classes added to `form-check` on the block around the box and its label. */
  className?: string;
  labelClassName?: string;
  /** What follows the label inside the block. */
  children?: ReactNode;
}

/** A Bootstrap checkbox or switch with its label. */
export function CheckField({
  id,
  label,
  checked,
  onCheckedChange,
  isSwitch = false,
  hint,
  className,
  labelClassName,
  children,
  ...input
}: CheckFieldProps) {
  const blockClass = ['form-check', isSwitch ? 'form-switch' : null, className].filter(Boolean).join(' ');
  return (
    <div className={blockClass}>
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        aria-checked={isSwitch ? checked : undefined}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...input}
      />
      <label className={labelClassName ? `form-check-label ${labelClassName}` : 'form-check-label'} htmlFor={id}>
        {label}
        {hint ? <span className="d-block small text-body-secondary">{hint}</span> : null}
      </label>
      {children}
    </div>
  );
}
