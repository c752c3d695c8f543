import type { ReactNode } from 'react';

/** Radio inputs of one group, each inside the label that shows it; the caller draws the group around them. */
export function RadioOptions<T extends string | number>({
  name,
  options,
  value,
  onChange,
  optionClassName,
  inputClassName = 'form-check-input me-2',
  testId,
  children,
}: {
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** The classes of an option's label, chosen or not. */
  optionClassName: (chosen: boolean) => string;
  inputClassName?: string;
  testId?: (option: T) => string;
  /** What an option's label shows after its input. */
  children: (option: T) => ReactNode;
}) {
  return options.map((option) => (
    <label key={option} className={optionClassName(value === option)}>
      <input
        type="radio"
        className={inputClassName}
        name={name}
        value={option}
        checked={value === option}
        onChange={() => onChange(option)}
        data-testid={testId?.(option)}
      />
      {children(option)}
    </label>
  ));
}
