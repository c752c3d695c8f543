import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

/** A card that says what is missing here, with a link to where it can be had. */
export function ActionCard({
  className = 'settings-card',
  text,
  to,
  action,
  ...card
}: Omit<HTMLAttributes<HTMLDivElement>, 'children'> & { text: ReactNode; to: string; action: ReactNode }) {
  return (
    <div className={className} {...card}>
      <p className="mb-2">{text}</p>
      <Link className="btn btn-primary btn-sm" to={to}>
        {action}
      </Link>
    </div>
  );
}
