import type { FastifyReply } from 'fastify';

type Cell = string | number | boolean | Date | null | undefined;

/**
 * One CSV field (RFC 4180). A text that a spreadsheet would read as a formula gets a leading apostrophe, so an
 * exported user name such as `=HYPERLINK(...)` stays text when an administrator opens the file.
 */
function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The columns of a CSV export: each one's header and how a row gives its value. */
export type CsvColumns<Row> = ReadonlyArray<[header: string, value: (row: Row) => Cell]>;

/** Rows as CSV text with a header line, in the order `columns` gives. */
export function toCsv<Row>(rows: readonly Row[], columns: CsvColumns<Row>) {
  const lines = [columns.map(([header]) => csvField(header)).join(',')];
  for (const row of rows) lines.push(columns.map(([, value]) => csvField(value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Answers a CSV download named `{name}-{date}.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .send(`\uFEFF${csv}`);
}
