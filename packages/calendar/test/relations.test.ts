import { describe, expect, it } from 'vitest';
import { compositeKin, oracleOfKin, oracleRelation } from '../src/index.ts';

const ALL_KINS = Array.from({ length: 260 }, (_, i) => i + 1);

describe('relations between two kins', () => {
  it('names each position of the cross of kin 34', () => {
    expect(oracleRelation(34, 34)).toBe('same');
    expect(oracleRelation(34, 125)).toBe('analog');
    expect(oracleRelation(34, 164)).toBe('antipode');
    expect(oracleRelation(34, 227)).toBe('occult');
    expect(oracleRelation(34, 138)).toBe('guide');
    expect(oracleRelation(34, 35)).toBeNull();
  });

  it('keeps analog, antipode and occult mutual for every kin', () => {
    for (const kin of ALL_KINS) {
      const o = oracleOfKin(kin);
      expect(oracleRelation(o.analog, kin)).toBe('analog');
      expect(oracleRelation(o.antipod, kin)).toBe('antipode');
      expect(oracleRelation(o.occult, kin)).toBe('occult');
    }
  });

  it('refuses a number that is no kin', () => {
    expect(() => oracleRelation(1, 261)).toThrow();
    expect(() => compositeKin([0])).toThrow();
  });
});

describe('the composite kin of a group', () => {
  it('adds the kins round the 260', () => {
    expect(compositeKin([])).toBeNull();
    expect(compositeKin([34])).toBe(34);
    expect(compositeKin([200, 100])).toBe(40);
    expect(compositeKin([130, 130])).toBe(260);
    expect(compositeKin([260, 260, 1])).toBe(1);
  });
});
