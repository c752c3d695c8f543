import { createRequire } from 'node:module';
import type { Language } from '@hunab/calendar';
import { subsetFontFiles } from './subset.ts';

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`@expo-google-fonts/${file}`);

/**
 * The fonts shipped with the server (Noto, SIL Open Font License, from npm packages): Latin, Cyrillic and Greek;
 * Arabic; and Chinese with Japanese kana. The Chinese font is large, so only images in Chinese or Japanese load it.
 */
const LATIN = ['noto-sans/400Regular/NotoSans_400Regular.ttf', 'noto-sans/700Bold/NotoSans_700Bold.ttf'];
const ARABIC = [
  'noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
];
const CJK = ['noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', 'noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'];

export const FONT_FAMILY: Readonly<Record<'latin' | 'arabic' | 'cjk', string>> = {
  latin: 'Noto Sans',
  arabic: 'Noto Sans Arabic',
  cjk: 'Noto Sans SC',
};

let resolved: Record<'latin' | 'arabic' | 'cjk', string[]> | null = null;

function files() {
  resolved ??= { latin: LATIN.map(font), arabic: ARABIC.map(font), cjk: CJK.map(font) };
  return resolved;
}

/** The whole font files an image in `lang` needs: always Latin (numbers, names), and the script of the language. */
export function wholeFontFilesFor(lang: Language): string[] {
  const all = files();
  if (lang === 'ar') return [...all.latin, ...all.arabic];
  if (lang === 'ja' || lang === 'zh') return [...all.latin, ...all.cjk];
  return all.latin;
}

/**
 * The font files a drawing in `lang` is given: the whole files, but the Chinese font cut down to the characters the
 * images can contain (subset.ts). Whole, it is 10 MB a weight, and reading it made a drawing twenty times dearer.
 */
export async function fontFilesFor(lang: Language): Promise<string[]> {
  if (lang !== 'ja' && lang !== 'zh') return wholeFontFilesFor(lang);
  const all = files();
  return [...all.latin, ...(await subsetFontFiles(all.cjk))];
}

/** The font-family list of text in `lang`: the language's script first, then Latin. */
export function familyFor(lang: Language): string {
  if (lang === 'ar') return `${FONT_FAMILY.arabic}, ${FONT_FAMILY.latin}`;
  if (lang === 'ja' || lang === 'zh') return `${FONT_FAMILY.cjk}, ${FONT_FAMILY.latin}`;
  return FONT_FAMILY.latin;
}
