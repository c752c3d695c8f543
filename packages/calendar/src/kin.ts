import { CalendarError, INVALID_KIN_MESSAGE } from './errors.ts';

export const KIN_COUNT = 260;
export const TONE_COUNT = 13;
export const SEAL_COUNT = 20;
export const WAVESPELL_COUNT = 20;
export const CASTLE_COUNT = 5;

/** Colours of the seal families, by (seal - 1) mod 4. */
export const KIN_COLORS = ['red', 'white', 'blue', 'yellow'] as const;
export type KinColor = 1 | 2 | 3 | 4;

/** The 52 Galactic Activation Portals, symmetric under k <-> 261 - k. */
export const GALACTIC_PORTALS: readonly number[] = [
  1, 20, 22, 39, 43, 50, 51, 58, 64, 69, 72, 77, 85, 88, 93, 96, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 146,
  147, 148, 149, 150, 151, 152, 153, 154, 155, 165, 168, 173, 176, 184, 189, 192, 197, 203, 210, 211, 218, 222, 239,
  241, 260,
];
const PORTAL_SET = new Set(GALACTIC_PORTALS);

/** The Mystic Column is Tzolkin column 7: kins 121-140. */
export const MYSTIC_COLUMN = 7;

export function assertKinNumber(kin: number): void {
  if (typeof kin !== 'number' || !Number.isInteger(kin) || kin < 1 || kin > KIN_COUNT) {
    throw new CalendarError('INVALID_KIN', INVALID_KIN_MESSAGE);
  }
}

function assertRange(value: number, max: number, code: 'INVALID_TONE' | 'INVALID_SEAL', what: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new CalendarError(code, `Invalid ${what} number. Must be between 1 and ${max}.`);
  }
}

/** True modulo: the result has the sign of the divisor. */
export function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

export const toneOfKin = (kin: number): number => ((kin - 1) % TONE_COUNT) + 1;
export const sealOfKin = (kin: number): number => ((kin - 1) % SEAL_COUNT) + 1;
export const colorOfSeal = (seal: number): KinColor => (((seal - 1) % 4) + 1) as KinColor;
export const waveSpellOfKin = (kin: number): number => Math.floor((kin - 1) / TONE_COUNT) + 1;
export const castleOfKin = (kin: number): number => Math.floor((kin - 1) / 52) + 1;
/** Tzolkin column 1-13 (20 kins each) and row 1-20 (the seal). */
export const zolkinColumnOfKin = (kin: number): number => Math.ceil(kin / SEAL_COUNT);
export const zolkinRowOfKin = (kin: number): number => ((kin - 1) % SEAL_COUNT) + 1;
/** The plasma of the plasma page: a cycle of five. */
export const plasmaOfKin = (kin: number): number => ((kin - 1) % 5) + 1;
export const isGalacticPortal = (kin: number): boolean => PORTAL_SET.has(kin);
export const isMysticColumn = (kin: number): boolean => zolkinColumnOfKin(kin) === MYSTIC_COLUMN;

/** The kin of a tone and a seal (both 1-based). */
export function kinOf(tone: number, seal: number): number {
  assertRange(tone, TONE_COUNT, 'INVALID_TONE', 'tone');
  assertRange(seal, SEAL_COUNT, 'INVALID_SEAL', 'seal');
  return mod(40 * (tone - 1) + 221 * (seal - 1), KIN_COUNT) + 1;
}

/** Seal shift of the guide by tone: 0 for 1, 6, 11; +12 for 2, 7, 12; +4 for 3, 8, 13; -4 for 4, 9; +8 for 5, 10. */
const GUIDE_SEAL_SHIFT = [0, 12, 4, -4, 8] as const;

export interface Oracle {
  /** Same tone; the seals sum to 19 (mod 20). */
  analog: number;
  /** The spec's name for the guide, drawn on top of the cross. */
  driver: number;
  /** kin + 130: seal + 10, same tone. */
  antipod: number;
  /** 261 - kin: seals sum to 21, tones to 14. */
  occult: number;
  /** Same tone and colour. */
  guide: number;
}

export function oracleOfKin(kin: number): Oracle {
  assertKinNumber(kin);
  const tone = toneOfKin(kin);
  const seal = sealOfKin(kin);
  const analogSeal = mod(19 - seal - 1, SEAL_COUNT) + 1;
  const guideSeal = mod(seal - 1 + (GUIDE_SEAL_SHIFT[(tone - 1) % 5] as number), SEAL_COUNT) + 1;
  const guide = kinOf(tone, guideSeal);
  return {
    analog: kinOf(tone, analogSeal),
    driver: guide,
    antipod: mod(kin - 1 + 130, KIN_COUNT) + 1,
    occult: KIN_COUNT + 1 - kin,
    guide,
  };
}

/** How one kin stands in another's oracle: itself, or one of the four relations of the cross. */
export type OracleRelation = 'same' | 'analog' | 'antipode' | 'occult' | 'guide';

/**
 * Where `other` stands in the oracle of `kin`, or null when it is not on its cross. Analog, antipode and occult are
 * mutual; the guide is not (the guide of a kin rarely has that kin as its guide).
 */
export function oracleRelation(kin: number, other: number): OracleRelation | null {
  assertKinNumber(other);
  if (kin === other) return 'same';
  const oracle = oracleOfKin(kin);
  if (oracle.analog === other) return 'analog';
  if (oracle.antipod === other) return 'antipode';
  if (oracle.occult === other) return 'occult';
  if (oracle.guide === other) return 'guide';
  return null;
}

/** The composite kin of a group (the kins added, counted round the 260), or null for an empty group. */
export function compositeKin(kins: readonly number[]): number | null {
  if (kins.length === 0) return null;
  let sum = 0;
  for (const kin of kins) {
    assertKinNumber(kin);
    sum += kin;
  }
  return mod(sum - 1, KIN_COUNT) + 1;
}
