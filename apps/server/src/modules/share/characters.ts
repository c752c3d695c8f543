import { addDays, formatDate, kinEntity, type Language, parseDate } from '@hunab/calendar';
import { compatImageSvg, dayImageSvg, kinImageSvg } from './svg.ts';

/** The languages whose images are drawn with the Chinese font, cut down to the characters below. */
export const CJK_LANGUAGES: readonly Language[] = ['ja', 'zh'];

/** The printable ASCII range: numbers, Latin letters and punctuation, whatever a name or date holds. */
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? '',
  );

/**
 * Every character a share image in `languages` can contain, in code point order: the text of the image of each kin,
 * each pair's composite, a birth card, and each day of a whole year (every moon and day of the moon, the day out of
 * time and a leap day), with printable ASCII. Read from the drawings themselves, so a name or word that changes
 * changes the set (characters.generated.ts, written by scripts/share-characters.ts, holds it for the fonts).
 */
export function shareCharacters(languages: readonly Language[]): string {
  const seen = new Set<string>(ASCII);
  const add = (svg: string) => {
    for (const [, text = ''] of svg.matchAll(/>([^<]+)</g)) for (const char of unescapeXml(text)) seen.add(char);
  };
  // 26 July 2023 to 25 July 2024: a year of thirteen moons with the leap day, 29 February 2024.
  const first = parseDate('2023-07-26');
  for (const lang of languages) {
    for (let n = 1; n <= 260; n++) {
      const kin = kinEntity(n, lang);
      add(kinImageSvg(n, lang));
      add(compatImageSvg({ kin, date: '' }, { kin, date: '' }, kin, lang));
    }
    add(kinImageSvg(1, lang, '2023-07-26'));
    for (let day = 0; day < 366; day++) add(dayImageSvg(formatDate(addDays(first, day)), lang));
  }
  return [...seen].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join('');
}
