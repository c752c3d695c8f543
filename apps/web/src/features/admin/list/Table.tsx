import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sort } from './useList.ts';

/** One column of an admin table. */
export interface Column<Row> {
  /** The header: a key of the table's namespace (empty for none), or words already written. */
  header: string | { text: string };
  /** What a row shows in the column. */
  cell: (row: Row, index: number) => ReactNode;
  /** The server's name of the column to sort by: the header becomes a button that sorts. */
  sort?: string;
  /** Classes of the column's cells, its header's too. */
  className?: string;
  /** Figures: the header and the cells to the end of the line. */
  end?: boolean;
  /** The width the cells keep on a narrow screen, so a text does not break a word a line. */
  minWidth?: string;
  /** The width a long text wraps at. */
  maxWidth?: string;
}

/** A column header that sorts: the first click sorts descending, the next one flips the order. */
function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: string;
  label: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
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

/**
 * Rows drawn by their columns, scrolling sideways inside their own box on a narrow screen; with `empty`, a table
 * without rows is that sentence instead.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  sort,
  onSort,
  empty,
  ns = 'admin',
  testId,
}: {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** A row's data attributes, by their full names. */
  rowProps?: (row: Row) => Record<`data-${string}`, string | number | undefined>;
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  empty?: string;
  /** The namespace of the header keys. */
  ns?: 'admin' | 'insights';
  testId?: string;
}) {
  const { t } = useTranslation(ns);
  if (empty !== undefined && rows.length === 0) return <p className="text-body-secondary small my-3">{empty}</p>;
  const labels = columns.map(({ header }) => (typeof header === 'string' ? header && t(header) : header.text));
  const classes = columns.map((column) => [column.className, column.end && 'text-end'].filter(Boolean).join(' '));
  return (
    <div className="table-responsive">
      <table className="table table-sm table-hover align-middle small mb-0" data-testid={testId}>
        {/* A table of pairs may go without a header. */}
        {labels.some(Boolean) && (
          <thead>
            <tr>
              {columns.map((column, index) =>
                column.sort && sort && onSort ? (
                  <SortHeader
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns keep their order
                    key={index}
                    column={column.sort}
                    label={labels[index] ?? ''}
                    sort={sort}
                    onSort={onSort}
                    className={classes[index] || undefined}
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns keep their order
                  <th key={index} scope="col" className={classes[index] || undefined}>
                    {labels[index]}
                  </th>
                ),
              )}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowProps?.(row)}>
              {columns.map((column, columnIndex) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns keep their order
                  key={columnIndex}
                  className={classes[columnIndex] || undefined}
                  style={{ minWidth: column.minWidth, maxWidth: column.maxWidth }}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
