import { signKeptWithCode } from '@hunab/contracts';
import { describe, expect, it } from 'vitest';
import { isRightToLeft, LANGUAGES } from '../src/lib/languages.ts';
import { MONEY_TABLES_ICU } from '../src/lib/money-formats.ts';
import { formatMoney, formatPrice } from '../src/lib/plans.ts';

/** Amounts in minor units across every length of the whole part, with and without kopecks or cents. */
const AMOUNTS = [0, 1, 5, 50, 99, 100, 101, 990, 1_000, 1_999, 12_345, 99_900, 100_000, 123_456, 999_999, 1_000_000]
  .flatMap((minor) => [minor, minor * 100, minor * 1_000 + 7])
  .concat([290_000, 2_900, 199_00, 1_234_567_89, 9_007_199_254_740_99]);

describe('money written from the tables', () => {
  // Another ICU version may carry other CLDR data; the tables are then checked by the fixed amounts below only.
  it.runIf(process.versions.icu === MONEY_TABLES_ICU)(
    'reads exactly as Intl.NumberFormat writes it, for roubles and dollars in every language',
    () => {
      for (const lang of LANGUAGES) {
        for (const currency of ['RUB', 'USD']) {
          const locale = currency === 'RUB' ? 'ru-RU' : lang;
          for (const minor of AMOUNTS) {
            const whole = minor % 100 === 0;
            const intl = new Intl.NumberFormat(locale, {
              style: 'currency',
              currency,
              minimumFractionDigits: currency === 'RUB' && whole ? 0 : 2,
              maximumFractionDigits: 2,
            });
            expect(formatMoney(minor, currency, lang), `${lang} ${currency} ${minor}`).toBe(
              signKeptWithCode(intl.format(minor / 100), isRightToLeft(lang)),
            );
          }
        }
        for (const amount of [0, 1, 9.99, 19.9, 29, 1_234.5, 99_999.99, 1_000_000]) {
          const intl =
            lang === 'ru'
              ? new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 })
              : new Intl.NumberFormat(lang, {
                  style: 'currency',
                  currency: 'USD',
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 2,
                });
          expect(formatPrice(amount, lang), `${lang} price ${amount}`).toBe(
            signKeptWithCode(intl.format(amount), isRightToLeft(lang)),
          );
        }
      }
    },
  );

  it('writes prices as readers of each language know them', () => {
    expect(formatMoney(290_000, 'RUB', 'ru')).toBe('2\u00a0900\u00a0₽');
    expect(formatMoney(2_990, 'USD', 'en')).toBe('$29.90');
    expect(formatMoney(123_456, 'USD', 'de')).toBe('1.234,56\u00a0$');
    expect(formatMoney(123_456, 'USD', 'es')).toBe('1234,56\u00a0US$');
    expect(formatMoney(1_234_567, 'USD', 'es')).toBe('12.345,67\u00a0US$');
    // Arabic keeps Intl's words, with a left-to-right mark that holds "US$" together in a right-to-left line.
    expect(formatMoney(2_990, 'USD', 'ar')).toBe('\u200f29.90\u00a0US$\u200e');
    expect(formatPrice(29, 'ar')).toBe('\u200f29.00\u00a0US$\u200e');
    expect(signKeptWithCode('\u200f29.90\u00a0US$\u200e', true)).toBe('\u200f29.90\u00a0US$\u200e');
    expect(signKeptWithCode('US$29.90', false)).toBe('US$29.90');
  });

  it('leaves what the tables do not hold to Intl: other currencies and negative amounts', () => {
    expect(formatMoney(1_000, 'EUR', 'de')).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(10),
    );
    expect(formatMoney(-2_990, 'USD', 'en')).toBe('-$29.90');
    expect(formatPrice(9.999, 'en')).toBe('$10.00');
  });
});
