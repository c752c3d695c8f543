import { api } from './api.ts';
import { local } from './storage.ts';

/**
 * The background product sync of spec 000 section 7: once a day the full catalogue (variations included) is read and
 * kept for the products pages and the native shell's offline use. Failures are silent and leave the old copy.
 */
const KEY = 'products_sync';
const EVERY_MS = 24 * 3_600_000;

export async function syncProducts(now = Date.now()): Promise<void> {
  try {
    const last = JSON.parse(local.get(KEY) ?? 'null') as { at: number } | null;
    if (last && now - last.at < EVERY_MS) return;
    const reply = await api<{ success?: unknown; products?: unknown[] }>(
      '/products?include_variations=true&parent_only=false&limit=50',
      { auth: false },
    );
    if (reply?.success !== true || !Array.isArray(reply.products)) return;
    local.set(KEY, JSON.stringify({ at: now, products: reply.products }));
  } catch {
    // Product sync failures are silent (spec 000 section 8).
  }
}
