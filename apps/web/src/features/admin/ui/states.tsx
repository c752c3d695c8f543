import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../data.ts';

/** A small spinner while something is read. */
export function Loading() {
  const { t } = useTranslation('insights');
  return (
    <div className="spinner-border spinner-border-sm" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** A failure, with a button that tries again where that can help. */
export function Failed({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation('insights');
  return (
    <div className="alert alert-danger d-flex flex-wrap gap-2 align-items-center" role="alert">
      <span>{t('common.failed', { cause: errorText(error) })}</span>
      {retry && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** What a query has read, once it has: the spinner until then, the failure and its retry if it failed. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  return children(query.data);
}
