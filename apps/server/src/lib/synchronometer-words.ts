import type { Language } from '@hunab/calendar';

/**
 * The sentence the server writes on 29 February (0.0 Hunab Ku) beside the day's New Sirius date: which kin the
 * product gives the day and how the Law of Time's own reading differs. The web pages say the same (locales, sync.json).
 */
export const HUNAB_KU_NOTE: Readonly<Record<Language, string>> = {
  ru: '29 февраля — 0.0 Хунаб Ку: Hunab даёт ему кин 28 февраля; собственное прочтение Закона Времени оставляет этот день без кина.',
  en: "29 February is 0.0 Hunab Ku: Hunab gives it the kin of 28 February; the Law of Time's own reading leaves this day without a kin.",
  es: 'El 29 de febrero es 0.0 Hunab Ku: Hunab le da el kin del 28 de febrero; la lectura propia de la Ley del Tiempo deja este día sin kin.',
  pt: '29 de fevereiro é 0.0 Hunab Ku: o Hunab dá-lhe o kin de 28 de fevereiro; a leitura própria da Lei do Tempo deixa este dia sem kin.',
  de: 'Der 29. Februar ist 0.0 Hunab Ku: Hunab gibt ihm das Kin des 28. Februar; die eigene Lesart des Gesetzes der Zeit lässt diesen Tag ohne Kin.',
  ja: '2月29日は0.0フナブ・クです。Hunabはこの日に2月28日のキンを与えますが、時間の法則自身の読み方ではこの日にキンはありません。',
  zh: '2 月 29 日是 0.0 胡纳布库：Hunab 给它 2 月 28 日的 kin；时间法则自己的读法让这一天没有 kin。',
  ar: '29 فبراير هو 0.0 هوناب كو: يعطيه Hunab كين 28 فبراير؛ أما قراءة قانون الزمن نفسه فتترك هذا اليوم بلا كين.',
};
