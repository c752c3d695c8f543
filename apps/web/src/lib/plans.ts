import { type Plan, signKeptWithCode } from '@hunab/contracts';
import { isRightToLeft, keptFormat, type Language, languageOfPath, localizedPath } from './languages.ts';
import { MONEY_TABLES } from './money-formats.ts';
import { platformName } from './platform.ts';

/**
 * Plan prices, promo codes and links to the subscription page, shared by the subscription pages and the pricewall.
 * No React here.
 */

/** Prices are rubles for Russian and dollars for every other language (spec 001 section 9). */
export type PriceCurrency = 'RUB' | 'USD';

export const currencyOf = (lang: Language): PriceCurrency => (lang === 'ru' ? 'RUB' : 'USD');

/** The price of a plan in the language's currency. */
export function planPrice(plan: Pick<Plan, 'price_rub' | 'price_usd'>, lang: Language): number {
  return currencyOf(lang) === 'RUB' ? plan.price_rub : plan.price_usd;
}

/**
 * `minor` units (kopecks, cents) of `currency` as `locale` writes them, with the two decimals or without any, from
 * the tables; null for what the tables do not cover (another currency or locale, a negative amount).
 */
function fromTables(locale: string, currency: string, minor: number, decimals: boolean): string | null {
  const table = MONEY_TABLES[`${locale}|${currency}`];
  if (!table || !Number.isSafeInteger(minor) || minor < 0) return null;
  const whole = String(Math.floor(minor / 100));
  const grouped =
    whole.length > 3 + (table.minimumGrouping - 1) ? whole.replace(/\B(?=(\d{3})+$)/g, table.group) : whole;
  let number = decimals ? `${grouped}${table.decimal}${String(minor % 100).padStart(2, '0')}` : grouped;
  if (table.digits !== '0123456789') number = number.replace(/\d/g, (digit) => table.digits[Number(digit)] ?? digit);
  return `${table.prefix}${number}${table.suffix}`;
}

/** Rubles in the ru-RU format without kopecks; dollars with two decimals in the language's number format. */
export function formatPrice(amount: number, lang: Language): string {
  return forLine(writePrice(amount, lang), lang);
}

/** An amount as written for a line in the language: see `signKeptWithCode` in the contracts. */
const forLine = (text: string, lang: Language): string => signKeptWithCode(text, isRightToLeft(lang));

function writePrice(amount: number, lang: Language): string {
  if (currencyOf(lang) === 'RUB') {
    const written = Number.isFinite(amount) ? fromTables('ru-RU', 'RUB', Math.round(amount) * 100, false) : null;
    if (written !== null) return written;
    return keptFormat(
      'price:ru-RU:RUB',
      () => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }),
    ).format(amount);
  }
  const cents = Math.round(amount * 100);
  // Amounts with more than two decimals are rounded by Intl, as it rounds.
  const written = Math.abs(amount * 100 - cents) < 1e-6 ? fromTables(lang, 'USD', cents, true) : null;
  if (written !== null) return written;
  return keptFormat(
    `price:${lang}:USD`,
    () =>
      new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}

/** A price less a discount: whole rubles, or cents for dollars, never below zero. */
export function discountedPrice(amount: number, percent: number, lang: Language): number {
  const step = currencyOf(lang) === 'RUB' ? 1 : 100;
  const off = Math.min(Math.max(percent, 0), 100);
  return Math.round(amount * (1 - off / 100) * step) / step;
}

export interface PromoCode {
  code: string;
  /** A numeric string, as the server sends it. */
  discount_percentage: string;
  valid_until: string;
}

/** The best promo: the highest discount_percentage (spec 000 section 4.6); null when none parses above zero. */
export function bestPromo(promos: readonly PromoCode[]): (PromoCode & { percent: number }) | null {
  let best: (PromoCode & { percent: number }) | null = null;
  for (const promo of promos) {
    const percent = Number.parseFloat(promo.discount_percentage);
    if (!Number.isFinite(percent) || percent <= 0) continue;
    if (!best || percent > best.percent) best = { ...promo, percent: Math.min(percent, 100) };
  }
  return best;
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
const PRODUCT_ORIGIN = import.meta.env.VITE_API_ORIGIN ?? 'https://hunab.app';

export interface SubscriptionLinkOptions {
  /** Where the visitor comes from: pricewall, account, banner ... */
  source: string;
  /** Why: a pricewall trigger or one of the subscription message reasons. */
  reason?: string;
  /** A plan to preselect. */
  plan?: string;
  /** Extra query, such as upgrade=premium. */
  extra?: Record<string, string>;
  /** The current address; the browser's by default. */
  location?: Pick<Location, 'pathname' | 'search'>;
  /** The platform; the running one by default. */
  platform?: ReturnType<typeof platformName>;
}

/**
 * The subscription page with source, platform, reason, plan and the utm_* of the current address (spec 000 section
 * 7), in the current language. Inside the native shell (android, ios) the link is absolute, to the product's host,
 * because the page opens in the in-app browser.
 */
export function subscriptionLink(options: SubscriptionLinkOptions): string {
  const location = options.location ?? window.location;
  const platform = options.platform ?? platformName();
  const params = new URLSearchParams({ source: options.source, platform });
  if (options.reason) params.set('reason', options.reason);
  if (options.plan) params.set('plan', options.plan);
  for (const [key, value] of Object.entries(options.extra ?? {})) params.set(key, value);
  const current = new URLSearchParams(location.search);
  for (const key of UTM_KEYS) {
    const value = current.get(key);
    if (value) params.set(key, value);
  }
  const path = `${localizedPath(languageOfPath(location.pathname), '/subscription')}?${params}`;
  return platform === 'web' ? path : `${PRODUCT_ORIGIN}${path}`;
}

/** An amount in minor units (kopecks, cents) and its currency as people read it in the language. */
export function formatMoney(minor: number, currency: string, lang: Language): string {
  return forLine(writeMoney(minor, currency, lang), lang);
}

function writeMoney(minor: number, currency: string, lang: Language): string {
  const locale = currency === 'RUB' ? 'ru-RU' : lang;
  const minimumFractionDigits = currency === 'RUB' && minor % 100 === 0 ? 0 : 2;
  const written = fromTables(locale, currency, minor, minimumFractionDigits === 2);
  if (written !== null) return written;
  return keptFormat(
    `money:${locale}:${currency}:${minimumFractionDigits}`,
    () =>
      new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits, maximumFractionDigits: 2 }),
  ).format(minor / 100);
}
