import type { AdminPagination } from '@hunab/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loaded } from '../ui/states.tsx';
import { CsvButton } from './CsvButton.tsx';
import { type Column, Table } from './Table.tsx';
import type { List } from './useList.ts';

/**
 * A list's bar: its tools at the start, the CSV download at the end, and below them the filters; with `fold`, the
 * filters hide behind a button on a phone and are always shown on a wide screen.
 */
function ListBar({
  tools,
  csv,
  filters,
  fold,
}: {
  tools?: ReactNode;
  csv: ReactNode;
  filters?: ReactNode;
  fold: boolean;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="admin-filters mb-3">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        {tools}
        {filters && fold && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary d-lg-none"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            {open ? t('list.hideFilters') : t('list.showFilters')}
          </button>
        )}
        <div className="ms-auto d-flex gap-2">{csv}</div>
      </div>
      {filters && (
        <div id={id} className={`row g-2 ${fold && !open ? 'd-none d-lg-flex' : ''}`}>
          {filters}
        </div>
      )}
    </div>
  );
}

/** The count of rows and the page of pages, with the buttons to the pages before and after. */
function Pager({
  pagination,
  onPage,
  total,
}: {
  pagination: AdminPagination;
  onPage: (page: number) => void;
  total?: (count: number) => string;
}) {
  const { t } = useTranslation('admin');
  const { page, total: count } = pagination;
  const pages = Math.max(1, pagination.pages);
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 mt-2" aria-label={t('list.pages')}>
      <span className="small text-body-secondary me-auto">{total ? total(count) : t('list.total', { count })}</span>
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

/**
 * An admin list drawn from its columns: the bar with the filters and the CSV download, the table of the page on
 * screen (sortable where a column names its sort), the pager; a spinner while the first page loads, the failure with
 * a retry, and a sentence where no row matches.
 */
export function AdminList<Row>({
  list,
  columns,
  rowKey,
  rowProps,
  filters,
  fold = true,
  tools,
  csvName,
  csv = true,
  empty,
  total,
  ns,
  testId,
}: {
  list: List<Row>;
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string | number;
  rowProps?: (row: Row) => Record<`data-${string}`, string | number | undefined>;
  /** The filters' fields. */
  filters?: ReactNode;
  /** Whether the filters fold away on a phone. */
  fold?: boolean;
  /** Buttons before the filters, such as a "new" one. */
  tools?: ReactNode;
  /** The CSV file's name, where the server's name is not wanted. */
  csvName?: string;
  /** Whether the list offers its CSV download (not where rows hold secrets, such as the letters' links). */
  csv?: boolean;
  /** The sentence of an empty list, where "nothing matches these filters" does not fit. */
  empty?: string;
  /** The count of rows in the list's own words. */
  total?: (count: number) => string;
  ns?: 'admin' | 'insights';
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <ListBar
        tools={tools}
        filters={filters}
        fold={fold}
        csv={csv && <CsvButton path={list.path} params={list.params} name={csvName} />}
      />
      <Loaded query={list.query}>
        {(reply) => (
          <>
            <Table
              columns={columns}
              rows={reply.data}
              rowKey={rowKey}
              rowProps={rowProps}
              sort={list.sort}
              onSort={list.setSort}
              empty={empty ?? t('list.empty')}
              ns={ns}
              testId={testId}
            />
            {(reply.data.length > 0 || reply.pagination.page > 1) && (
              <Pager pagination={reply.pagination} onPage={list.setPage} total={total} />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
