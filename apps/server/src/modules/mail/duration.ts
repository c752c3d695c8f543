import type { Language } from '@hunab/calendar';
import { localeOf } from '../../lib/locale-format.ts';

type Unit = 'hour' | 'day';
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * How long something lasts, as people of each language say it: "14 days", not "336 hours"; "ساعة واحدة", not
 * "1 ساعة". `#` is the number written in the language's digits; the form is picked by the language's plural rules.
 */
const WORDS: Readonly<Record<Language, Record<Unit, Forms>>> = {
  ru: {
    hour: { one: '# час', few: '# часа', many: '# часов', other: '# часа' },
    day: { one: '# день', few: '# дня', many: '# дней', other: '# дня' },
  },
  en: { hour: { one: '# hour', other: '# hours' }, day: { one: '# day', other: '# days' } },
  es: { hour: { one: '# hora', other: '# horas' }, day: { one: '# día', other: '# días' } },
  pt: { hour: { one: '# hora', other: '# horas' }, day: { one: '# dia', other: '# dias' } },
  de: { hour: { one: '# Stunde', other: '# Stunden' }, day: { one: '# Tag', other: '# Tage' } },
  ja: { hour: { other: '#時間' }, day: { other: '#日間' } },
  zh: { hour: { other: '# 小时' }, day: { other: '# 天' } },
  ar: {
    hour: { one: 'ساعة واحدة', two: 'ساعتين', few: '# ساعات', many: '# ساعة', other: '# ساعة', zero: '# ساعة' },
    day: { one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم', zero: '# يوم' },
  },
};

/** Hours, said as whole days once they are three days or more and divide evenly ("336" -> "14 days"). */
export function sayDuration(hours: number, lang: Language): string {
  const inDays = hours >= 72 && hours % 24 === 0;
  const count = inDays ? hours / 24 : hours;
  const locale = localeOf(lang);
  const forms = WORDS[lang][inDays ? 'day' : 'hour'];
  const rule = new Intl.PluralRules(locale).select(count);
  return (forms[rule] ?? forms.other).replace('#', new Intl.NumberFormat(locale).format(count));
}
