import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The width of a field in its row: a narrow one, two to a phone's line, or a wide one. */
const WIDTHS = { narrow: 'col-6 col-md-4 col-lg-2', wide: 'col-12 col-md-6 col-lg-4' } as const;

interface FieldPlace {
  wide?: boolean;
  /** The column classes where neither width fits; empty outside a row. */
  column?: string;
}

/** One labelled field of a filter bar or a form, in a column of its row; the label holds its control. */
export function Field({ label, children, wide, column }: FieldPlace & { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className={`${column ?? WIDTHS[wide ? 'wide' : 'narrow']} form-label small mb-0`.trim()}>
      {label}
      {children}
    </label>
  );
}

/** A labelled input whose change hands over the new value; other attributes go to the input. */
export function InputField({
  label,
  wide,
  column,
  className,
  onChange,
  ...input
}: FieldPlace & {
  label: ReactNode;
  value: string | number;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <Field label={label} wide={wide} column={column}>
      <input
        className={`form-control form-control-sm ${className ?? ''}`.trim()}
        {...input}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A checkbox with its label after it, whose change hands over whether it is checked. */
export function CheckField({
  label,
  checked,
  onChange,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  return (
    <label className="form-check small mb-1 d-block">
      <input
        type="checkbox"
        className="form-check-input"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="form-check-label">{label}</span>
    </label>
  );
}

/** A labelled text of several lines whose change hands over the new text. */
export function TextAreaField({
  label,
  value,
  onChange,
  rows,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  rows: number;
}) {
  return (
    <Field label={label} column="">
      <textarea
        className="form-control form-control-sm"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A form's submit button in a column of its own, level with the last line of the fields beside it. */
export function SubmitField({
  column,
  busy,
  testId,
  children,
}: {
  column: string;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${column} d-flex align-items-end`}>
      <button type="submit" className="btn btn-sm btn-primary w-100" disabled={busy} data-testid={testId}>
        {children}
      </button>
    </div>
  );
}

/** A filter's drop-down: "any" first, then the options, each a value or a [value, label] pair. */
export function FilterSelect({
  value,
  onChange,
  options,
  id,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<string | readonly [string, string]>;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <select
      id={id}
      className="form-select form-select-sm"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('filters.any')}</option>
      {options.map((option) => {
        const [optionValue, label] = typeof option === 'string' ? [option, option] : option;
        return (
          <option key={optionValue} value={optionValue}>
            {label}
          </option>
        );
      })}
    </select>
  );
}

/**
 * A search box that applies what is typed, trimmed, after a short pause (at once with `delay` 0). `label` names the
 * box and stands in it while it is empty; other attributes go to the input.
 */
export function SearchField({
  label,
  onSearch,
  delay = 300,
  ...input
}: {
  label?: string;
  onSearch: (text: string) => void;
  delay?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <input
      type="search"
      className="form-control form-control-sm"
      aria-label={label}
      placeholder={label}
      maxLength={200}
      {...input}
      value={text}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        clearTimeout(timer.current);
        if (delay === 0) onSearch(value.trim());
        else timer.current = setTimeout(() => onSearch(value.trim()), delay);
      }}
    />
  );
}

/** The first and last day of a range, as two date fields; a required range keeps both days set. */
export function DateRange({
  from,
  to,
  onChange,
  required,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  required?: boolean;
}) {
  const { t } = useTranslation('admin');
  const range = { from, to };
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <Field key={end} label={t(`filters.${end}`)}>
          <input
            type="date"
            className="form-control form-control-sm"
            value={range[end]}
            min={end === 'to' ? from || undefined : undefined}
            max={end === 'from' ? to || undefined : undefined}
            required={required}
            onChange={(event) => {
              const next = { ...range, [end]: event.target.value };
              if (!required || (next.from && next.to)) onChange(next);
            }}
          />
        </Field>
      ))}
    </>
  );
}
