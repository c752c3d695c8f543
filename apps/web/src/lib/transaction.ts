import { local } from './storage.ts';

/**
 * The checkout's transaction id (spec 001 sections 3 and 9): made on first use, reused for two hours, cleared by the
 * success page once it has tracked the purchase.
 */
const KEY = 'transaction_id';
const TTL_MS = 2 * 3_600_000;

export function transactionId(now = Date.now()): string {
  try {
    const saved = JSON.parse(local.get(KEY) ?? 'null') as { id: string; at: number } | null;
    if (saved && typeof saved.id === 'string' && now - saved.at < TTL_MS) return saved.id;
  } catch {}
  const id = `txn_${now.toString(36)}_${crypto.randomUUID().slice(0, 8)}`;
  local.set(KEY, JSON.stringify({ id, at: now }));
  return id;
}

export function clearTransactionId(): void {
  local.remove(KEY);
}
