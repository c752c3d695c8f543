import type { AdminPagination } from '@hunab/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY, type Params, queryString } from '../data.ts';

/** A list endpoint's reply: one page of rows and where it stands among the pages. */
export interface ListReply<Row> {
  data: Row[];
  pagination: AdminPagination;
}

export type Order = 'asc' | 'desc';

export interface Sort {
  by: string;
  order: Order;
}

export interface ListOptions<Filters> {
  /** The list endpoint. */
  path: string;
  /** The filters' first values: empty ones are not sent. */
  filters: Filters;
  /** The column sorted by at first, and its order (descending unless said); without it, the server's order. */
  sort?: string;
  order?: Order;
  /** Rows a page. */
  limit: number;
  /** Parameters sent with every page and with the CSV, besides the filters. */
  params?: Params;
}

/**
 * One page of an admin list with its filters, order and page: a new filter or order goes back to page 1, and the page
 * on screen stays while the next one loads. `Extra` is what else the endpoint answers beside the rows.
 */
export function useList<Row, Filters extends Record<string, string> = Record<string, never>, Extra = unknown>(
  options: ListOptions<Filters>,
) {
  const { path, limit } = options;
  const [state, setState] = useState({
    filters: options.filters,
    sort: options.sort === undefined ? undefined : ({ by: options.sort, order: options.order ?? 'desc' } as Sort),
    page: 1,
  });
  /** What the list shows, all pages together: the CSV download asks for the same. */
  const params: Params = { ...state.filters, ...options.params, sort: state.sort?.by, order: state.sort?.order };
  const request = { ...params, page: state.page, limit };
  const query = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, path, request],
    queryFn: () => api<ListReply<Row> & Extra>(`${path}${queryString(request)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return {
    path,
    params,
    query,
    filters: state.filters,
    sort: state.sort,
    setFilters: (changed: Partial<Filters>) =>
      setState((s) => ({ ...s, filters: { ...s.filters, ...changed }, page: 1 })),
    setSort: (sort: Sort) => setState((s) => ({ ...s, sort, page: 1 })),
    setPage: (page: number) => setState((s) => ({ ...s, page })),
  };
}

export type List<Row, Extra = unknown> = Pick<
  ReturnType<typeof useList<Row, Record<string, string>, Extra>>,
  'path' | 'params' | 'query' | 'sort' | 'setSort' | 'setPage'
>;
