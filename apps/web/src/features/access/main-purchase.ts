import { ApiRequestError, api } from '../../lib/api.ts';

/**
 * Whether the signed-in user bought the main programme of level 1 (GET /bot/payments/by-product). A failed check
 * counts as no purchase (spec 000 section 8) and carries the spec's words for what went wrong, which the caller
 * may log; the banners never show it.
 */
export interface MainPurchase {
  hasPurchase: boolean;
  error: string | null;
}

export async function checkMainLevel1(): Promise<MainPurchase> {
  try {
    const reply = await api<{ success?: unknown; data?: { hasPurchase?: unknown }; error?: unknown }>(
      '/bot/payments/by-product?product_name=main&product_level=1',
    );
    if (reply?.success === false || typeof reply?.data?.hasPurchase !== 'boolean') {
      return { hasPurchase: false, error: 'Ошибка проверки main level 1' };
    }
    return { hasPurchase: reply.data.hasPurchase, error: null };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 0) {
      return { hasPurchase: false, error: 'Ошибка сети при проверке main level 1' };
    }
    const message = error instanceof ApiRequestError && !error.code.startsWith('HTTP_') ? error.message : null;
    return { hasPurchase: false, error: message || 'Ошибка проверки main level 1' };
  }
}
