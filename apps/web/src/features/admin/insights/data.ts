import { signKeptWithCode } from '@hunab/contracts';
/** A date `days` from today (UTC), YYYY-MM-DD, as the admin endpoints count days. */
export const utcDayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An amount in minor units as money of its currency, in the page's language. */
export function money(lang: string, currency: string, minor: number): string {
  try {
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return signKeptWithCode(format.format(minor / 10 ** digits), lang === 'ar');
  } catch {
    return `${minor / 100} ${currency}`;
  }
}
