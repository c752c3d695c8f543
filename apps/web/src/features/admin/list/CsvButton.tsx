import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api.ts';
import { saveResponse } from '../../../lib/download.ts';
import { LOCAL_KEYS, local } from '../../../lib/storage.ts';
import { type Params, queryString } from '../data.ts';

/**
 * Downloads a whole list as CSV: the endpoint with the list's filters and order and `format=csv`, every page at once.
 * The request carries the bearer token, so it cannot be a plain link. The file keeps the name the server gives it
 * unless `name` names it.
 */
export function CsvButton({ path, params = {}, name }: { path: string; params?: Params; name?: string }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const token = local.get(LOCAL_KEYS.authToken);
      const query = queryString({ ...params, page: undefined, limit: undefined, format: 'csv' });
      const response = await fetch(apiUrl(`${path}${query}`), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(String(response.status));
      await saveResponse(response, 'export.csv', name ? `${name}.csv` : undefined);
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
