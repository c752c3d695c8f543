import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import type { ErrorView } from '../errors.ts';

/** A failed request, in a dismissible red alert: the server's words or the translated message, plus extras. */
export function ErrorAlert({
  view,
  onClose,
  heading,
  children,
}: {
  view: ErrorView | null;
  /** Without it the alert cannot be closed. */
  onClose?: () => void;
  /** A first line in bold, above the message. */
  heading?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  if (!view) return null;
  return (
    <Alert
      variant="danger"
      dismissible={!!onClose}
      onClose={onClose}
      closeLabel={t('common.close')}
      className="auth-alert"
      data-testid="auth-error"
      data-code={view.code}
    >
      {heading ? <p className="fw-semibold mb-1">{heading}</p> : null}
      <p className="mb-0">{view.message ?? t(view.key, view.values)}</p>
      {view.detailKey ? <p className="mb-0 mt-1 small">{t(view.detailKey)}</p> : null}
      {children}
    </Alert>
  );
}

/** A confirmation in a green (or blue) alert that screen readers announce politely. */
export function NoticeAlert({
  variant = 'success',
  children,
  onClose,
  testId,
}: {
  variant?: 'success' | 'info' | 'warning';
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Alert
      variant={variant}
      dismissible={!!onClose}
      onClose={onClose}
      closeLabel={t('common.close')}
      className="auth-alert"
      role="status"
      aria-live="polite"
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
