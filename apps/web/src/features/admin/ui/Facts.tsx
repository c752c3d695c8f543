import { Fragment, type ReactNode } from 'react';

/** One fact of a record: its name, its value, and the name the page marks its value with. */
export interface Fact {
  label: string;
  value: ReactNode;
  field?: string;
}

/** A record's facts, their names beside their values. */
export function Facts({ facts, className = 'mb-0' }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={`row small ${className}`}>
      {facts.map((fact) => (
        <Fragment key={fact.label}>
          <dt className="col-5 col-md-3">{fact.label}</dt>
          <dd className="col-7 col-md-9 text-break" data-field={fact.field}>
            {fact.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
