import { ADMIN_CSV_MAX_ROWS, type AdminListQuery } from '@hunab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CsvColumns, sendCsv, toCsv } from '../../../lib/csv.ts';
import { errorResponses } from '../../../lib/errors.ts';
import type { Session } from '../../auth/service.ts';
import type { sessionHooks } from '../../auth/session.ts';
import type { Page } from '../repository/shared.ts';

export const errors = errorResponses(400, 401, 403, 404, 409, 429);
export const tags = ['admin'];

export const iso = (value: Date | string | null | undefined) =>
  value instanceof Date ? value.toISOString() : (value ?? null);

/** What every section of the admin area's routes shares. */
export interface AdminSection {
  session: ReturnType<typeof sessionHooks>;
  /** The hooks of a route for administrators only. */
  guard: { preHandler: ReturnType<typeof sessionHooks>[keyof ReturnType<typeof sessionHooks>][] };
  /**
   * The administrator who makes a change. Changes are cheap to make by mistake in a loop, so each one counts
   * against the administrator's changes of the minute, across every section.
   */
  changedBy(request: FastifyRequest): Session;
}

/** The rows of one page, or of the whole export for CSV. */
export function pageOf(query: Pick<AdminListQuery, 'page' | 'limit' | 'format'>): Page {
  return query.format === 'csv'
    ? { limit: ADMIN_CSV_MAX_ROWS, offset: 0 }
    : { limit: query.limit, offset: (query.page - 1) * query.limit };
}

export const paginationOf = (query: Pick<AdminListQuery, 'page' | 'limit'>, total: number) => ({
  page: query.page,
  limit: query.limit,
  total,
  pages: Math.max(1, Math.ceil(total / query.limit)),
});

/** A CSV download of a list: its file name and columns. */
export interface CsvExport<Row> {
  name: string;
  columns: CsvColumns<Row>;
}

/** A page of a list with its pagination, or, for `format=csv`, the whole list as a CSV download. */
export function pageOrCsv<Row>(
  reply: FastifyReply,
  query: Pick<AdminListQuery, 'page' | 'limit' | 'format'>,
  list: { data: Row[]; total: number },
  csv: CsvExport<Row>,
) {
  if (query.format === 'csv') return sendCsv(reply, csv.name, toCsv(list.data, csv.columns));
  return { success: true as const, data: list.data, pagination: paginationOf(query, list.total) };
}
