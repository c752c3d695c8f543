import { formatters, keptFormat, LANGUAGE_CONFIG, type Language } from '../../lib/languages.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormat = (lang: Language) =>
  keptFormat(
    `relative:${lang}`,
    () => new Intl.RelativeTimeFormat(LANGUAGE_CONFIG[lang].locale, { numeric: 'always' }),
  );

/**
 * When a comment was written, as spec 001 section 9 says it: minutes under an hour, hours under a day, days under
 * a week, then the date. Under a minute (or a clock a little ahead) it is `justNow`.
 */
export function relativeTime(iso: string, now: Date, lang: Language, justNow: string): string {
  const at = new Date(iso);
  const elapsed = now.getTime() - at.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return justNow;
  const format = relativeFormat(lang);
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), 'day');
  return formatters(lang).date(at, 'medium');
}
