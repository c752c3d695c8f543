import type { AdminPagination } from '@hunab/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dialog } from '../../../components/Dialog.tsx';
import { ApiRequestError, api, apiUrl } from '../../../lib/api.ts';
import { splitLanguage } from '../../../lib/languages.ts';
import { LOCAL_KEYS, local } from '../../../lib/storage.ts';

/** A list endpoint's reply. */
export interface ListReply<Row> {
  success: true;
  data: Row[];
  pagination: AdminPagination;
}

export type Params = Record<string, string | number | boolean | undefined | null>;

/** The query string of the set parameters, empty ones left out. */
export function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** One page of an admin list; the previous page stays on screen while the next loads. */
export function useAdminList<Row>(path: string, params: Params) {
  return useQuery({
    queryKey: ['admin', path, params],
    queryFn: () => api<ListReply<Row>>(`${path}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });
}

/** The interface language of the admin page. */
export function useLang() {
  return splitLanguage(useLocation().pathname).lang;
}

/** A date and time as the admin tables show it (the interface language's conventions). */
export function useDateTime() {
  const lang = useLang();
  return (value: string | null | undefined) => {
    if (!value) return '—';
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
  };
}

/** Minor units as money in the interface language. */
export function useMoney() {
  const lang = useLang();
  return (minor: number, currency: string) => {
    try {
      return (minor / 100).toLocaleString(lang, { style: 'currency', currency });
    } catch {
      return `${(minor / 100).toFixed(2)} ${currency}`;
    }
  };
}

/** The message of a failed call, for an alert. */
export function errorText(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : String((error as Error)?.message ?? error);
}

/** Downloads the whole filtered list as CSV (the list endpoint with format=csv). */
export function CsvButton({ path, params }: { path: string; params: Params }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const token = local.get(LOCAL_KEYS.authToken);
      const response = await fetch(apiUrl(`${path}${queryString({ ...params, page: undefined, format: 'csv' })}`), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary" onClick={download} disabled={busy}>
      {failed ? t('list.csvFailed') : t('list.csv')}
    </button>
  );
}

/** The filters of a list: always shown on wide screens, behind a toggle on a phone. */
export function Filters({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="admin-filters mb-3">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary d-lg-none"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? t('list.hideFilters') : t('list.showFilters')}
        </button>
        <div className="ms-auto d-flex gap-2">{actions}</div>
      </div>
      <div id={id} className={`row g-2 ${open ? '' : 'd-none d-lg-flex'}`}>
        {children}
      </div>
    </div>
  );
}

/** One labelled filter field. */
export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-12 col-md-6 col-lg-4' : 'col-6 col-md-4 col-lg-2'}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in */}
      <label className="form-label small mb-1 d-block">
        {label}
        {children}
      </label>
    </div>
  );
}

/** A list filter's drop-down: "any" first, then the options, each a value or a [value, label] pair. */
export function FilterSelect({
  value,
  onChange,
  options,
}: {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<string | readonly [string, string]>;
}) {
  const { t } = useTranslation('admin');
  return (
    <select className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('filters.any')}</option>
      {options.map((option) => {
        const [optionValue, label] = typeof option === 'string' ? [option, option] : option;
        return (
          <option key={optionValue} value={optionValue}>
            {label}
          </option>
        );
      })}
    </select>
  );
}

/** Page numbers and the total of a list. */
export function Pager({ pagination, onPage }: { pagination?: AdminPagination; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  if (!pagination) return null;
  const { page, pages, total } = pagination;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 mt-2" aria-label={t('list.pages')}>
      <span className="small text-body-secondary me-auto">{t('list.total', { count: total })}</span>
      <div className="d-flex align-items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('list.previous')}
        </button>
        <span className="small text-nowrap">{t('list.page', { page, pages })}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('list.next')}
        </button>
      </div>
    </nav>
  );
}

/** A table that scrolls sideways inside itself on a narrow screen. */
export function Table({ head, children, empty }: { head: ReactNode; children: ReactNode; empty: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <div className="table-responsive">
      <table className="table table-sm table-hover align-middle small mb-0">
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className="text-body-secondary small my-3">{t('list.empty')}</p>}
    </div>
  );
}

/** A sortable column header: the first click sorts descending, the next ascending. */
export function SortHeader({
  label,
  column,
  sort,
  order,
  onSort,
}: {
  label: string;
  column: string;
  sort: string;
  order: 'asc' | 'desc';
  onSort: (column: string, order: 'asc' | 'desc') => void;
}) {
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className="btn btn-link btn-sm p-0 text-reset text-decoration-none fw-semibold text-nowrap"
        onClick={() => onSort(column, active && order === 'desc' ? 'asc' : 'desc')}
      >
        {label}
        {active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

/**
 * A confirmation of a change that needs a reason (written to the audit log with it), with optional fields of its
 * own above the reason.
 */
export function ReasonDialog({
  title,
  confirm,
  onConfirm,
  onClose,
  children,
  reasonRequired = true,
  withReason = true,
}: {
  title: string;
  confirm: string;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
  reasonRequired?: boolean;
  /** Whether the change takes a reason at all (a plain confirmation when not). */
  withReason?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} closeLabel={t('actions.close')} onClose={onClose}>
      <form onSubmit={submit} className="d-grid gap-2">
        {children}
        {withReason && (
          <label className="form-label mb-0">
            {reasonRequired ? t('actions.reason') : t('actions.reasonOptional')}
            <textarea
              className="form-control"
              name="reason"
              rows={2}
              maxLength={500}
              minLength={reasonRequired ? 3 : undefined}
              required={reasonRequired}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        )}
        {error && (
          <div className="alert alert-danger py-2 mb-0" role="alert">
            {error}
          </div>
        )}
        <div className="d-flex gap-2 justify-content-end">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A list's sorting, paging and filters, kept together; changing a filter goes back to page 1. */
export function useListState<F extends Params>(initial: F, sort: string) {
  const [state, setState] = useState({
    ...initial,
    page: 1,
    sort,
    order: 'desc' as 'asc' | 'desc',
  });
  return {
    state,
    setFilter: (key: keyof F, value: F[keyof F]) => setState((s) => ({ ...s, [key]: value, page: 1 })),
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setSort: (column: string, order: 'asc' | 'desc') => setState((s) => ({ ...s, sort: column, order, page: 1 })),
  };
}

/** A search box that applies what is typed after a short pause. */
export function SearchField({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout> | null>(null);
  return (
    <input
      type="search"
      className="form-control form-control-sm"
      aria-label={label}
      placeholder={label}
      maxLength={200}
      value={text}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        if (timer) clearTimeout(timer);
        setTimer(setTimeout(() => onSearch(value.trim()), 300));
      }}
    />
  );
}
