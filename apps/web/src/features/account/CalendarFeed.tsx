import type { FeedLink, FeedStatus } from '@hunab/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../components/FormField.tsx';
import { ApiRequestError, api } from '../../lib/api.ts';

const STATUS_KEY = ['feed', 'status'];

/** What the feed may carry besides the days, with the labels of their boxes. */
const FEED_PARTS = [
  ['returns', 'includeReturns'],
  ['cards', 'includeCards'],
] as const;

/**
 * The personal calendar feed on the account page: make its secret address (shown once, since only its hash is
 * kept), make a new one, or revoke it. Subscribing is left to the reader's calendar app through webcal://.
 */
export function CalendarFeed() {
  const { t, i18n } = useTranslation('feed');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api<{ data: FeedStatus }>('/feed').then((reply) => reply.data),
  });
  const [link, setLink] = useState<FeedLink | null>(null);
  const [include, setInclude] = useState({ returns: true, cards: true });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setMessage({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('failed') });
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const reply = await api<{ data: FeedLink }>('/feed', {
        method: 'POST',
        body: { include_returns: include.returns, include_cards: include.cards },
      });
      setLink(reply.data);
      setCopied(false);
      queryClient.setQueryData(STATUS_KEY, reply.data);
    });

  const revoke = () =>
    run(async () => {
      const reply = await api<{ data: FeedStatus }>('/feed', { method: 'DELETE' });
      setLink(null);
      queryClient.setQueryData(STATUS_KEY, reply.data);
      setMessage({ kind: 'success', text: t('revoked') });
    });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.https_url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const active = status.data?.active ?? false;
  const publicUrl = `/api/feed/daily.ics?lang=${i18n.language}`;

  return (
    <section className="settings-card" data-testid="calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 className="h6" id="calendar-feed-title">
        {t('title')}
      </h2>
      <p className="small text-body-secondary">{t('intro')}</p>
      {active && !link && status.data?.created_at && (
        <p className="small" data-testid="feed-active">
          {t('activeSince', { date: new Date(status.data.created_at).toLocaleDateString(i18n.language) })}
        </p>
      )}
      {link && (
        <div className="mb-2" data-testid="feed-link">
          <p className="small mb-1">{t('shownOnce')}</p>
          <div className="input-group input-group-sm mb-2">
            <input
              className="form-control font-monospace"
              readOnly
              dir="ltr"
              value={link.https_url}
              aria-label={t('address')}
              data-testid="feed-url"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
              {copied ? t('copied') : t('copy')}
            </button>
          </div>
          <a className="btn btn-sm btn-primary" href={link.webcal_url} data-testid="feed-webcal">
            {t('subscribe')}
          </a>
        </div>
      )}
      {!active && (
        <div className="mb-2">
          {FEED_PARTS.map(([part, label]) => (
            <CheckField
              key={part}
              id={`feed-${part}`}
              labelClassName="small"
              label={t(label)}
              checked={include[part]}
              onCheckedChange={(checked) => setInclude((old) => ({ ...old, [part]: checked }))}
            />
          ))}
        </div>
      )}
      <div className="d-flex gap-2 flex-wrap">
        <button
          type="button"
          className={active ? 'btn btn-outline-primary' : 'btn btn-primary'}
          disabled={busy || status.isPending}
          onClick={() => void create()}
          data-testid="feed-create"
        >
          {active ? t('regenerate') : t('create')}
        </button>
        {active && (
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={busy}
            onClick={() => void revoke()}
            data-testid="feed-revoke"
          >
            {t('revoke')}
          </button>
        )}
      </div>
      {message && (
        <p className={`small mt-2 mb-0 text-${message.kind}`} role="status">
          {message.text}
        </p>
      )}
      <p className="small text-body-secondary mt-3 mb-0">
        {t('public')}{' '}
        <a href={publicUrl} data-testid="feed-public">
          {t('publicLink')}
        </a>
      </p>
    </section>
  );
}
