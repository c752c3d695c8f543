import { DASH_TABS, type MATRIX_KINDS } from '@hunab/contracts';

export type MatrixKind = (typeof MATRIX_KINDS)[number];
export type DashTab = (typeof DASH_TABS)[number];

/** What one page view counts as: a matrix kind, or a dashboard tab. */
export type CountedView = { scope: 'matrices'; kind: MatrixKind } | { scope: 'dash'; tab: DashTab };

const MATRIX_OF_PATH: Record<string, MatrixKind> = {
  '/tzolkin': 'tzolkin_matrix',
  '/moon': 'moon_matrix',
  '/context': 'context_matrix',
  '/process': 'process_matrix',
  '/plasma': 'plasma_matrix',
  '/kin': 'kin_matrix',
  '/cross': 'oracle_matrix',
};

/**
 * The view a page counts (spec 001 section 6), from its path without the language prefix and its query: the seven
 * matrix kinds by their first path part, the dashboard by its tab (seal by default); other pages count nothing.
 */
export function countedViewOf(path: string, search: string): CountedView | null {
  if (path === '/dash') {
    const tab = new URLSearchParams(search).get('tab') ?? 'seal';
    return (DASH_TABS as readonly string[]).includes(tab) ? { scope: 'dash', tab: tab as DashTab } : null;
  }
  const first = `/${path.split('/')[1] ?? ''}`;
  const kind = MATRIX_OF_PATH[first];
  return kind ? { scope: 'matrices', kind } : null;
}
