import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProducts, fetchVariations } from '../src/features/commerce/api.ts';
import { formatMoney } from '../src/lib/plans.ts';
import { clearTransactionId, transactionId } from '../src/lib/transaction.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});
afterEach(() => vi.unstubAllGlobals());

const product = (id: string) => ({ id, name: id, prices: { RUB: 100, USD: 1 }, type: 'program' });
const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the products cache (spec 001 section 4)', () => {
  it('keeps the list for an hour, then asks again', async () => {
    const fetch = answer({ success: true, products: [product('13days')] });
    vi.stubGlobal('fetch', fetch);
    const first = await fetchProducts('ru', 1_000_000);
    expect(first).toMatchObject({ source: 'api', message: null });
    await fetchProducts('ru', 1_000_000 + 59 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await fetchProducts('ru', 1_000_000 + 61 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    const stored = JSON.parse(window.localStorage.getItem('products_full_data') ?? '{}');
    expect(stored).toMatchObject({ ttl: 3_600_000, version: '2025.09.04', lang: 'ru' });
  });

  it('uses the cached copy when the API fails, and the built-in products without one', async () => {
    vi.stubGlobal('fetch', answer({ success: false }, 503));
    const fallback = await fetchProducts('en', 0);
    expect(fallback.message).toBe('Using fallback data - no cached data available');
    expect(fallback.products.map((p) => [p.id, p.price_rub, p.price_usd, p.level, p.days])).toEqual([
      ['13days', 2900, 29, 1, 13],
      ['260days', 5900, 59, 2, 260],
      ['13moons', 12900, 129, 3, 365],
    ]);
    vi.stubGlobal('fetch', answer({ success: true, products: [product('13moons')] }));
    await fetchProducts('en', 0);
    vi.stubGlobal('fetch', answer({ success: false }, 500));
    const cached = await fetchProducts('en', 2 * 3_600_000);
    expect(cached).toMatchObject({ source: 'cache', message: 'Using cached data due to API unavailability' });
    expect(cached.products.map((p) => p.id)).toEqual(['13moons']);
  });

  it('does not ask for a product’s variations again within 60 s of a failure', async () => {
    const failing = answer({ success: false, error: { code: 'X', message: 'down' } }, 500);
    vi.stubGlobal('fetch', failing);
    await expect(fetchVariations('13moons', 'ru', 0)).rejects.toThrow();
    await expect(fetchVariations('13moons', 'ru', 30_000)).rejects.toThrow(
      'Too many failed attempts. Please try again later.',
    );
    expect(failing).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', answer({ success: true, variations: [product('13moons_simple')] }));
    expect(await fetchVariations('13moons', 'ru', 61_000)).toHaveLength(1);
  });
});

describe('money and the transaction id', () => {
  it('writes minor units in the language’s currency', async () => {
    expect(formatMoney(290000, 'RUB', 'ru').replace(/\s/g, ' ')).toBe('2 900 ₽');
    expect(formatMoney(2900, 'USD', 'en')).toBe('$29.00');
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
  });

  it('keeps one transaction id for two hours', async () => {
    const id = transactionId(0);
    expect(transactionId(3_600_000)).toBe(id);
    expect(transactionId(2 * 3_600_000 + 1)).not.toBe(id);
    clearTransactionId();
    expect(window.localStorage.getItem('transaction_id')).toBeNull();
  });
});
