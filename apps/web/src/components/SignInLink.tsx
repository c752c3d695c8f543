import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { languageOfPath, localizedPath } from '../lib/languages.ts';

/** The sign-in button of a page that needs an account: signing in comes back to this very address. */
export function SignInLink({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <Link
      className="btn btn-primary"
      to={localizedPath(languageOfPath(location.pathname), '/login')}
      state={{ from: location.pathname + location.search }}
    >
      {children}
    </Link>
  );
}
