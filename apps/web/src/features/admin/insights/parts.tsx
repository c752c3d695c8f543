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

/** A column header that sorts its list: a first click sorts descending, the next one flips the order. */
export function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: string;
  label: string;
  sort: { by: string; order: 'asc' | 'desc' };
  onSort: (sort: { by: string; order: 'asc' | 'desc' }) => void;
  className?: string;
}) {
  const active = sort.by === column;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className="btn btn-link btn-sm p-0 text-reset text-decoration-none fw-semibold text-nowrap"
        onClick={() => onSort({ by: column, order: active && sort.order === 'desc' ? 'asc' : 'desc' })}
      >
        {label}
        {active && <span aria-hidden="true">{sort.order === 'asc' ? ' ▲' : ' ▼'}</span>}
      </button>
    </th>
  );
}

/** Previous/next under a list, with the page of pages. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('insights');
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span className="small text-body-secondary">{t('common.page', { page, pages: Math.max(1, pages) })}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </div>
  );
}
