import { createContext, useContext } from 'react';
import { Navigate, type NavigateProps } from 'react-router';

/**
 * Set while the server renders a page: a page that sends the reader elsewhere at once reports it here, and the
 * server sends the app shell instead of HTML the browser would leave right away.
 */
export const ServerRedirects = createContext<(() => void) | null>(null);

/** `<Navigate replace>` for a page's first render; on the server it only reports the redirect. */
export function PageRedirect(props: Omit<NavigateProps, 'replace'>) {
  const report = useContext(ServerRedirects);
  if (report) {
    report();
    return null;
  }
  return <Navigate {...props} replace />;
}
