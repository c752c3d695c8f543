import type { ApiReader, KnownQuery, ProductDto } from '@hunab/contracts';
import { LANGUAGE_CONFIG, type Language, productsShown } from '../../lib/languages.ts';
import { COMMERCE_KEYS, checkoutProductId, PRODUCT_NOT_FOUND, PRODUCTS_PATH, type ProductList } from './api.ts';

/**
 * The catalogue the products page renders from, read on the server through the API as a guest's browser would, so
 * the page arrives with its programmes in it. Nothing in a language the programmes are not sold in (the page then
 * shows a note instead), and nothing when the API does not answer: the browser then reads it itself.
 */
export async function productsQueries(lang: Language, api: ApiReader): Promise<KnownQuery[]> {
  if (!productsShown(LANGUAGE_CONFIG[lang])) return [];
  const reply = (await api(PRODUCTS_PATH(lang))) as { success?: unknown; products?: ProductDto[] } | null;
  if (reply?.success !== true || !Array.isArray(reply.products)) return [];
  const data: ProductList = { products: reply.products, source: 'api', message: null };
  return [{ queryKey: [...COMMERCE_KEYS.products(lang)], data }];
}

/**
 * The product the checkout's summary shows, read on the server as the products are and as the browser would ask for
 * it, so a guest's checkout arrives with what is on sale in it. Nothing when there is no product or the API refuses
 * it (the browser then asks itself); a product the API does not know arrives as null, and the page says so.
 */
export async function checkoutQueries(lang: Language, api: ApiReader, search: URLSearchParams): Promise<KnownQuery[]> {
  const id = checkoutProductId(search);
  if (!id) return [];
  const reply = (await api(`/products/${encodeURIComponent(id)}?lang=${lang}`)) as {
    success?: unknown;
    product?: ProductDto;
    error?: { code?: unknown };
  } | null;
  // A product the API does not know is sent as such: the page says so at once, as the browser's read would.
  if (reply?.success === false && reply.error?.code === PRODUCT_NOT_FOUND) {
    return [{ queryKey: [...COMMERCE_KEYS.product(id, lang)], data: null }];
  }
  if (reply?.success !== true || !reply.product) return [];
  return [{ queryKey: [...COMMERCE_KEYS.product(id, lang)], data: reply.product }];
}
