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
      {options.map((option) => (
        <label key={option} className={`btn ${value === option ? 'btn-primary' : 'btn-outline-primary'}`}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label(option)}
        </label>
      ))}
    </div>
  );
}
