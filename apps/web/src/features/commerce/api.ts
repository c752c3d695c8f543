import type { ErrorCode, OrderDto, ProductDto } from '@hunab/contracts';
import { ApiRequestError, api, TIMEOUTS } from '../../lib/api.ts';
import { local, SESSION_KEYS, session } from '../../lib/storage.ts';
import { FALLBACK_PRODUCTS } from './fallback.ts';

/**
 * The commerce calls: the catalogue (with the products cache of spec 001 section 4: local storage for an hour, the
 * cached copy when the API fails, the built-in list without one), variations with their 60 s back-off, orders,
 * payments and the test provider's page.
 */

export const PRODUCTS_CACHE_KEY = 'products_full_data';
export const PRODUCTS_CACHE_VERSION = '2025.09.04';
const PRODUCTS_TTL_MS = 3_600_000;
const VARIATIONS_BACKOFF_MS = 60_000;
const VARIATIONS_TTL_MS = 300_000;

export const COMMERCE_KEYS = {
  products: (lang: string) => ['products', lang] as const,
  product: (id: string, lang: string) => ['product', id, lang] as const,
  variations: (id: string, lang: string) => ['product-variations', id, lang] as const,
  order: (id: string) => ['order', id] as const,
  /** The result pages' read, which asks the provider while the order is pending. */
  orderResult: (id: string) => ['order', id, 'result'] as const,
  payments: (lang: string) => ['payments', lang] as const,
  testPayment: (id: string) => ['test-payment', id] as const,
};

/** The catalogue's address: the parent products with their variations, in the language. */
export const PRODUCTS_PATH = (lang: string) =>
  `/products?include_variations=true&parent_only=true&limit=50&lang=${lang}`;

export interface ProductList {
  products: ProductDto[];
  /** 'api', or the spec's message when the list came from the cache or the built-in fallback. */
  source: 'api' | 'cache' | 'fallback';
  message: string | null;
}

interface CachedProducts {
  data: ProductDto[];
  timestamp: number;
  ttl: number;
  version: string;
  lang: string;
}

function readCache(lang: string): CachedProducts | null {
  try {
    const cached = JSON.parse(local.get(PRODUCTS_CACHE_KEY) ?? 'null') as CachedProducts | null;
    if (!cached || cached.version !== PRODUCTS_CACHE_VERSION || cached.lang !== lang) return null;
    return cached;
  } catch {
    return null;
  }
}

export async function fetchProducts(lang: string, now = Date.now()): Promise<ProductList> {
  const cached = readCache(lang);
  if (cached && now - cached.timestamp < cached.ttl) return { products: cached.data, source: 'api', message: null };
  try {
    const reply = await api<{ success?: unknown; products?: ProductDto[] }>(PRODUCTS_PATH(lang), {
      auth: false,
      timeoutMs: TIMEOUTS.default,
    });
    if (reply?.success !== true || !Array.isArray(reply.products)) throw new Error('Failed to load products');
    const entry: CachedProducts = {
      data: reply.products,
      timestamp: now,
      ttl: PRODUCTS_TTL_MS,
      version: PRODUCTS_CACHE_VERSION,
      lang,
    };
    local.set(PRODUCTS_CACHE_KEY, JSON.stringify(entry));
    return { products: reply.products, source: 'api', message: null };
  } catch {
    if (cached)
      return { products: cached.data, source: 'cache', message: 'Using cached data due to API unavailability' };
    return {
      products: FALLBACK_PRODUCTS(lang),
      source: 'fallback',
      message: 'Using fallback data - no cached data available',
    };
  }
}

/** The bare plan ids are the monthly plans under their short names. */
const productIdOfPlan = (plan: string) => (plan === 'basic' || plan === 'premium' ? `${plan}_monthly` : plan);

/** The product a checkout address is for: its plan (the subscription's checkout) or its product. */
export const checkoutProductId = (search: URLSearchParams): string => {
  const plan = search.get('plan');
  return plan ? productIdOfPlan(plan) : (search.get('product') ?? '');
};

/** The API's answer for a product that is not on sale. */
export const PRODUCT_NOT_FOUND: ErrorCode = 'PRODUCT_NOT_FOUND';

/** One product in the language: null when none is on sale under that id; the list's copy when the API fails. */
export async function fetchProduct(id: string, lang: string): Promise<ProductDto | null> {
  try {
    const reply = await api<{ success?: unknown; product?: ProductDto }>(
      `/products/${encodeURIComponent(id)}?lang=${lang}`,
      { auth: false },
    );
    if (reply?.success !== true || !reply.product) throw new Error('Failed to load the product');
    return reply.product;
  } catch (error) {
    // No such product on sale: an answer, not a failure to retry (the server renders it so too).
    if (error instanceof ApiRequestError && error.code === PRODUCT_NOT_FOUND) return null;
    // The list (cached or built in) still knows the product when the API does not answer.
    if (error instanceof ApiRequestError && error.status === 404) throw error;
    const known = (await fetchProducts(lang)).products.flatMap((p) => [p, ...(p.variations ?? [])]);
    const found = known.find((p) => p.id === id || p.slug === id);
    if (!found) throw error;
    return found;
  }
}

const failedVariations = new Map<string, number>();

interface CachedVariations {
  data: ProductDto[];
  timestamp: number;
}
const variationsInMemory = new Map<string, CachedVariations>();
const variationsKey = (key: string) => `${SESSION_KEYS.productVariations}:${key}`;

/**
 * Variations read in the last 5 minutes (spec 001 section 9): from memory, else from session storage, so that a reload
 * or another page of the same tab does not ask again.
 */
function cachedVariations(key: string, now: number): ProductDto[] | null {
  let entry = variationsInMemory.get(key) ?? null;
  if (!entry) {
    try {
      entry = JSON.parse(session.get(variationsKey(key)) ?? 'null') as CachedVariations | null;
    } catch {
      entry = null;
    }
    if (entry && Array.isArray(entry.data) && typeof entry.timestamp === 'number') variationsInMemory.set(key, entry);
    else entry = null;
  }
  if (!entry || now - entry.timestamp >= VARIATIONS_TTL_MS || now < entry.timestamp) return null;
  return entry.data;
}

function keepVariations(key: string, data: ProductDto[], now: number): void {
  const entry = { data, timestamp: now };
  variationsInMemory.set(key, entry);
  session.set(variationsKey(key), JSON.stringify(entry));
}

/** Forgets the variations kept in memory (this tab's session storage keeps its own copy). */
export function forgetVariationsInMemory(): void {
  variationsInMemory.clear();
}

/**
 * A product's variations, kept for 5 minutes; after a failure, the same product and language are not asked again for
 * 60 s.
 */
export async function fetchVariations(id: string, lang: string, now = Date.now()): Promise<ProductDto[]> {
  const key = `${id}|${lang}`;
  const cached = cachedVariations(key, now);
  if (cached) return cached;
  const failedAt = failedVariations.get(key);
  if (failedAt !== undefined && now - failedAt < VARIATIONS_BACKOFF_MS) {
    throw new Error('Too many failed attempts. Please try again later.');
  }
  try {
    const reply = await api<{ success?: unknown; variations?: ProductDto[] }>(
      `/products/${encodeURIComponent(id)}/variations?lang=${lang}`,
      { auth: false },
    );
    if (reply?.success !== true) throw new Error('Failed to load variations');
    failedVariations.delete(key);
    const variations = reply.variations ?? [];
    keepVariations(key, variations, now);
    return variations;
  } catch (error) {
    failedVariations.set(key, now);
    if (error instanceof ApiRequestError && error.status > 0) throw new Error(`${error.status} ${error.message}`);
    throw error;
  }
}

export interface OrderInput {
  product_id?: string;
  plan_id?: string;
  promo_code?: string;
  source?: string;
  lang: string;
  save_payment_method: boolean;
  receipt: { name?: string; email: string; phone?: string };
}

export async function createOrder(input: OrderInput): Promise<{ order: OrderDto; confirmation_url: string | null }> {
  const reply = await api<{ success?: unknown; data?: { order: OrderDto; confirmation_url: string | null } }>(
    '/orders',
    { method: 'POST', body: input, timeoutMs: 30_000 },
  );
  if (reply?.success !== true || !reply.data) throw new Error('Failed to create the order');
  return reply.data;
}

export async function fetchOrder(
  id: string,
  refresh: boolean,
): Promise<{ order: OrderDto; confirmation_url: string | null }> {
  const reply = await api<{ success?: unknown; data?: { order: OrderDto; confirmation_url: string | null } }>(
    `/orders/${encodeURIComponent(id)}${refresh ? '?refresh=true' : ''}`,
    { timeoutMs: 30_000 },
  );
  if (reply?.success !== true || !reply.data) throw new Error('Failed to load the order');
  return reply.data;
}

export async function fetchPayments(lang: string): Promise<OrderDto[]> {
  const reply = await api<{ success?: unknown; payments?: OrderDto[] }>(`/payments?lang=${lang}`);
  if (reply?.success !== true) throw new Error('Failed to load payments');
  return reply.payments ?? [];
}

export interface TestPayment {
  id: string;
  amount: number;
  currency: string;
  description: string;
  status: 'pending' | 'succeeded' | 'canceled';
  return_url: string;
  save_payment_method: boolean;
}

export async function fetchTestPayment(id: string): Promise<TestPayment> {
  const reply = await api<{ success?: unknown; payment?: TestPayment }>(
    `/payments/test-provider/${encodeURIComponent(id)}`,
  );
  if (reply?.success !== true || !reply.payment) throw new Error('Failed to load the payment');
  return reply.payment;
}

export async function completeTestPayment(id: string, action: 'pay' | 'decline'): Promise<TestPayment> {
  const reply = await api<{ success?: unknown; payment?: TestPayment }>(
    `/payments/test-provider/${encodeURIComponent(id)}/${action}`,
    { method: 'POST', body: {} },
  );
  if (reply?.success !== true || !reply.payment) throw new Error('Failed to complete the payment');
  return reply.payment;
}
