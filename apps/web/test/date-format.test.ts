import { describe, expect, it } from 'vitest';
import { DATE_TABLES_ICU } from '../src/lib/date-formats.ts';
import { type DateStyle, formatDateIn, LANGUAGE_CONFIG, LANGUAGES } from '../src/lib/languages.ts';

const STYLES: DateStyle[] = ['full', 'long', 'medium', 'short'];

describe('dates written from the tables', () => {
  // Another ICU version may carry other CLDR data; the tables are then checked by the fixed dates below only.
  it.runIf(process.versions.icu === DATE_TABLES_ICU)(
    'read exactly as Intl.DateTimeFormat writes them, every day of a leap and a common year, in every language',
    () => {
      const days: Date[] = [];
      for (const year of [2024, 2026]) {
        for (
          let day = new Date(year, 0, 1);
          day.getFullYear() === year;
          day = new Date(year, day.getMonth(), day.getDate() + 1)
        ) {
          days.push(day);
        }
      }
      days.push(new Date(1000, 0, 1), new Date(1900, 6, 25), new Date(9999, 11, 31));
      // 23,000 dates: the differences are gathered and compared once, as an expect per date costs more than the check.
      const differences: string[] = [];
      for (const lang of LANGUAGES) {
        for (const style of STYLES) {
          const intl = new Intl.DateTimeFormat(LANGUAGE_CONFIG[lang].locale, { dateStyle: style });
          for (const day of days) {
            const ours = formatDateIn(lang, day, style);
            const theirs = intl.format(day);
            if (ours !== theirs) differences.push(`${lang} ${style}: ${ours} ≠ ${theirs}`);
          }
        }
      }
      expect(differences).toEqual([]);
    },
    // A loaded machine runs the 23,000 formats slowly; the default 5 s would fail it for the machine's sake.
    60_000,
  );

  it('write the dashboard date in Russian and Arabic as readers know it', () => {
    expect(formatDateIn('ru', new Date(2012, 11, 21), 'full')).toBe('пятница, 21 декабря 2012 г.');
    expect(formatDateIn('ar', new Date(2024, 1, 29), 'long')).toBe('29 فبراير 2024');
    expect(formatDateIn('en', new Date(2024, 6, 25), 'medium')).toBe('Jul 25, 2024');
  });
});
