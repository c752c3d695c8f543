import { describe, expect, it } from 'vitest';
import {
  CalendarError,
  calendarDay,
  chromaticKins,
  chromaticOfKin,
  colorOfSeal,
  fifthForceKin,
  GALACTIC_PORTALS,
  HEPTAD_GATES,
  harmonicKins,
  harmonicOfKin,
  heptadOf,
  kinEntity,
  newSiriusDate,
  oracleOfKin,
  parseDate,
  psiKinOfDate,
  psiKinOfMoonDay,
  sealOfKin,
  thirteenMoonYear,
} from '../src/index.ts';

/**
 * The PSI bank as published, moon by moon, day 1 to 28. Two independent public tables agree on all 364 days: the
 * "Psi Bank / Psi Chronometry" table of an Android Tzolkin app (moon x day of moon) and the year-day table of the
 * Synchronotron 441 web app (each day with its Gregorian date and PSI chrono unit).
 */
const PUBLISHED_PSI_BANK: readonly (readonly number[])[] = [
  // Moon 1
  [1, 1, 1, 20, 20, 20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 241, 241, 241, 260, 260, 260],
  // Moon 2
  [
    22, 22, 22, 39, 39, 39, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 222, 222, 222, 239, 239,
    239,
  ],
  // Moon 3
  [
    43, 43, 43, 58, 58, 58, 36, 37, 38, 40, 41, 42, 44, 45, 46, 47, 48, 49, 52, 53, 54, 55, 203, 203, 203, 218, 218,
    218,
  ],
  // Moon 4
  [
    50, 50, 50, 51, 51, 51, 56, 57, 59, 60, 61, 62, 63, 65, 66, 67, 68, 70, 71, 73, 74, 75, 210, 210, 210, 211, 211,
    211,
  ],
  // Moon 5
  [
    64, 64, 64, 77, 77, 77, 76, 78, 79, 80, 81, 82, 83, 84, 86, 87, 89, 90, 91, 92, 94, 95, 184, 184, 184, 197, 197,
    197,
  ],
  // Moon 6
  [
    69, 69, 69, 72, 72, 72, 97, 98, 99, 100, 101, 102, 103, 104, 105, 116, 117, 118, 119, 120, 121, 122, 189, 189, 189,
    192, 192, 192,
  ],
  // Moon 7
  [
    85, 85, 85, 96, 96, 96, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 165, 165,
    165, 176, 176, 176,
  ],
  // Moon 8
  [
    88, 88, 88, 93, 93, 93, 139, 140, 141, 142, 143, 144, 145, 156, 157, 158, 159, 160, 161, 162, 163, 164, 168, 168,
    168, 173, 173, 173,
  ],
  // Moon 9
  [
    106, 106, 106, 115, 115, 115, 166, 167, 169, 170, 171, 172, 174, 175, 177, 178, 179, 180, 181, 182, 183, 185, 146,
    146, 146, 155, 155, 155,
  ],
  // Moon 10
  [
    107, 107, 107, 114, 114, 114, 186, 187, 188, 190, 191, 193, 194, 195, 196, 198, 199, 200, 201, 202, 204, 205, 147,
    147, 147, 154, 154, 154,
  ],
  // Moon 11
  [
    108, 108, 108, 113, 113, 113, 206, 207, 208, 209, 212, 213, 214, 215, 216, 217, 219, 220, 221, 223, 224, 225, 148,
    148, 148, 153, 153, 153,
  ],
  // Moon 12
  [
    109, 109, 109, 112, 112, 112, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 240, 242, 243, 149,
    149, 149, 152, 152, 152,
  ],
  // Moon 13
  [
    110, 110, 110, 111, 111, 111, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 150,
    150, 150, 151, 151, 151,
  ],
];

describe('the PSI chrono kin', () => {
  it('matches the published PSI bank on every one of the 364 days of a 13-moon year', () => {
    for (let moon = 1; moon <= 13; moon++) {
      for (let day = 1; day <= 28; day++) {
        expect(psiKinOfMoonDay(moon, day), `moon ${moon} day ${day}`).toBe(PUBLISHED_PSI_BANK[moon - 1]?.[day - 1]);
      }
    }
  });

  it('follows the dates of any 13-moon year, leaves the Day Out of Time without one and gives 29 February the 28th', () => {
    const year = thirteenMoonYear(2027);
    for (const moon of year.moons) {
      const first = parseDate(moon.start);
      expect(psiKinOfDate(first)).toBe(PUBLISHED_PSI_BANK[moon.number - 1]?.[0]);
    }
    // Dated examples of the sources: 26 July is PSI kin 1, 22 August kin 260, 24 July kin 151.
    expect(psiKinOfDate(parseDate('2025-07-26'))).toBe(1);
    expect(psiKinOfDate(parseDate('2025-08-22'))).toBe(260);
    expect(psiKinOfDate(parseDate('2026-07-24'))).toBe(151);
    expect(psiKinOfDate(parseDate('2026-07-25'))).toBeNull();
    expect(psiKinOfDate(parseDate('2028-02-29'))).toBe(psiKinOfDate(parseDate('2028-02-28')));
    expect(calendarDay(parseDate('2026-07-25')).psiKin).toBeNull();
    expect(calendarDay(parseDate('2025-07-26'), 'en').psiKin).toEqual({ number: 1, name: 'Red Magnetic Dragon' });
  });

  it('holds every portal kin three times and every other kin once', () => {
    const counts = new Map<number, number>();
    for (const row of PUBLISHED_PSI_BANK) for (const kin of row) counts.set(kin, (counts.get(kin) ?? 0) + 1);
    expect(counts.size).toBe(260);
    for (const [kin, count] of counts) expect(count).toBe(GALACTIC_PORTALS.includes(kin) ? 3 : 1);
  });

  it('rejects a moon or a day outside the 13 moons', () => {
    expect(() => psiKinOfMoonDay(0, 1)).toThrow(CalendarError);
    expect(() => psiKinOfMoonDay(1, 29)).toThrow(/day of the moon/);
  });
});

describe('the fifth-force kin of the oracle', () => {
  it('adds the five kins of the oracle round the 260', () => {
    // Kin 1: guide 1, analog 118, antipode 131, occult 260; 1 + 1 + 118 + 131 + 260 = 511 = 260 + 251.
    expect(oracleOfKin(1)).toMatchObject({ guide: 1, analog: 118, antipod: 131, occult: 260 });
    expect(fifthForceKin(1)).toBe(251);
    for (let kin = 1; kin <= 260; kin++) {
      const { guide, analog, antipod, occult } = oracleOfKin(kin);
      const sum = (kin + guide + analog + antipod + occult) % 260 || 260;
      expect(fifthForceKin(kin)).toBe(sum);
      expect(kinEntity(kin).fifthForce.number).toBe(sum);
    }
    expect(kinEntity(1, 'en').fifthForce.name).toBe(kinEntity(251, 'en').name);
  });
});

/** The time cells of the harmonics as published: seals 1-4 input, 5-8 store, 9-12 process, 13-16 output, 17-20 matrix. */
const TIME_CELL_SEALS = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
  [9, 10, 11, 12],
  [13, 14, 15, 16],
  [17, 18, 19, 20],
];
/** The clans of the chromatics: fire (Sun, Dragon, Wind, Night, Seed), blood, truth, sky. */
const CLAN_SEALS = [
  [20, 1, 2, 3, 4],
  [5, 6, 7, 8, 9],
  [10, 11, 12, 13, 14],
  [15, 16, 17, 18, 19],
];

describe('the harmonics and chromatics of all 260 kins', () => {
  it('groups the kins into 65 harmonics of four, red to yellow, each in the time cell of its seals', () => {
    const seen = new Set<number>();
    for (let harmonic = 1; harmonic <= 65; harmonic++) {
      const kins = harmonicKins(harmonic);
      expect(kins).toHaveLength(4);
      expect(kins.map((kin) => colorOfSeal(sealOfKin(kin)))).toEqual([1, 2, 3, 4]);
      const timeCell = ((harmonic - 1) % 5) + 1;
      expect(kins.map(sealOfKin)).toEqual(TIME_CELL_SEALS[timeCell - 1]);
      kins.forEach((kin, i) => {
        expect(harmonicOfKin(kin)).toEqual({ number: harmonic, timeCell, stage: i + 1 });
        seen.add(kin);
      });
    }
    expect(seen.size).toBe(260);
    expect(harmonicKins(1)).toEqual([1, 2, 3, 4]);
    expect(harmonicKins(65)).toEqual([257, 258, 259, 260]);
  });

  it('groups the kins into 52 chromatics of five, each one clan, opening with kin 260 and with one colour at both ends', () => {
    const seen = new Set<number>();
    expect(chromaticKins(1)).toEqual([260, 1, 2, 3, 4]);
    expect(chromaticKins(2)).toEqual([5, 6, 7, 8, 9]);
    expect(chromaticKins(52)).toEqual([255, 256, 257, 258, 259]);
    for (let chromatic = 1; chromatic <= 52; chromatic++) {
      const kins = chromaticKins(chromatic);
      const clan = ((chromatic - 1) % 4) + 1;
      expect(kins.map(sealOfKin)).toEqual(CLAN_SEALS[clan - 1]);
      expect(colorOfSeal(sealOfKin(kins[0] as number))).toBe(colorOfSeal(sealOfKin(kins[4] as number)));
      kins.forEach((kin, i) => {
        expect(chromaticOfKin(kin)).toEqual({ number: chromatic, clan, stage: i + 1 });
        seen.add(kin);
      });
    }
    expect(seen.size).toBe(260);
    expect(() => chromaticKins(53)).toThrow(CalendarError);
    expect(() => harmonicKins(0)).toThrow(CalendarError);
  });

  it('names them in the kin record', () => {
    expect(kinEntity(1, 'en').harmonic).toEqual({
      number: 1,
      timeCell: { number: 1, name: 'Input' },
      stage: { number: 1, name: 'Initiates' },
    });
    expect(kinEntity(260, 'en').chromatic).toEqual({
      number: 1,
      clan: { number: 1, name: 'Fire Clan' },
      stage: { number: 1, name: 'Entry' },
    });
  });
});

describe('the New Sirius date', () => {
  it.each([
    // The cycle opens on 26 July 1987 as year 0; the 13-moon year opened on 26 July 2012 is NS1.25.
    ['1987-07-26', 'NS1.0.1.1'],
    ['2012-07-26', 'NS1.25.1.1'],
    // 21 December 2012 is Rhythmic Moon 9 of that year.
    ['2012-12-21', 'NS1.25.6.9'],
    ['2013-07-25', 'NS1.25.0.0'],
    ['2013-07-26', 'NS1.26.1.1'],
    ['2025-11-25', 'NS1.38.5.11'],
    ['2026-07-25', 'NS1.38.0.0'],
    ['2028-02-29', 'NS1.40.0.0'],
    ['2038-07-26', 'NS1.51.1.1'],
    ['2039-07-26', 'NS2.0.1.1'],
    ['1987-07-25', 'NS0.51.0.0'],
  ])('dates %s as %s', (date, text) => {
    expect(calendarDay(parseDate(date)).newSirius.text).toBe(text);
  });

  it('splits the date into its parts', () => {
    expect(newSiriusDate(2025, 5, 11)).toEqual({ cycle: 1, year: 38, moon: 5, day: 11, text: 'NS1.38.5.11' });
    expect(newSiriusDate(1000, null, null).text).toBe('NS-18.1.0.0');
  });
});

describe('the heptad', () => {
  it('numbers the 52 weeks of the year and opens each day the gate of its plasma', () => {
    expect(HEPTAD_GATES).toEqual([108, 291, 144, 315, 414, 402, 441]);
    expect(heptadOf(1, 1)).toEqual({ number: 1, weekOfMoon: 1, dayOfWeek: 1, gate: 108 });
    expect(heptadOf(5, 11)).toEqual({ number: 18, weekOfMoon: 2, dayOfWeek: 4, gate: 315 });
    expect(heptadOf(13, 28)).toEqual({ number: 52, weekOfMoon: 4, dayOfWeek: 7, gate: 441 });
    expect(calendarDay(parseDate('2025-07-27')).heptad).toEqual({ number: 1, weekOfMoon: 1, dayOfWeek: 2, gate: 291 });
    expect(calendarDay(parseDate('2026-07-25')).heptad).toBeNull();
    expect(calendarDay(parseDate('2028-02-29')).heptad).toBeNull();
  });
});
