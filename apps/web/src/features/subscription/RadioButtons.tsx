import { RadioOptions } from '../../components/RadioOptions.tsx';
/** A choice of one among a few, drawn as a row of buttons over real radio inputs (so arrows and labels work). */
export function RadioButtons<T extends string | number>({
  name,
  options,
  value,
  onChange,
  label,
  className,
}: {
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (option: T) => string;
  className?: string;
}) {
  return (
    <div className={`btn-group subscription-radios ${className ?? ''}`}>
      <RadioOptions
        name={name}
        options={options}
        value={value}
        onChange={onChange}
        optionClassName={(chosen) => `btn ${chosen ? 'btn-primary' : 'btn-outline-primary'}`}
        inputClassName="visually-hidden"
      >
        {label}
      </RadioOptions>
    </div>
  );
}
