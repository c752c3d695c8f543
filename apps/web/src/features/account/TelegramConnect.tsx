import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, api } from '../../lib/api.ts';

const LINKS_KEY = ['telegram', 'links'];

interface Links {
  enabled: boolean;
  username: string | null;
  chats: { chat_id: string; linked_at: string | null; active: boolean }[];
}

/**
 * "Connect Telegram" on the account page: a one-time t.me link (15 minutes) that opens the bot and links the chat,
 * the chats already linked, and unlinking. Hidden when the server runs no bot.
 */
export function TelegramConnect() {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: LINKS_KEY, queryFn: () => api<Links>('/telegram/links') });
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!links.data?.enabled) return null;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : t('telegram.failed'));
    } finally {
      setBusy(false);
    }
  };
  const connect = () =>
    run(async () => {
      const reply = await api<{ url: string }>('/telegram/link-token', { method: 'POST', body: {} });
      setUrl(reply.url);
    });
  const unlink = (chatId: string) =>
    run(async () => {
      await api('/telegram/unlink', { method: 'POST', body: { chat_id: chatId } });
      await queryClient.invalidateQueries({ queryKey: LINKS_KEY });
    });

  return (
    <section className="settings-card" data-testid="telegram-connect">
      <h2 className="h6">{t('telegram.title')}</h2>
      <p className="small text-body-secondary">{t('telegram.lead')}</p>
      {links.data.chats.length > 0 && (
        <ul className="list-unstyled mb-3">
          {links.data.chats.map((chat) => (
            <li key={chat.chat_id} className="d-flex align-items-center gap-2 mb-1">
              <span>{chat.active ? t('telegram.linked') : t('telegram.blocked')}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy}
                onClick={() => void unlink(chat.chat_id)}
              >
                {t('telegram.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {url ? (
        <p className="mb-0">
          <a className="btn btn-primary" href={url} target="_blank" rel="noopener" data-testid="telegram-link">
            {t('telegram.open')}
          </a>
          <span className="small text-body-secondary ms-2">{t('telegram.expires')}</span>
        </p>
      ) : (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void connect()}>
          {t('telegram.connect')}
        </button>
      )}
      {error && (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
