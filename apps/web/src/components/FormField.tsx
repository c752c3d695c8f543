import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
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
  /** The classes of the block around the label and the field; none with ''. */
  className?: string;
  labelClassName?: string;
}

/** The ids of the error and hint under a field, as its `aria-describedby` lists them. */
function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's block: the label, the control, then the error and the hint tied to it. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  labelClassName,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className: string;
  labelClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={className || undefined}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
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
  ...input
}: FormFieldProps) {
  const control = (
    <input
      id={id}
      className={error ? 'form-control is-invalid' : 'form-control'}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      {...input}
    />
  );
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className} labelClassName={labelClassName}>
      {addon ? (
        <div className="field-addon">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange' | 'className' | 'children'
>;

export interface TextAreaFieldProps extends TextAreaProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** The classes of the block around the label and the text area; none with ''. */
  className?: string;
  labelClassName?: string;
}

/** A labelled Bootstrap text area. */
export function TextAreaField({
  label,
  onValueChange,
  className = 'mb-3',
  labelClassName = 'form-label',
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={textarea.id} label={label} className={className} labelClassName={labelClassName}>
      <textarea className="form-control" onChange={(event) => onValueChange(event.target.value)} {...textarea} />
    </FieldFrame>
  );
}

type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'className' | 'children'
>;

export interface SelectFieldProps<T extends string> extends SelectProps {
  id: string;
  label: ReactNode;
  value: T;
  options: readonly T[];
  /** What the list shows for an option. */
  optionLabel: (option: T) => ReactNode;
  onValueChange: (value: T) => void;
  hint?: ReactNode;
  /** The classes of the block around the label and the list. */
  className?: string;
  labelClassName?: string;
}

/** A labelled Bootstrap drop-down list of the given options. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  optionLabel,
  onValueChange,
  hint,
  className = 'mb-3',
  labelClassName = 'form-label',
  ...select
}: SelectFieldProps<T>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} className={className} labelClassName={labelClassName}>
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(event) => onValueChange(event.target.value as T)}
        aria-describedby={describedBy(id, null, hint)}
        {...select}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </FieldFrame>
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
