import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openSubscriptionLink } from '../lib/native.ts';

/**
 * A link built by subscriptionLink: an in-app link on the web, the in-app browser for the absolute links of the
 * native shell.
 */
export function SubscriptionLink({
  href,
  className,
  onClick,
  children,
  testId,
}: {
  href: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className} onClick={onClick} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={className}
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault();
        onClick?.();
        void openSubscriptionLink(href);
      }}
    >
      {children}
    </a>
  );
}
