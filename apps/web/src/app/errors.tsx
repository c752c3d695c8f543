import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../lib/error-reporting.ts';
import { ReadyMark } from '../lib/hydration.tsx';
import { isChunkLoadError, startChunkRecovery } from './update.tsx';

/** 'Unexpected Application Error!' for a route that failed: its message. */
function RouteErrorPage({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    startChunkRecovery();
    return null;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="error-screen" role="alert">
      <ReadyMark />
      <h1 className="h3">Unexpected Application Error!</h1>
      <p className="text-body-secondary">{detail}</p>
      <a className="btn btn-primary" href="/">
        Hunab
      </a>
    </main>
  );
}

/**
 * What a page or the layout throws while rendering shows the route's error page; moving to another address tries
 * again, as React Router's route error boundary did.
 */
export class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; pathname: string; failed: boolean }
> {
  override state = { error: null as unknown, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { pathname: string; failed: boolean; error: unknown },
  ) {
    return props.pathname === state.pathname
      ? null
      : { pathname: props.pathname, failed: false, error: null as unknown };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

function SomethingWentWrong({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <main className="error-screen" role="alert">
      <ReadyMark />
      <h1 className="h3">{t('errors.somethingWrong', 'Something went wrong')}</h1>
      <details className="text-start my-3">
        <summary>{t('errors.details', 'Details')}</summary>
        <pre className="small text-wrap">{error.message}</pre>
      </details>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('errors.reload', 'Reload page')}
      </button>
    </main>
  );
}

/** Catches what a component throws while rendering: 'Something went wrong', details, 'Reload page'. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error)) {
      startChunkRecovery();
      return;
    }
    reportError(error, { componentStack: info.componentStack ?? '' }, 'component');
  }

  override render() {
    if (this.state.error && !isChunkLoadError(this.state.error)) return <SomethingWentWrong error={this.state.error} />;
    return this.props.children;
  }
}

/** Shown when the app cannot start at all. Plain DOM: nothing of the app may be working. */
export function showStartupFailure(error: unknown): void {
  const root = document.getElementById('root');
  if (!root) return;
  root.innerHTML = '';
  const main = document.createElement('main');
  main.className = 'error-screen';
  main.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.className = 'h3';
  title.textContent = 'Failed to load the application';
  const text = document.createElement('p');
  text.textContent = 'Please try refreshing the page';
  const button = document.createElement('button');
  button.className = 'btn btn-primary';
  button.textContent = 'Retry';
  button.addEventListener('click', () => window.location.reload());
  main.append(title, text, button);
  root.append(main);
  console.error(error);
}
