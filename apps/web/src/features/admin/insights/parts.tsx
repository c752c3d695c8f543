import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../ui/fields.tsx';
import './insights.css';

/** One figure with its name, in a grid of two per row on a phone. */
export function Stat({
  label,
  value,
  means,
  tone,
  testId,
}: {
  label: string;
  value: string;
  /** What the figure counts, said under it. */
  means?: string;
  tone?: 'danger' | undefined;
  testId?: string;
}) {
  return (
    <div className="col-6 col-md-4 col-xl-3">
      <div className="card insights-stat h-100" data-testid={testId}>
        <div className="card-body p-2">
          <div className={`value${tone ? ` text-${tone}` : ''}`}>{value}</div>
          <div className="small fw-semibold">{label}</div>
          {means && <div className="small text-body-secondary lh-sm mt-1">{means}</div>}
        </div>
      </div>
    </div>
  );
}

/**
 * A figure of the admin area by its name in `figures.*`: its value, its label and what it counts, the same words on
 * every page that shows it.
 */
export function Figure({
  name,
  value,
  tone,
  testId,
}: {
  name: FigureName;
  value: string;
  tone?: 'danger' | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('insights');
  return (
    <Stat
      label={t(`figures.${name}.label`)}
      means={t(`figures.${name}.means`)}
      value={value}
      tone={tone}
      testId={testId ?? `figure-${name}`}
    />
  );
}

/** The figures the admin area names and defines (their words in `figures.*` of the insights translations). */
export type FigureName =
  | 'accounts'
  | 'activeAccounts'
  | 'activeGuests'
  | 'visitors'
  | 'lettersWaiting'
  | 'lettersSent'
  | 'lettersFailed'
  | 'lettersKept';

/** The from/to fields of a section's range, and the section's other fields after them. */
export function RangeFields({
  from,
  to,
  onChange,
  children,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  children?: ReactNode;
}) {
  return (
    <div className="row g-2 align-items-end mb-3">
      <DateRange from={from} to={to} onChange={onChange} required />
      {children}
    </div>
  );
}

/** A part of a section under its heading, in a column of the section's row: half its width on a wide screen. */
export function Panel({
  title,
  className = 'col-12 col-md-6',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 className="h6">{title}</h2>
      {children}
    </div>
  );
}
