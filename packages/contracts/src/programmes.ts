/**
 * The built-in programmes (spec 001 section 3, "Built-in fallback products"): one payment opens paid content at a
 * level for a number of days. Prices in whole rubles and whole dollars, as the plan catalogue writes them.
 */
export interface Programme {
  id: '13days' | '260days' | '13moons';
  price_rub: number;
  price_usd: number;
  level: 1 | 2 | 3;
  days: number;
}

export const PROGRAMMES: Readonly<Record<Programme['id'], Programme>> = {
  '13days': { id: '13days', price_rub: 2900, price_usd: 29, level: 1, days: 13 },
  '260days': { id: '260days', price_rub: 5900, price_usd: 59, level: 2, days: 260 },
  '13moons': { id: '13moons', price_rub: 12900, price_usd: 129, level: 3, days: 365 },
};

/** Days after a payment within which it may be refunded in full (the terms of sale, section 8). */
export const REFUND_WINDOW_DAYS = 14;
