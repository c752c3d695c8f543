import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { LOCAL_KEYS } from '../../../lib/storage.ts';

/** Local-storage keys of cached data (not settings or the session): translations, products, cards offline copy. */
const CACHED_PREFIXES = [LOCAL_KEYS.translations, 'products_full_data', LOCAL_KEYS.cardsCache];

/**
 * Empties this browser's caches: cached translations and products in local storage, the runtime caches of the
 * service worker (not its precache, which the next update replaces) and the data queries in memory.
 */
async function clearFrontendCaches(clearQueries: () => void): Promise<number> {
  let cleared = 0;
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key && CACHED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
      localStorage.removeItem(key);
      cleared++;
    }
  }
  if ('caches' in window) {
    for (const name of await caches.keys()) {
      if (name.includes('precache')) continue;
      if (await caches.delete(name)) cleared++;
    }
  }
  clearQueries();
  return cleared;
}

/** The cache tools of the admin popover and /advanced (spec 001 sections 2 and 8). */
export function CacheTools() {
  const { t } = useTranslation('insights');
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ ok: true, text: await task() });
    } catch (error) {
      setMessage({ ok: false, text: t('common.failed', { cause: (error as Error).message }) });
    } finally {
      setBusy(false);
    }
  };
  const frontend = () =>
    run(async () => {
      await clearFrontendCaches(() => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' }));
      return t('cache.frontendCleared');
    });
  const backend = () =>
    run(async () => {
      const replies = await Promise.all([
        api<{ clearedEntries: number }>('/products/cache/clear', { method: 'POST', body: {} }),
        api<{ clearedEntries: number }>('/calculations/clear-cache', { method: 'POST', body: {} }),
      ]);
      return t('cache.backendCleared', { count: replies.reduce((sum, reply) => sum + reply.clearedEntries, 0) });
    });
  return (
    <div data-testid="cache-tools">
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={busy}
          onClick={() => void frontend()}
        >
          {t('cache.clearFrontend')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={() => void backend()}>
          {t('cache.clearBackend')}
        </button>
      </div>
      {message && (
        <div
          className={`small mt-2 ${message.ok ? 'text-success' : 'text-danger'}`}
          role="status"
          data-testid="cache-message"
        >
          {message.text}
        </div>
      )}
    </div>
  );
}
