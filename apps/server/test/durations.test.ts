import { LANGUAGES } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../src/lib/locale-format.ts';
import { sayDuration } from '../src/modules/mail/duration.ts';

/** Durations inside the letters' sentences, said as people say them, with each language's plural rules. */
describe('a duration in a letter', () => {
  it('is said in days once it is whole days of three or more, in hours before', () => {
    expect(sayDuration(336, 'en')).toBe('14 days');
    expect(sayDuration(48, 'en')).toBe('48 hours');
    expect(sayDuration(1, 'en')).toBe('1 hour');
    expect(sayDuration(24, 'en')).toBe('24 hours');
  });

  it('takes the plural form the language asks for', () => {
    expect([1, 2, 5, 21, 24].map((h) => sayDuration(h, 'ru'))).toEqual([
      '1 час',
      '2 часа',
      '5 часов',
      '21 час',
      '24 часа',
    ]);
    expect(sayDuration(336, 'ru')).toBe('14 дней');
    expect(sayDuration(1, 'ar')).toBe('ساعة واحدة');
    expect(sayDuration(2, 'ar')).toBe('ساعتين');
    expect(sayDuration(3, 'ar')).toBe('3 ساعات');
    expect(sayDuration(48, 'ar')).toBe('48 ساعة');
    expect(sayDuration(336, 'ar')).toBe('14 يومًا');
    expect(sayDuration(1, 'de')).toBe('1 Stunde');
    expect(sayDuration(336, 'de')).toBe('14 Tage');
    expect(sayDuration(336, 'ja')).toBe('14日間');
    expect(sayDuration(336, 'zh')).toBe('14 天');
  });

  it('writes Western digits in every language, Arabic included, like its readings and interface', () => {
    for (const lang of LANGUAGES) expect(sayDuration(336, lang)).toMatch(/14/);
    expect(formatAmount(2900, 'USD', 'ar')).not.toMatch(/[٠-٩]/);
  });
});
