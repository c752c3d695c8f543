import type { CrmStatus } from '@hunab/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError, api } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';

const fetchStatus = async () => (await api<{ data: CrmStatus }>('/admin/crm/status')).data;
const connect = async (body: { code: string; state: string }) =>
  (await api<{ data: CrmStatus }>('/admin/crm/connect', { method: 'POST', body })).data;
const authorizeUrl = async () => (await api<{ url: string }>('/admin/crm/authorize-url')).url;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/**
 * /amoauth, the return page of the CRM connection (administrators only): with the CRM's `code` and `state` in the
 * address it asks the server to trade them for tokens and says how it went; without them it shows the connection's
 * state and a button to (re)connect. The code is taken out of the address once sent, so a reload does not reuse it.
 */
export default function CrmReturnPage() {
  const { t } = useTranslation('growth');
  usePageTitle(t('crm.title'));
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const refused = params.get('error');
  const status = useQuery({ queryKey: ['crm-status'], queryFn: fetchStatus, enabled: !code });
  const exchange = useMutation({ mutationFn: connect });
  const start = useMutation({
    mutationFn: authorizeUrl,
    onSuccess: (url) => window.location.assign(url),
  });
  const sent = useRef(false);

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    exchange.mutate({ code, state });
    setParams({}, { replace: true });
  }, [code, state, exchange, setParams]);

  const connected = exchange.data ?? status.data;
  return (
    <div className="container py-4" style={{ maxWidth: '40rem' }} data-testid="crm-return">
      <h1 className="h4 mb-3">{t('crm.title')}</h1>
      {refused && (
        <p className="alert alert-warning" role="alert">
          {t('crm.refused')}
        </p>
      )}
      {exchange.isPending && <p role="status">{t('crm.connecting')}</p>}
      {exchange.isSuccess && (
        <p className="alert alert-success" role="status" data-testid="crm-success">
          {t('crm.success')}
        </p>
      )}
      {exchange.isError && (
        <p className="alert alert-danger" role="alert" data-testid="crm-error">
          {errorText(exchange.error, t('crm.failed'))}
        </p>
      )}
      {status.isError && (
        <p className="alert alert-danger" role="alert" data-testid="crm-error">
          {errorText(status.error, t('crm.failed'))}
        </p>
      )}
      {connected && (
        <div className="settings-card" data-testid="crm-status">
          <p className="mb-2">
            {!connected.configured
              ? t('crm.notConfigured')
              : connected.connected
                ? t('crm.connected', { until: new Date(connected.expires_at ?? '').toLocaleString() })
                : t('crm.notConnected')}
          </p>
          {connected.configured && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => start.mutate()}
              disabled={start.isPending}
              data-testid="crm-connect"
            >
              {connected.connected ? t('crm.reconnect') : t('crm.connect')}
            </button>
          )}
          {start.isError && <p className="text-danger small mt-2 mb-0">{errorText(start.error, t('crm.failed'))}</p>}
        </div>
      )}
    </div>
  );
}
