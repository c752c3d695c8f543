import { runeOfDay } from '@hunab/calendar';
import { circle, type GlyphProps, GlyphSvg, inRange } from './GlyphSvg.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';

/** The 24 Elder Futhark letters as straight staves on a 100 x 100 grid, in runeOfDay's order (Fehu ... Othala). */
export const FUTHARK_PATHS: readonly string[] = [
  'M36 12v76m0-58 28-18M36 50l28-18', // ᚠ Fehu
  'M34 88V12l32 22v54', // ᚢ Uruz
  'M38 12v76m0-58 24 20-24 20', // ᚦ Thurisaz
  'M36 12v76m0-74 28 20M36 36l28 20', // ᚨ Ansuz
  'M36 88V12l26 18-26 18 28 40', // ᚱ Raidho
  'M60 26 38 50l22 24', // ᚲ Kenaz
  'M28 16l44 68m0-68L28 84', // ᚷ Gebo
  'M38 88V12l24 20-24 20', // ᚹ Wunjo
  'M32 12v76m36-76v76M32 38l36 24', // ᚺ Hagalaz
  'M50 12v76M34 40l32 20', // ᚾ Naudiz
  'M50 12v76', // ᛁ Isa
  'M46 20 28 38l18 18m8-12 18 18-18 18', // ᛃ Jera
  'M50 12v76m0-76 16 14M50 88 34 74', // ᛇ Eihwaz
  'M36 12v76m0-76 22 18 8-14M36 88l22-18 8 14', // ᛈ Perthro
  'M50 88V12m0 36L28 22m22 26 22-26', // ᛉ Algiz
  'M62 12 38 44l24 12-24 32', // ᛊ Sowilo
  'M50 88V12M28 34l22-22 22 22', // ᛏ Tiwaz
  'M36 12v76m0-76 26 19-26 19 26 19-26 19', // ᛒ Berkanan
  'M30 88V12l20 24 20-24v76', // ᛖ Ehwaz
  'M30 88V12m40 76V12M30 12l40 34M70 12 30 46', // ᛗ Mannaz
  'M40 88V12l24 22', // ᛚ Laguz
  'M50 24l22 26-22 26-22-26Z', // ᛜ Ingwaz
  'M30 12v76m40-76v76M30 12l40 76m0-76L30 88', // ᛞ Dagaz
  'M50 12l22 28-36 48M50 12 28 40l36 48', // ᛟ Othala
];

/** The four Anglo-Saxon runes of the Silio days 7, 14, 21, 28: ac, aesc, yr, ear (each also gets a small ring). */
export const SPECIAL_RUNE_PATHS: readonly string[] = [
  'M36 12v76m0-74 26 18v14M36 38l26 18v14', // ᚪ Ac
  'M36 12v76m0-74 28 20M36 36l28 20M50 23v-11', // ᚫ Aesc
  'M34 88V12l32 22v54M50 23v65', // ᚣ Yr
  'M50 88V12M28 40l22-28 22 28M28 40v20m44-20v20', // ᛠ Ear
];

/** The rune of a day of the moon (1-28) from runeOfDay, stroked in the current colour. Else the warning symbol. */
export function RuneGlyph({ day, ...glyph }: GlyphProps & { day: number }) {
  if (!inRange(day, 28)) return <WarningSymbol {...glyph} />;
  const rune = runeOfDay(day);
  const d = rune.index === null ? SPECIAL_RUNE_PATHS[day / 7 - 1] : FUTHARK_PATHS[rune.index - 1];
  return (
    <GlyphSvg glyph="rune" value={day} {...glyph}>
      <path className="r-s" d={d} />
      {rune.special && <path className="r-ring" d={circle(80, 82, 6)} />}
    </GlyphSvg>
  );
}
