import type { JournalEntry, JournalExportFormat, JournalLimits, JournalSummary } from '@hunab/contracts';
import { api } from '../../lib/api.ts';

export interface JournalFilters {
  seal?: number;
  tone?: number;
  wavespell?: number;
  moon?: number;
  q?: string;
}

export interface JournalPage {
  data: JournalEntry[];
  total: number;
  page: number;
  limits: JournalLimits;
}

export const JOURNAL_KEYS = {
  all: ['journal'] as const,
  list: (filters: JournalFilters, page: number) => ['journal', 'list', filters, page] as const,
  entry: (date: string) => ['journal', 'entry', date] as const,
  summary: ['journal', 'summary'] as const,
};

function queryString(filters: JournalFilters & { page?: number; limit?: number; format?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchJournal = (filters: JournalFilters, page: number) =>
  api<JournalPage>(`/journal${queryString({ ...filters, page, limit: 20 })}`);

/** The entry of a day, or null when the day has none. */
export async function fetchEntry(date: string): Promise<JournalEntry | null> {
  return (await api<{ data: JournalEntry | null }>(`/journal/${date}`)).data;
}

export const saveEntry = (date: string, body: { text: string; mood: number | null; tags: string[] }) =>
  api<{ data: JournalEntry; limits: JournalLimits }>(`/journal/${date}`, { method: 'PUT', body });

export const deleteEntry = (date: string) => api(`/journal/${date}`, { method: 'DELETE' });
export const deleteAll = () => api<{ deleted: number }>('/journal', { method: 'DELETE' });
export const fetchSummary = async () => (await api<{ data: JournalSummary }>('/journal/summary')).data;

/** Fetches the export with the session and hands it to the browser as a file. */
export async function downloadExport(format: JournalExportFormat, filters: JournalFilters): Promise<void> {
  const body = await api<string>(`/journal/export${queryString({ ...filters, format })}`, {
    headers: { accept: format === 'csv' ? 'text/csv' : 'text/markdown' },
  });
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const url = URL.createObjectURL(
    new Blob([text], { type: format === 'csv' ? 'text/csv;charset=utf-8' : 'text/markdown;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `hunab-journal.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
