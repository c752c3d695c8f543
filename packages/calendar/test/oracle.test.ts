import { describe, expect, it } from 'vitest';
import {
  GALACTIC_PORTALS,
  isGalacticPortal,
  isMysticColumn,
  kinEntity,
  kinOf,
  oracleOfKin,
  sealOfKin,
  toneOfKin,
} from '../src/index.ts';

const ALL_KINS = Array.from({ length: 260 }, (_, i) => i + 1);

describe('the oracle of every kin', () => {
  it('reads the oracle of kin 34 as the rules give it', () => {
    expect(oracleOfKin(34)).toEqual({ analog: 125, antipod: 164, occult: 227, guide: 138, driver: 138 });
  });

  it('keeps analog, antipode and occult their own inverses', () => {
    for (const kin of ALL_KINS) {
      const o = oracleOfKin(kin);
      expect(oracleOfKin(o.analog).analog).toBe(kin);
      expect(oracleOfKin(o.antipod).antipod).toBe(kin);
      expect(oracleOfKin(o.occult).occult).toBe(kin);
    }
  });

  it('keeps the tone for analog, antipode and guide, and sums occult tones to 14 and seals to 21', () => {
    for (const kin of ALL_KINS) {
      const o = oracleOfKin(kin);
      const tone = toneOfKin(kin);
      const seal = sealOfKin(kin);
      expect(toneOfKin(o.analog)).toBe(tone);
      expect(toneOfKin(o.antipod)).toBe(tone);
      expect(toneOfKin(o.guide)).toBe(tone);
      expect((seal + sealOfKin(o.analog)) % 20).toBe(19);
      expect(sealOfKin(o.antipod)).toBe(((seal + 9) % 20) + 1);
      expect(toneOfKin(o.occult) + tone).toBe(14);
      expect(sealOfKin(o.occult) + seal).toBe(21);
      expect(o.driver).toBe(o.guide);
    }
  });

  it('gives the guide the colour of the kin, and the kin itself on tones 1, 6 and 11', () => {
    for (const kin of ALL_KINS) {
      const o = oracleOfKin(kin);
      expect(kinEntity(o.guide).color).toBe(kinEntity(kin).color);
      if ([1, 6, 11].includes(toneOfKin(kin))) expect(o.guide).toBe(kin);
    }
  });

  it('builds every kin back from its tone and seal', () => {
    for (const kin of ALL_KINS) expect(kinOf(toneOfKin(kin), sealOfKin(kin))).toBe(kin);
  });
});

describe('portals and the Mystic Column', () => {
  it('has 52 portals, symmetric under k <-> 261 - k', () => {
    const portals = ALL_KINS.filter(isGalacticPortal);
    expect(portals).toHaveLength(52);
    expect(portals).toEqual([...GALACTIC_PORTALS]);
    for (const kin of portals) expect(isGalacticPortal(261 - kin)).toBe(true);
  });

  it('puts kins 121-140 in the Mystic Column', () => {
    expect(ALL_KINS.filter(isMysticColumn)).toEqual(Array.from({ length: 20 }, (_, i) => 121 + i));
  });
});
