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

/** The names of the synchronometer's values, as a page labels them. */
export interface SynchronometerLabels {
  psiKin: string;
  fifthForce: string;
  harmonic: string;
  chromatic: string;
  timeCell: string;
  clan: string;
  newSirius: string;
  heptad: string;
  heptadGate: string;
  moonPhase: string;
  nextNewMoon: string;
  nextFullMoon: string;
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
  /** 5 time cells of the harmonics, harmonic 1 to 5: input, store, process, output, matrix. */
  timeCells: readonly string[];
  /** 4 stages of a harmonic, which are its colours: what red, white, blue and yellow do. */
  harmonicStages: readonly string[];
  /** 4 clans of the chromatics, chromatic 1 to 4: fire (yellow), blood (red), truth (white), sky (blue). */
  clans: readonly string[];
  /** 5 stages of a chromatic: entry, opening, centre, closing, exit. */
  chromaticStages: readonly string[];
  /** 8 named phases of the Moon: new, waxing crescent, first quarter, waxing gibbous, full, waning gibbous, last quarter, waning crescent. */
  moonPhases: readonly string[];
  synchronometer: SynchronometerLabels;
  /** Name of 25 July. */
  dayOutOfTime: string;
  /** Name of 29 February. */
  hunabKu: string;
}
