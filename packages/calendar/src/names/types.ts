/** The eight interface languages, Russian first (the default, no URL prefix). */
export const LANGUAGES = ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Three keywords of a seal or a tone: its power, action and essence. */
export interface Keywords {
  power: string;
  action: string;
  essence: string;
}

/**
 * Every calendar name in one language. Arrays are indexed from 0, so `seals[0]` is seal 1 (Red Dragon)
 * and `tones[12]` is tone 13 (Cosmic).
 */
export interface CalendarNames {
  /** 20 seal names with their colour, as a reader says them alone: "Red Dragon". */
  seals: readonly string[];
  /** 20 keyword triples, one per seal. */
  sealKeywords: readonly Keywords[];
  /** 13 tone names as said alone: "Magnetic". */
  tones: readonly string[];
  /** 13 keyword triples, one per tone. */
  toneKeywords: readonly Keywords[];
  /** Full kin name from 1-based seal and tone: kinName(1, 1) = "Red Magnetic Dragon". */
  kinName(seal: number, tone: number): string;
  /** 4 colours of the seal families: red, white, blue, yellow. */
  colors: readonly string[];
  /** 13 full moon names: "Magnetic Bat Moon". */
  moons: readonly string[];
  /** 13 moon totems: "Bat". */
  totems: readonly string[];
  /** 7 radial plasmas, Dali to Silio. */
  radialPlasmas: readonly string[];
  /** 20 wavespell names: "Red Dragon Wavespell". */
  wavespells: readonly string[];
  /** 5 castle names: "Red Eastern Castle of Turning". */
  castles: readonly string[];
  /** Name of 25 July. */
  dayOutOfTime: string;
  /** Name of 29 February. */
  hunabKu: string;
}
