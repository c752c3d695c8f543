import type { ReactNode } from 'react';
import '../auth.css';
import { usePageTitle } from '../../../lib/page-title.ts';

/** The centred card every account page sits in; its title is also the document title. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <div className="card-body">
          <h1 id="auth-title" className="auth-title h3">
            {title}
          </h1>
          {intro ? <p className="auth-intro text-body-secondary">{intro}</p> : null}
          {children}
        </div>
        {footer ? <div className="card-footer auth-footer text-center">{footer}</div> : null}
      </section>
    </div>
  );
}
