import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation('insights');
  return (
    <div className="spinner-border spinner-border-sm" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export function Failed({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation('insights');
  return (
    <div className="alert alert-danger d-flex flex-wrap gap-2 align-items-center" role="alert">
      <span>{t('common.failed', { cause: error instanceof Error ? error.message : String(error) })}</span>
      {retry && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** One figure with its name, in a grid of two per row on a phone. */
export function Stat({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'danger' | undefined;
  testId?: string;
}) {
  return (
    <div className="col-6 col-md-4 col-xl-3">
      <div className="card insights-stat h-100" data-testid={testId}>
        <div className="card-body p-2">
          <div className={`value${tone ? ` text-${tone}` : ''}`}>{value}</div>
          <div className="small text-body-secondary">{label}</div>
        </div>
      </div>
    </div>
  );
}

/** The from/to fields of a section's range. */
export function RangeFields({
  from,
  to,
  onChange,
  children,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('insights');
  return (
    <div className="row g-2 align-items-end mb-3">
      <div className="col-6 col-md-3">
        <label className="form-label small mb-0" htmlFor="insights-from">
          {t('common.from')}
        </label>
        <input
          id="insights-from"
          type="date"
          className="form-control form-control-sm"
          value={from}
          max={to}
          onChange={(event) => event.target.value && onChange({ from: event.target.value, to })}
        />
      </div>
      <div className="col-6 col-md-3">
        <label className="form-label small mb-0" htmlFor="insights-to">
          {t('common.to')}
        </label>
        <input
          id="insights-to"
          type="date"
          className="form-control form-control-sm"
          value={to}
          min={from}
          onChange={(event) => event.target.value && onChange({ from, to: event.target.value })}
        />
      </div>
      {children}
    </div>
  );
}
