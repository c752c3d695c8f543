import {
  castleOfKin,
  colorOfSeal,
  KIN_COUNT,
  oracleOfKin,
  sealOfKin,
  toneOfKin,
  waveSpellOfKin,
} from '@hunab/calendar';
import type { ColorRelation, CompatRelation } from '@hunab/contracts';

/** The composite kin of two signatures: their sum modulo 260, where 0 is kin 260. */
export const compositeKin = (a: number, b: number): number => (a + b) % KIN_COUNT || KIN_COUNT;

/**
 * The oracle and cycle relations of kin `b` seen from kin `a`, read from the calendar engine: partners of the
 * oracle cross (analog, antipode, occult are mutual; the guide is not) and the cycles they share.
 */
export function relationsOf(a: number, b: number): CompatRelation[] {
  const oracleA = oracleOfKin(a);
  const oracleB = oracleOfKin(b);
  const relations: CompatRelation[] = [];
  if (a === b) relations.push('same_kin');
  if (oracleA.analog === b) relations.push('analog');
  if (oracleA.antipod === b) relations.push('antipode');
  if (oracleA.occult === b) relations.push('occult');
  if (a !== b && oracleA.guide === b) relations.push('b_guides_a');
  if (a !== b && oracleB.guide === a) relations.push('a_guides_b');
  if (waveSpellOfKin(a) === waveSpellOfKin(b)) relations.push('same_wavespell');
  if (castleOfKin(a) === castleOfKin(b)) relations.push('same_castle');
  if (toneOfKin(a) === toneOfKin(b)) relations.push('same_tone');
  if (sealOfKin(a) === sealOfKin(b)) relations.push('same_seal');
  return relations;
}

/**
 * How the colours of two seals meet: the same colour, or the pair the oracle joins them in (red and white are
 * analog colours, as are blue and yellow; red and blue are antipodes, as are white and yellow; red and yellow are
 * occult, as are white and blue).
 */
export function colorRelationOf(a: number, b: number): ColorRelation {
  const first = colorOfSeal(sealOfKin(a));
  const second = colorOfSeal(sealOfKin(b));
  if (first === second) return 'same';
  if (first + second === 5) return 'occult';
  return Math.abs(first - second) === 2 ? 'antipode' : 'analog';
}
