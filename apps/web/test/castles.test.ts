import { castleOfKin, kinEntity, waveSpellOfKin } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import {
  birthKinOf,
  castleOfWavespell,
  kinRangeOfCastle,
  kinsOfWavespell,
  readRouteNumber,
  wavespellsOfCastle,
} from '../src/lib/castles.ts';

describe('the castles of the board', () => {
  it('give each castle four wavespells and 52 kins that the engine places in it', () => {
    const seen = new Set<number>();
    for (let castle = 1; castle <= 5; castle++) {
      const wavespells = wavespellsOfCastle(castle);
      expect(wavespells).toHaveLength(4);
      const kins = wavespells.flatMap(kinsOfWavespell);
      expect(kins).toHaveLength(52);
      const { from, to } = kinRangeOfCastle(castle);
      expect([kins[0], kins[51]]).toEqual([from, to]);
      for (const wavespell of wavespells) expect(castleOfWavespell(wavespell)).toBe(castle);
      for (const kin of kins) {
        expect(castleOfKin(kin)).toBe(castle);
        seen.add(kin);
      }
    }
    expect(seen.size).toBe(260);
  });

  it('start each wavespell with its tone 1 kin, and hold the kins the engine gives that wavespell', () => {
    for (let wavespell = 1; wavespell <= 20; wavespell++) {
      const kins = kinsOfWavespell(wavespell);
      expect(kinEntity(kins[0] as number).tone.number).toBe(1);
      for (const kin of kins) expect(waveSpellOfKin(kin)).toBe(wavespell);
    }
    // The Blue Western Castle of Burning: the Red Serpent, White Mirror, Blue Monkey and Yellow Seed wavespells.
    expect(wavespellsOfCastle(3).map((n) => kinEntity(kinsOfWavespell(n)[0] as number, 'en').name)).toEqual([
      'Red Magnetic Serpent',
      'White Magnetic Mirror',
      'Blue Magnetic Monkey',
      'Yellow Magnetic Seed',
    ]);
  });
});

describe('route numbers', () => {
  it('read whole numbers within the range and nothing else', () => {
    expect(readRouteNumber('3', 1, 20)).toBe(3);
    expect(readRouteNumber('20', 1, 20)).toBe(20);
    for (const bad of [undefined, '', '0', '21', '1.5', '-1', 'abc', '3a', '99999']) {
      expect(readRouteNumber(bad, 1, 20), String(bad)).toBeNull();
    }
  });

  it('read a birth kin from a birth date, and nothing from a missing or broken one', () => {
    expect(birthKinOf('1987-07-26')).toBe(34);
    expect(birthKinOf('2012-12-21T00:00:00.000Z')).toBe(207);
    expect(birthKinOf(null)).toBeNull();
    expect(birthKinOf('1987-02-30')).toBeNull();
  });
});
