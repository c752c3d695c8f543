import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProducts, fetchVariations, forgetVariationsInMemory } from '../src/features/commerce/api.ts';
import { resultView } from '../src/features/commerce/result.ts';
import { heldProgrammeOf, programmeOpens } from '../src/lib/owned-programmes.ts';
import { formatMoney } from '../src/lib/plans.ts';
import { clearTransactionId, transactionId } from '../src/lib/transaction.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  forgetVariationsInMemory();
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

  it('keeps a product’s variations for 5 minutes in memory and in session storage', async () => {
    const fetch = answer({ success: true, variations: [product('13moons_simple')] });
    vi.stubGlobal('fetch', fetch);
    await fetchVariations('13moons', 'en', 1_000_000);
    await fetchVariations('13moons', 'en', 1_000_000 + 4 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    // A reload empties memory; the tab's session storage still answers.
    forgetVariationsInMemory();
    expect(await fetchVariations('13moons', 'en', 1_000_000 + 4 * 60_000)).toEqual([product('13moons_simple')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.sessionStorage.getItem('product_variations:13moons|en') ?? '{}')).toMatchObject({
      timestamp: 1_000_000,
    });
    await fetchVariations('13moons', 'en', 1_000_000 + 5 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await fetchVariations('13moons', 'ru', 1_000_000 + 5 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
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

describe('what a payment result page shows', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const order = (status: string) => ({ id, status }) as unknown as Parameters<typeof resultView>[3];

  it('shows success only for a paid order of the viewer', () => {
    expect(resultView('success', id, false, order('paid'))).toBe('paid');
    expect(resultView('fail', id, false, order('paid'))).toBe('paid');
    expect(resultView('cancel', id, false, order('paid'))).toBe('paid');
  });

  it("says an unknown, malformed or another user's order is not found, on every result page", () => {
    for (const outcome of ['success', 'fail', 'cancel'] as const) {
      expect(resultView(outcome, id, true, undefined), outcome).toBe('unknown');
      expect(resultView(outcome, 'not-an-order', false, undefined), outcome).toBe('unknown');
    }
    expect(resultView('success', '', false, undefined)).toBe('unknown');
  });

  it('waits for a pending order, says a refund, and fails only a failed order', () => {
    expect(resultView('success', id, false, order('pending'))).toBe('pending');
    expect(resultView('fail', id, false, order('pending'))).toBe('pending');
    expect(resultView('success', id, false, undefined)).toBe('pending');
    expect(resultView('success', id, false, order('refunded'))).toBe('refunded');
    expect(resultView('fail', id, false, order('partially_refunded'))).toBe('refunded');
    expect(resultView('success', id, false, order('failed'))).toBe('failed');
    expect(resultView('cancel', id, false, order('cancelled'))).toBe('cancel');
    expect(resultView('fail', '', false, undefined)).toBe('failed');
  });
});

describe('the programmes a user holds', () => {
  const programme = (level: number, state: 'upcoming' | 'running' | 'ended') => ({
    id: level,
    product_id: 'x',
    name: 'x',
    level,
    days: 13,
    starts_on: '2026-01-01',
    ends_on: '2026-01-13',
    state,
    day: null,
    days_to_start: 0,
  });

  it('finds the held programme of a product by its level, never an ended one or a plan', () => {
    const owned = [programme(1, 'ended'), programme(3, 'upcoming')];
    expect(heldProgrammeOf(owned, { id: '13days', level: 1, type: 'program' })).toBeNull();
    expect(heldProgrammeOf(owned, { id: '13moons_webstudio', level: 3, type: 'program' })?.level).toBe(3);
    expect(heldProgrammeOf(owned, { id: 'premium_monthly', level: 3, type: 'subscription' })).toBeNull();
  });

  it('opens the process for any held programme and every page for the longer ones', () => {
    expect(programmeOpens([programme(1, 'upcoming')], '/process/3')).toBe(true);
    expect(programmeOpens([programme(1, 'running')], '/tzolkin')).toBe(false);
    expect(programmeOpens([programme(2, 'upcoming')], '/tzolkin')).toBe(true);
    expect(programmeOpens([programme(2, 'ended')], '/process')).toBe(false);
    expect(programmeOpens(undefined, '/process')).toBe(false);
  });
});
