import { dayNumber, type PlainDate, parseDate } from '@hunab/calendar';
import type { Language } from '../../lib/languages.ts';

/** The top banners in priority order (spec 000 section 4.6). */
export const BANNER_KINDS = [
  'subscription',
  'thirteenSecrets',
  'firstCalculation',
  'thirteenMoons',
  'thirteenDays',
] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

/** Banners rotate every 10 s; German shows none (spec 000 sections 4.6 and 9). */
export const BANNER_ROTATION_MS = 10_000;
export const BANNER_LANGUAGES: readonly Language[] = ['ru', 'en', 'es', 'pt', 'ja', 'zh', 'ar'];
/** Banners that exist only in Russian. */
const RUSSIAN_ONLY: readonly BannerKind[] = ['firstCalculation', 'thirteenMoons', 'thirteenDays'];
/**
 * The new 13-moons year the countdown banner leads to when the settings do not say (spec 000 section 9); the
 * administrators set the next one in /advanced (`thirteenMoonsTarget`).
 */
export const THIRTEEN_MOONS_TARGET = '2025-07-26';

export interface BannerContext {
  lang: Language;
  /** The path without its language prefix. */
  path: string;
  signedIn: boolean;
  isAdmin: boolean;
  subscriptionActive: boolean;
  /** null while the cards are not known. */
  hasCards: boolean | null;
  /** null while not known (or not asked, for users without a subscription). */
  hasMainProduct: boolean | null;
  /** The dashboard is showing its birth-date input. */
  birthDateInput: boolean;
  today: PlainDate;
  dismissed: ReadonlySet<BannerKind>;
  /** The 13-moons date of the settings; the spec's date when absent. */
  thirteenMoonsTarget?: string;
}

const onDash = (path: string) => path === '/dash' || path === '/dash/cycles';

/** Days from `today` to the target date (0 on the day, negative after). */
export function daysUntil(today: PlainDate, target: string): number {
  return dayNumber(parseDate(target)) - dayNumber(today);
}

/** Which banners apply, highest priority first, leaving out the dismissed ones. */
export function applicableBanners(context: BannerContext): BannerKind[] {
  if (!BANNER_LANGUAGES.includes(context.lang) || context.birthDateInput) return [];
  const applies: Record<BannerKind, boolean> = {
    subscription: !context.subscriptionActive && !context.isAdmin,
    thirteenSecrets: !context.signedIn && !onDash(context.path),
    firstCalculation: context.hasCards === false && !onDash(context.path),
    thirteenMoons: daysUntil(context.today, context.thirteenMoonsTarget ?? THIRTEEN_MOONS_TARGET) > 0,
    thirteenDays: context.subscriptionActive && !context.isAdmin && context.hasMainProduct === false,
  };
  return BANNER_KINDS.filter(
    (kind) => applies[kind] && !context.dismissed.has(kind) && (context.lang === 'ru' || !RUSSIAN_ONLY.includes(kind)),
  );
}

/** The banner shown at a rotation step: one at a time, cycling through the list. */
export function bannerAt(list: readonly BannerKind[], step: number): BannerKind | null {
  if (list.length === 0) return null;
  return list[((step % list.length) + list.length) % list.length] ?? null;
}

/** The best promo of the subscription banner: the highest discount. */
export function bestPromo<T extends { discount_percentage: string | number }>(promos: readonly T[]): T | null {
  let best: T | null = null;
  for (const promo of promos)
    if (!best || Number(promo.discount_percentage) > Number(best.discount_percentage)) best = promo;
  return best;
}
